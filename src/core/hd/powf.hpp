// powf with the bits of glibc's powf (glibc 2.36, Debian 12's, on x86-64 with FMA: the
// routine its ifunc selects on every CPU with FMA and AVX2), for host and device.
//
// libvmaf calls libm's powf in float (CIEDE2000's rotation term powf(c, 7.0f) and
// powf(25.0f, 7.0f); float_adm's p-norms powf(v, p) and powf(v, 1 / p)), and the device
// has no glibc: a twin that must reproduce those values calls this routine, and so does
// the CPU reference, so both compute one function. It is glibc's algorithm (from Arm's
// optimized-routines, MIT licence), computed in double: log2(x) = k + log2(c) +
// log2(z / c) for x = 2^k z, z in [0x1.66p-1, 0x1.66p0) split into 16 intervals, with a
// degree-5 polynomial; then 2^(y log2 x) = 2^(j / 32) 2^r with a 32-entry table of
// 2^(j / 32) (as bits, its exponent field adjusted so that adding j / 32's integer part
// there scales it) and a degree-3 polynomial. The operations are those of the x86-64
// FMA build of that source as glibc ships it (__powf_fma: its compiler fused the
// polynomials' multiply-adds): the same constants, the same operations in the same
// order, each one IEEE-rounded (hd::dfma_rn, hd::dmul_rn, ...). The tables and
// constants are the numbers in glibc 2.36's libm.so.6 (__powf_log2_data, __exp2f_data
// and the literals of __powf_fma), read from the binary.
//
// Special inputs give glibc's values and bits: for x < 0 an integer y gives the sign of
// its parity and any other y x86's default NaN (0xffc00000); zeros, infinities and NaNs
// as C's Annex F says (powf(x, +-0) = 1 and powf(1, y) = 1 even for a quiet NaN, a
// signalling one giving the quieted NaN), a NaN quieted with its payload (x's where both
// are NaNs, as x86's addss picks); results beyond float's range the values of glibc's
// __math_oflowf (+-inf), __math_uflowf (+-0) and __math_may_uflowf (+-0x1p-149, for
// y log2 x in [-150, -149)). Those paths are written in integer operations on the bits:
// a device's float arithmetic may flush subnormals or return a canonical NaN, and x86's
// would not. glibc's test of the rounding mode near overflow is not reproduced: in the
// default rounding to nearest it changes nothing, and nothing here runs in another.
// The routine is written over its real type: powf_detail::evaluate<SoftF64> computes the
// same operations in integer arithmetic (core/hd/f64.hpp) for devices without fp64, with
// the same bits (glibc_powf_soft; tests/unit/hd_powf_test.cpp).
//
// tests/unit/hd_powf_test.cpp compares it with glibc's powf on every non-negative float
// x for y = 7 (CIEDE2000's domain) and for the exponents of float_adm's p-norms, every
// path boundary and special value, inputs whose result lies nearest a rounding tie, and
// random pairs.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {

