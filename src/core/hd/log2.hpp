// log2 with the bits of glibc's log2 (glibc 2.29 and later on x86-64 with FMA: the
// routine its ifunc selects on every CPU with FMA and AVX2), for host and device.
//
// libvmaf calls libm's log2 in double (SpEED's entropies and variance weights), and the
// device has no glibc: a twin that must reproduce those values calls this routine, and so
// does the CPU reference, so both compute one function. It is glibc's algorithm (from
// Arm's optimized-routines, MIT licence): x = 2^k z with z in [0x1.6p-1, 0x1.6p0) split
// into 64 intervals, log2(x) = k + log2(c) + log2(z / c) with a degree-7 polynomial, and a
// degree-11 polynomial for x within about 4% of 1. The operations are those of the x86-64
// FMA build of that source as glibc ships it (its compiler fused the polynomial's
// multiply-adds): the same constants, the same operations in the same order, each one
// IEEE-rounded (hd::dfma_rn, hd::dmul_rn, ...). Special inputs give glibc's values and
// bits: -inf for +-0, +inf for +inf, the quieted NaN for a NaN, and x86's default NaN
// (0xfff8000000000000) for a negative number.
// The routine is written over its real type: glibc_log2(SoftF64) computes the same
// operations in integer arithmetic (core/hd/f64.hpp) for devices without fp64, with the
// same bits (tests/unit/soft_f64_routines_test.cpp).
//
// tests/unit/hd_log2_test.cpp compares it with glibc's log2 on every float, every
// double that SpEED's variance weights can reach from a float, and samples of the rest
// (docs/adr/0205-speed-gpu-twin.md says why that is SpEED's whole domain).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {

namespace log2_detail {

// 1/ln(2) split in two.
inline constexpr double kInvLn2Hi = 0x1.7154765200000p+0;
inline constexpr double kInvLn2Lo = 0x1.705fc2eefa200p-33;
// x in [kNearOneLo, kNearOneLo + kNearOneSpan) (as bits) takes the near-1 polynomial.
inline constexpr std::uint64_t kNearOneLo = 0x3feea4af00000000ull;    // 1 - 0x1.5b51p-5
inline constexpr std::uint64_t kNearOneSpan = 0x000210aa00000000ull;  // up to 1 + 0x1.6ab2p-5
inline constexpr std::uint64_t kOff = 0x3fe6000000000000ull;          // z's interval starts here
inline constexpr std::uint64_t kOne = 0x3ff0000000000000ull;

// Interval i: 1/c and log2(c) (k + log2(c) is exact for every exponent k). Read only
// while compiling (make_intervals): the routine reads its own copy in its type.
inline constexpr double kIntervals[64][2] = {
    {0x1.724286bb1acf8p+0, -0x1.1095feecdb000p-1}, {0x1.6e1f766d2cca1p+0, -0x1.08494bd76d000p-1},
    {0x1.6a13d0e30d48ap+0, -0x1.00143aee8f800p-1}, {0x1.661ec32d06c85p+0, -0x1.efec5360b4000p-2},
    {0x1.623fa951198f8p+0, -0x1.dfdd91ab7e000p-2}, {0x1.5e75ba4cf026cp+0, -0x1.cffae0cc79000p-2},
    {0x1.5ac055a214fb8p+0, -0x1.c043811fda000p-2}, {0x1.571ed0f166e1ep+0, -0x1.b0b67323ae000p-2},
    {0x1.53909590bf835p+0, -0x1.a152f5a2db000p-2}, {0x1.5014fed61adddp+0, -0x1.9217f5af86000p-2},
    {0x1.4cab88e487bd0p+0, -0x1.8304db0719000p-2}, {0x1.49539b4334feep+0, -0x1.74189f9a9e000p-2},
    {0x1.460cbdfafd569p+0, -0x1.6552bb5199000p-2}, {0x1.42d664ee4b953p+0, -0x1.56b23a29b1000p-2},
    {0x1.3fb01111dd8a6p+0, -0x1.483650f5fa000p-2}, {0x1.3c995b70c5836p+0, -0x1.39de937f6a000p-2},
    {0x1.3991c4ab6fd4ap+0, -0x1.2baa1538d6000p-2}, {0x1.3698e0ce099b5p+0, -0x1.1d98340ca4000p-2},
    {0x1.33ae48213e7b2p+0, -0x1.0fa853a40e000p-2}, {0x1.30d191985bdb1p+0, -0x1.01d9c32e73000p-2},
    {0x1.2e025cab271d7p+0, -0x1.e857da2fa6000p-3}, {0x1.2b404cf13cd82p+0, -0x1.cd3c8633d8000p-3},
    {0x1.288b02c7ccb50p+0, -0x1.b26034c14a000p-3}, {0x1.25e2263944de5p+0, -0x1.97c1c2f4fe000p-3},
    {0x1.234563d8615b1p+0, -0x1.7d6023f800000p-3}, {0x1.20b46e33eaf38p+0, -0x1.633a71a05e000p-3},
    {0x1.1e2eefdcda3ddp+0, -0x1.494f5e9570000p-3}, {0x1.1bb4a580b3930p+0, -0x1.2f9e424e0a000p-3},
    {0x1.19453847f2200p+0, -0x1.162595afdc000p-3}, {0x1.16e06c0d5d73cp+0, -0x1.f9c9a75bd8000p-4},
    {0x1.1485f47b7e4c2p+0, -0x1.c7b575bf9c000p-4}, {0x1.12358ad0085d1p+0, -0x1.960c60ff48000p-4},
    {0x1.0fef00f532227p+0, -0x1.64ce247b60000p-4}, {0x1.0db2077d03a8fp+0, -0x1.33f78b2014000p-4},
    {0x1.0b7e6d65980d9p+0, -0x1.0387d1a42c000p-4}, {0x1.0953efe7b408dp+0, -0x1.a6f9208b50000p-5},
    {0x1.07325cac53b83p+0, -0x1.47a954f770000p-5}, {0x1.05197e40d1b5cp+0, -0x1.d23a8c50c0000p-6},
    {0x1.03091c1208ea2p+0, -0x1.16a2629780000p-6}, {0x1.0101025b37e21p+0, -0x1.720f8d8e80000p-8},
    {0x1.fc07ef9caa76bp-1, 0x1.6fe53b1500000p-7},  {0x1.f4465d3f6f184p-1, 0x1.11ccce10f8000p-5},
    {0x1.ecc079f84107fp-1, 0x1.c4dfc8c8b8000p-5},  {0x1.e573a99975ae8p-1, 0x1.3aa321e574000p-4},
    {0x1.de5d6f0bd3de6p-1, 0x1.918a0d08b8000p-4},  {0x1.d77b681ff38b3p-1, 0x1.e72e9da044000p-4},
    {0x1.d0cb5724de943p-1, 0x1.1dcd2507f6000p-3},  {0x1.ca4b2dc0e7563p-1, 0x1.476ab03dea000p-3},
    {0x1.c3f8ee8d6cb51p-1, 0x1.7074377e22000p-3},  {0x1.bdd2b4f020c4cp-1, 0x1.98ede8ba94000p-3},
    {0x1.b7d6c006015cap-1, 0x1.c0db86ad2e000p-3},  {0x1.b20366e2e338fp-1, 0x1.e840aafcee000p-3},
    {0x1.ac57026295039p-1, 0x1.0790ab4678000p-2},  {0x1.a6d01bc2731ddp-1, 0x1.1ac056801c000p-2},
    {0x1.a16d3bc3ff18bp-1, 0x1.2db11d4fee000p-2},  {0x1.9c2d14967feadp-1, 0x1.406464ec58000p-2},
    {0x1.970e4f47c9902p-1, 0x1.52dbe093af000p-2},  {0x1.920fb3982bcf2p-1, 0x1.651902050d000p-2},
    {0x1.8d30187f759f1p-1, 0x1.771d2cdeaf000p-2},  {0x1.886e5ebb9f66dp-1, 0x1.88e9c857d9000p-2},
    {0x1.83c97b658b994p-1, 0x1.9a80155e16000p-2},  {0x1.7f405ffc61022p-1, 0x1.abe186ed3d000p-2},
    {0x1.7ad22181415cap-1, 0x1.bd0f2aea0e000p-2},  {0x1.767dcf99eff8cp-1, 0x1.ce0a43dbf4000p-2},
};

template <class F>
struct Intervals {
  F v[64][2];
};
template <class F>
FVMAF_HD consteval Intervals<F> make_intervals() {
  Intervals<F> t{};
  for (int i = 0; i < 64; ++i) {
    t.v[i][0] = F(kIntervals[i][0]);
    t.v[i][1] = F(kIntervals[i][1]);
  }
  return t;
}

template <class F>
FVMAF_HD inline void interval(int i, F& invc, F& logc) {
  // A function-local table: host and device code both read it (device code from its
  // global memory), and it needs no symbol shared between translation units.
  static constexpr Intervals<F> kTable = make_intervals<F>();
  invc = kTable.v[i][0];
  logc = kTable.v[i][1];
}

// |x - 1| < ~0.044: r = x - 1 (exact), log2(1 + r) = r / ln2 + r^2 B(r).
template <class F>
FVMAF_HD inline F near_one(F x) {
  constexpr F B0 = F(-0x1.71547652b82fep-1), B1 = F(0x1.ec709dc3a03f7p-2), B2 = F(-0x1.71547652b7c3fp-2),
              B3 = F(0x1.2776c50f05be4p-2), B4 = F(-0x1.ec709dd768fe5p-3), B5 = F(0x1.a61761ec4e736p-3),
              B6 = F(-0x1.7153fbc64a79bp-3), B7 = F(0x1.484d154f01b4ap-3), B8 = F(-0x1.289e4a72c383cp-3),
              B9 = F(0x1.0b32f285aee66p-3);
  constexpr F inv_ln2_hi = F(kInvLn2Hi), inv_ln2_lo = F(kInvLn2Lo);
  const F r = dsub_rn(x, F(1.0));
  const F hi = dmul_rn(r, inv_ln2_hi);
  const F lo = dfma_rn(r, inv_ln2_lo, dfma_rn(r, inv_ln2_hi, -hi));
  const F r2 = dmul_rn(r, r);
  const F r4 = dmul_rn(r2, r2);
  const F b01 = dfma_rn(r, B1, B0);
  const F y = dfma_rn(r2, b01, hi);
  const F lo1 = dadd_rn(dfma_rn(r2, b01, dsub_rn(hi, y)), lo);
  const F b23 = dfma_rn(r, B3, B2);
  const F b45 = dfma_rn(r, B5, B4);
  const F b67 = dfma_rn(r, B7, B6);
  const F b89 = dfma_rn(r, B9, B8);
  const F tail = dfma_rn(r4, dfma_rn(r2, b89, b67), dfma_rn(r2, b45, b23));
  return dadd_rn(y, dfma_rn(r4, tail, lo1));
}

// x = 2^k z (ix its bits, x normal and positive): k + log2(c) + log2(1 + r), r = z/c - 1.
template <class F>
FVMAF_HD inline F reduced(std::uint64_t ix) {
  constexpr F A0 = F(-0x1.71547652b8339p-1), A1 = F(0x1.ec709dc3a04bep-2), A2 = F(-0x1.7154764702ffbp-2),
              A3 = F(0x1.2776c50034c48p-2), A4 = F(-0x1.ec7b328ea92bcp-3), A5 = F(0x1.a6225e117f92ep-3);
  constexpr F inv_ln2_hi = F(kInvLn2Hi), inv_ln2_lo = F(kInvLn2Lo);
  const std::uint64_t tmp = ix - kOff;
  const int i = static_cast<int>((tmp >> 46) & 63);
  const int k = static_cast<int>(static_cast<std::int64_t>(tmp) >> 52);
  const F z = f64_from_bits<F>(ix - (tmp & (0xfffull << 52)));
  F invc, logc;
  interval(i, invc, logc);
  const F r = dfma_rn(z, invc, F(-1.0));
  const F t1 = dmul_rn(r, inv_ln2_hi);
  const F t2 = dfma_rn(r, inv_ln2_lo, dfma_rn(r, inv_ln2_hi, -t1));
  const F t3 = dadd_rn(int_to_double<F>(k), logc);
  const F hi = dadd_rn(t3, t1);
  const F lo = dadd_rn(dadd_rn(dsub_rn(t3, hi), t1), t2);
  const F r2 = dmul_rn(r, r);
  const F r4 = dmul_rn(r2, r2);
  const F p = dfma_rn(r4, dfma_rn(r, A5, A4), dfma_rn(r2, dfma_rn(r, A3, A2), dfma_rn(r, A1, A0)));
  return dadd_rn(dfma_rn(r2, p, lo), hi);
}

// In F = double or SoftF64: the same operations, the same bits.
template <class F>
FVMAF_HD inline F evaluate(F x) {
  std::uint64_t ix = f64_bits(x);
  if (ix - kNearOneLo < kNearOneSpan) return ix == kOne ? F(0.0) : near_one(x);
  const std::uint32_t top = static_cast<std::uint32_t>(ix >> 48);
  if (top - 0x0010u >= 0x7ff0u - 0x0010u) {  // below 2^-1022, negative, inf or NaN
    if (ix * 2 == 0) return f64_from_bits<F>(0xfff0000000000000ull);  // -inf
    if (ix == 0x7ff0000000000000ull) return x;                           // +inf
    if ((top & 0x7ff0u) == 0x7ff0u && (ix << 12) != 0) return f64_from_bits<F>(ix | 0x0008000000000000ull);  // NaN
    if (top & 0x8000u) return f64_from_bits<F>(0xfff8000000000000ull);  // negative: x86's default NaN
    ix = f64_bits(dmul_rn(x, F(0x1p52))) - (52ull << 52);                // subnormal: normalise
  }
  return reduced<F>(ix);
}

}  // namespace log2_detail

#ifndef FVMAF_DEVICE_PASS
// The host's copy (log2.cpp): built twice, with and without FMA instructions, and the
// loader picks the one the CPU runs (libm's fma() where it has none): the same bits.
double glibc_log2_host(double x);
#endif

// glibc's log2(x), bit for bit.
FVMAF_HD inline double glibc_log2(double x) {
#ifdef FVMAF_DEVICE_PASS
  return log2_detail::evaluate(x);
#else
  return glibc_log2_host(x);
#endif
}
// The same in integer arithmetic (core/hd/f64.hpp), on the host too.
FVMAF_HD inline SoftF64 glibc_log2(SoftF64 x) { return log2_detail::evaluate(x); }

}  // namespace fastvmaf::hd