namespace powf_detail {

// x's bits minus kOff: the exponent k in the top 9 bits, the interval in the next 4, so
// that z = x / 2^k lies in [0x1.66p-1, 0x1.66p0).
inline constexpr std::uint32_t kOff = 0x3f330000u;
// The sign of an odd integer power of a negative x, added to the scaled exponent of the
// result (bit 63 after the shift by 47).
inline constexpr std::uint64_t kSignBias = std::uint64_t{1} << 16;
inline constexpr std::uint32_t kOne = 0x3f800000u;             // 1.0f
inline constexpr std::uint32_t kInfBits = 0x7f800000u;         // +inf
inline constexpr std::uint32_t kDefaultNaN = 0xffc00000u;      // x86's "real indefinite"
inline constexpr std::uint32_t kQuiet = 0x00400000u;
inline constexpr std::uint32_t kSign = 0x80000000u;

// Interval i: 1/c and log2(c). Read only while compiling (make_intervals): the routine
// reads its own copy in its type.
inline constexpr double kIntervals[16][2] = {
    {0x1.661ec79f8f3bep+0, -0x1.efec65b963019p-2}, {0x1.571ed4aaf883dp+0, -0x1.b0b6832d4fca4p-2},
    {0x1.49539f0f010b0p+0, -0x1.7418b0a1fb77bp-2}, {0x1.3c995b0b80385p+0, -0x1.39de91a6dcf7bp-2},
    {0x1.30d190c8864a5p+0, -0x1.01d9bf3f2b631p-2}, {0x1.25e227b0b8ea0p+0, -0x1.97c1d1b3b7af0p-3},
    {0x1.1bb4a4a1a343fp+0, -0x1.2f9e393af3c9fp-3}, {0x1.12358f08ae5bap+0, -0x1.960cbbf788d5cp-4},
    {0x1.0953f419900a7p+0, -0x1.a6f9db6475fcep-5}, {0x1.0000000000000p+0, 0x0.0p+0},
    {0x1.e608cfd9a47acp-1, 0x1.338ca9f24f53dp-4},  {0x1.ca4b31f026aa0p-1, 0x1.476a9543891bap-3},
    {0x1.b2036576afce6p-1, 0x1.e840b4ac4e4d2p-3},  {0x1.9c2d163a1aa2dp-1, 0x1.40645f0c6651cp-2},
    {0x1.886e6037841edp-1, 0x1.88e9c2c1b9ff8p-2},  {0x1.767dcf5534862p-1, 0x1.ce0a44eb17bccp-2},
};

template <class F>
struct Intervals {
  F v[16][2];
};
template <class F>
FVMAF_HD consteval Intervals<F> make_intervals() {
  Intervals<F> t{};
  for (int i = 0; i < 16; ++i) {
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

// 2^(j / 32) for j = 0..31, as bits, each minus j << 47: adding (m + j / 32) << 47 for
// an integer m then gives the bits of 2^(m + j / 32) (32 = 2^5, 47 = 52 - 5).
FVMAF_HD inline std::uint64_t exp2_entry(int j) {
  static constexpr std::uint64_t kTable[32] = {
      0x3ff0000000000000ull, 0x3fefd9b0d3158574ull, 0x3fefb5586cf9890full, 0x3fef9301d0125b51ull,
      0x3fef72b83c7d517bull, 0x3fef54873168b9aaull, 0x3fef387a6e756238ull, 0x3fef1e9df51fdee1ull,
      0x3fef06fe0a31b715ull, 0x3feef1a7373aa9cbull, 0x3feedea64c123422ull, 0x3feece086061892dull,
      0x3feebfdad5362a27ull, 0x3feeb42b569d4f82ull, 0x3feeab07dd485429ull, 0x3feea47eb03a5585ull,
      0x3feea09e667f3bcdull, 0x3fee9f75e8ec5f74ull, 0x3feea11473eb0187ull, 0x3feea589994cce13ull,
      0x3feeace5422aa0dbull, 0x3feeb737b0cdc5e5ull, 0x3feec49182a3f090ull, 0x3feed503b23e255dull,
      0x3feee89f995ad3adull, 0x3feeff76f2fb5e47ull, 0x3fef199bdd85529cull, 0x3fef3720dcef9069ull,
      0x3fef5818dcfba487ull, 0x3fef7c97337b9b5full, 0x3fefa4afa2a490daull, 0x3fefd0765b6e4540ull,
  };
  return kTable[j];
}

// ---- the bits of the special cases ----------------------------------------------------

// 2 ix - 1 >= 2 inf - 1: x is +-0, +-inf or a NaN.
FVMAF_HD inline bool zero_inf_nan(std::uint32_t ix) { return 2 * ix - 1 >= 2 * kInfBits - 1; }
FVMAF_HD inline bool is_nan(std::uint32_t ix) { return 2 * ix > 2 * kInfBits; }
FVMAF_HD inline bool is_signalling(std::uint32_t ix) { return ((ix ^ kQuiet) & ~kSign) > (kInfBits | kQuiet); }

// 0 for a y that is not an integer, 1 for an odd integer, 2 for an even one (y finite).
FVMAF_HD inline int check_int(std::uint32_t iy) {
  const int e = static_cast<int>((iy >> 23) & 0xff);
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  const std::uint32_t unit = std::uint32_t{1} << (0x7f + 23 - e);
  if (iy & (unit - 1)) return 0;
  return (iy & unit) ? 1 : 2;
}

// x + y where one of them is a NaN, as x86's addss: x's NaN quieted if x is one, else y's.
FVMAF_HD inline float nan_sum(std::uint32_t ix, std::uint32_t iy) {
  return bits_float((is_nan(ix) ? ix : iy) | kQuiet);
}

// y is +-0, +-inf or a NaN.
FVMAF_HD inline float special_y(std::uint32_t ix, std::uint32_t iy) {
  if (2 * iy == 0) return is_signalling(ix) ? nan_sum(ix, iy) : bits_float(kOne);
  if (ix == kOne) return is_signalling(iy) ? nan_sum(ix, iy) : bits_float(kOne);
  if (is_nan(ix) || is_nan(iy)) return nan_sum(ix, iy);
  if (2 * ix == 2 * kOne) return bits_float(kOne);  // (-1)^+-inf
  // y is +-inf: 0 for |x| < 1 and y = +inf or |x| > 1 and y = -inf, else y * y = +inf.
  if ((2 * ix < 2 * kOne) == !(iy & kSign)) return bits_float(0u);
  return bits_float(kInfBits);
}

// x is +-0, +-inf or a NaN, y is finite and not zero: x * x, negated for a negative x
// and an odd integer y, and its reciprocal for a negative y (1 / +-0 is glibc's
// __math_divzerof: +-inf).
FVMAF_HD inline float special_x(std::uint32_t ix, std::uint32_t iy) {
  std::uint32_t x2 = is_nan(ix) ? ix | kQuiet : ix & ~kSign;  // x * x: +0, +inf or the NaN
  if ((ix & kSign) && check_int(iy) == 1) x2 ^= kSign;
  if (!(iy & kSign) || is_nan(ix)) return bits_float(x2);  // 1 / NaN is the NaN
  return bits_float((x2 & kSign) | ((x2 & ~kSign) == 0 ? kInfBits : 0u));  // 1 / +-0, 1 / +-inf
}

// ---- the computation -------------------------------------------------------------------

// log2(x) for ix the bits of a positive normal float (or of a subnormal's normalised
// value, the exponent field below 1 wrapped into the top bits).
template <class F>
FVMAF_HD inline F log2_inline(std::uint32_t ix) {
  constexpr F A0 = F(0x1.27616c9496e0bp-2), A1 = F(-0x1.71969a075c67ap-2), A2 = F(0x1.ec70a6ca7baddp-2),
              A3 = F(-0x1.7154748bef6c8p-1), A4 = F(0x1.71547652ab82bp+0);
  const std::uint32_t tmp = ix - kOff;
  const int i = static_cast<int>((tmp >> 19) & 15);
  const std::uint32_t top = tmp & 0xff800000u;
  const std::uint32_t iz = ix - top;
  const int k = static_cast<std::int32_t>(top) >> 23;
  F invc, logc;
  interval(i, invc, logc);
  const F z = float_to_double<F>(bits_float(iz));
  const F r = dfma_rn(z, invc, F(-1.0));
  const F y0 = dadd_rn(logc, int_to_double<F>(k));
  const F r2 = dmul_rn(r, r);
  const F a01 = dfma_rn(r, A0, A1);
  const F a23 = dfma_rn(r, A2, A3);
  const F r4 = dmul_rn(r2, r2);
  const F q = dfma_rn(r2, a23, dfma_rn(r, A4, y0));
  return dfma_rn(r4, a01, q);
}

// 2^xd, negated where sign_bias is kSignBias (0 otherwise), for xd in [-149,
// 0x1.fffffffd1d571p+6], before its rounding to float.
template <class F>
FVMAF_HD inline F exp2_unrounded(F xd, std::uint64_t sign_bias) {
  constexpr F C0 = F(0x1.c6af84b912394p-5), C1 = F(0x1.ebfce50fac4f3p-3), C2 = F(0x1.62e42ff0c52d6p-1);
  constexpr F kShift = F(0x1.8p+47);  // 0x1.8p52 / 32: kd's last bits hold round(32 xd)
  F kd = dadd_rn(xd, kShift);
  const std::uint64_t ki = f64_bits(kd);
  kd = dsub_rn(kd, kShift);
  const F r = dsub_rn(xd, kd);
  const std::uint64_t t = exp2_entry(static_cast<int>(ki & 31)) + ((ki + sign_bias) << 47);
  const F s = f64_from_bits<F>(t);
  const F c01 = dfma_rn(r, C0, C1);
  const F r2 = dmul_rn(r, r);
  const F c2 = dfma_rn(r, C2, F(1.0));
  return dmul_rn(dfma_rn(c01, r2, c2), s);
}

// In F = double or SoftF64: the same operations, the same bits.
template <class F>
FVMAF_HD inline float evaluate(float x, float y) {
  std::uint32_t ix = float_bits(x);
  const std::uint32_t iy = float_bits(y);
  std::uint64_t sign_bias = 0;
  if (ix - 0x00800000u >= kInfBits - 0x00800000u || zero_inf_nan(iy)) {
    // x is negative, subnormal, +-0, +-inf or a NaN, or y is +-0, +-inf or a NaN.
    if (zero_inf_nan(iy)) return special_y(ix, iy);
    if (zero_inf_nan(ix)) return special_x(ix, iy);
    if (ix & kSign) {  // negative: (-1)^y |x|^y for an integer y, else glibc's invalid NaN
      const int yint = check_int(iy);
      if (yint == 0) return bits_float(kDefaultNaN);
      if (yint == 1) sign_bias = kSignBias;
      ix &= ~kSign;
    }
    if (ix < 0x00800000u) {
      // Subnormal: glibc takes the bits of |x| * 2^23 (exact, a normal float) minus 23 in
      // the exponent field. The same integer from the significand m alone: m << s, its
      // leading bit at bit 23 counting as exponent field 1, less s in that field.
      const std::uint32_t m = ix;
      const int s = clz32(m) - 8;
      ix = (m << s) - (static_cast<std::uint32_t>(s) << 23);
    }
  }
  const F logx = log2_inline<F>(ix);
  const F ylogx = dmul_rn(float_to_double<F>(y), logx);
  // |y log2 x| >= 126 (the top bits below the sign): the result may leave float's range.
  if (((f64_bits(ylogx) >> 47) & 0xffff) >= 0x80bfu) {
    const std::uint32_t sign = sign_bias != 0 ? kSign : 0u;
    if (ylogx > F(0x1.fffffffd1d571p+6)) return bits_float(sign | kInfBits);  // __math_oflowf
    if (ylogx <= F(-150.0)) return bits_float(sign);                          // __math_uflowf: +-0
    if (ylogx < F(-149.0)) return bits_float(sign | 1u);                      // __math_may_uflowf: +-0x1p-149
  }
  return double_to_float_rn(exp2_unrounded<F>(ylogx, sign_bias));
}

}  // namespace powf_detail

#ifndef FVMAF_DEVICE_PASS
// The host's copy (powf.cpp): built twice, with and without FMA instructions, and the
// loader picks the one the CPU runs (libm's fma() where it has none): the same bits.
float glibc_powf_host(float x, float y);
#endif

// glibc's powf(x, y), bit for bit.
FVMAF_HD inline float glibc_powf(float x, float y) {
#ifdef FVMAF_DEVICE_PASS
  return powf_detail::evaluate<double>(x, y);
#else
  return glibc_powf_host(x, y);
#endif
}
// The same computed in integer arithmetic (core/hd/f64.hpp), on the host too.
FVMAF_HD inline float glibc_powf_soft(float x, float y) { return powf_detail::evaluate<SoftF64>(x, y); }
// The one of the two in hd::f64: SoftF64 in the units built with FVMAF_SOFT_F64 (SYCL's,
// whose kernels cannot call the host's copy), glibc_powf elsewhere.
FVMAF_HD inline float glibc_powf_f64(float x, float y) {
#ifdef FVMAF_SOFT_F64
  return glibc_powf_soft(x, y);
#else
  return glibc_powf(x, y);
#endif
}

}  // namespace fastvmaf::hd
