// exp with the bits of glibc's exp (glibc 2.29 and later on x86-64 with FMA: the routine
// its ifunc selects on every CPU with FMA and AVX2, __exp_fma), for host and device.
//
// libvmaf's CIEDE2000 calls libm's exp in double (the rotation term's exp(-(d * d))), and
// the device has no glibc: its twin calls this routine, and so does the CPU reference. It
// is glibc's algorithm (from Arm's optimized-routines, MIT licence): x = k ln2/N + r with
// N = 128 and |r| <= ln2/2N (k from one multiply-add against a shift constant, r from the
// two halves of ln2/N), exp(x) = 2^(k/N) exp(r) where a 128-entry table gives 2^(i/N) for
// i = k mod N as a scale (its bits, to which the exponent k/N is added as an integer) and a
// tail, and exp(r) - 1 is a degree-5 polynomial. |x| >= 512 rescales around the exponent
// range (special_case), |x| >= 1024 over- or underflows, |x| < 2^-54 gives 1 + x. The
// operations are those of the x86-64 FMA build of that source as glibc 2.36 ships it, read
// from its disassembly (the compiler fused the reduction's and the polynomial's
// multiply-adds and the final scale + scale * tmp, but not that of special_case's small-k
// branch, whose product is reused): the same constants and table (its numbers read out of libm.so.6's
// __exp_data), the same operations, each one IEEE-rounded (hd::dfma_rn, hd::dmul_rn, ...).
// Special inputs give glibc's bits: 1 for +-0, +0 for -inf and below about -745, +inf for
// +inf and above about 709.78, the quieted NaN for a NaN.
// The routine is written over its real type: glibc_exp(SoftF64) computes the same
// operations in integer arithmetic (core/hd/f64.hpp) for devices without fp64, with the
// same bits. glibc's pow (core/hd/pow.hpp) ends in the same computation with a low part
// and a sign added to its argument: it shares this header's table and steps.
//
// tests/unit/hd_pow_test.cpp compares it with glibc's exp on every float in [-230, 0]
// (CIEDE's arguments: -(d * d) for a float d, computed in float), the paths' boundaries,
// the special values and random doubles.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {

namespace exp_detail {

// N / ln2; -ln2 / N as a high part (with trailing zeros) and the rest; the shift that
// rounds x N / ln2 to an integer in the low bits of the sum.
inline constexpr double kInvLn2N = 0x1.71547652b82fep+7;
inline constexpr double kNegLn2HiN = -0x1.62e42fefa0000p-8;
inline constexpr double kNegLn2LoN = -0x1.cf79abc9e3b3ap-47;
inline constexpr double kShift = 0x1.8000000000000p+52;
// exp(r) - 1 ~ r + C2 r^2 + C3 r^3 + C4 r^4 + C5 r^5.
inline constexpr double kC2 = 0x1.ffffffffffdbdp-2;
inline constexpr double kC3 = 0x1.555555555543cp-3;
inline constexpr double kC4 = 0x1.55555cf172b91p-5;
inline constexpr double kC5 = 0x1.1111167a4d017p-7;

// The exponent field of |x| (bits 52..62): below kTopTiny |x| < 2^-54; from kTopLarge on
// |x| >= 512, where the scale's exponent may leave the range of a double and special_case
// takes over; from kTopHuge on |x| >= 1024, beyond the results' range.
inline constexpr std::uint32_t kTopTiny = 0x3c9;
inline constexpr std::uint32_t kTopLarge = 0x408;
inline constexpr std::uint32_t kTopHuge = 0x409;
// Bits of a double.
inline constexpr std::uint64_t kSignBit = 0x8000000000000000ull;
inline constexpr std::uint64_t kQuietBit = 0x0008000000000000ull;
inline constexpr std::uint64_t kPosInf = 0x7ff0000000000000ull;

// 2^(i/128) = scale (1 + tail): entry i is the bits of tail, then the bits of scale less
// i << 45 (so that adding k << 45 for any k with k mod 128 = i gives 2^(k/128)'s scale).
// glibc's __exp_data.tab, as read out of libm.so.6 (2.36). A function-local table: host
// and device code both read it (device code from its global memory), and it needs no
// symbol shared between translation units.
FVMAF_HD inline void scale_and_tail(std::uint64_t i, std::uint64_t& tail_bits, std::uint64_t& scale_bits) {
  static constexpr std::uint64_t kTable[256] = {
      0x0000000000000000ull, 0x3ff0000000000000ull, 0x3c9b3b4f1a88bf6eull, 0x3feff63da9fb3335ull,
      0xbc7160139cd8dc5dull, 0x3fefec9a3e778061ull, 0xbc905e7a108766d1ull, 0x3fefe315e86e7f85ull,
      0x3c8cd2523567f613ull, 0x3fefd9b0d3158574ull, 0xbc8bce8023f98efaull, 0x3fefd06b29ddf6deull,
      0x3c60f74e61e6c861ull, 0x3fefc74518759bc8ull, 0x3c90a3e45b33d399ull, 0x3fefbe3ecac6f383ull,
      0x3c979aa65d837b6dull, 0x3fefb5586cf9890full, 0x3c8eb51a92fdeffcull, 0x3fefac922b7247f7ull,
      0x3c3ebe3d702f9cd1ull, 0x3fefa3ec32d3d1a2ull, 0xbc6a033489906e0bull, 0x3fef9b66affed31bull,
      0xbc9556522a2fbd0eull, 0x3fef9301d0125b51ull, 0xbc5080ef8c4eea55ull, 0x3fef8abdc06c31ccull,
      0xbc91c923b9d5f416ull, 0x3fef829aaea92de0ull, 0x3c80d3e3e95c55afull, 0x3fef7a98c8a58e51ull,
      0xbc801b15eaa59348ull, 0x3fef72b83c7d517bull, 0xbc8f1ff055de323dull, 0x3fef6af9388c8deaull,
      0x3c8b898c3f1353bfull, 0x3fef635beb6fcb75ull, 0xbc96d99c7611eb26ull, 0x3fef5be084045cd4ull,
      0x3c9aecf73e3a2f60ull, 0x3fef54873168b9aaull, 0xbc8fe782cb86389dull, 0x3fef4d5022fcd91dull,
      0x3c8a6f4144a6c38dull, 0x3fef463b88628cd6ull, 0x3c807a05b0e4047dull, 0x3fef3f49917ddc96ull,
      0x3c968efde3a8a894ull, 0x3fef387a6e756238ull, 0x3c875e18f274487dull, 0x3fef31ce4fb2a63full,
      0x3c80472b981fe7f2ull, 0x3fef2b4565e27cddull, 0xbc96b87b3f71085eull, 0x3fef24dfe1f56381ull,
      0x3c82f7e16d09ab31ull, 0x3fef1e9df51fdee1ull, 0xbc3d219b1a6fbffaull, 0x3fef187fd0dad990ull,
      0x3c8b3782720c0ab4ull, 0x3fef1285a6e4030bull, 0x3c6e149289cecb8full, 0x3fef0cafa93e2f56ull,
      0x3c834d754db0abb6ull, 0x3fef06fe0a31b715ull, 0x3c864201e2ac744cull, 0x3fef0170fc4cd831ull,
      0x3c8fdd395dd3f84aull, 0x3feefc08b26416ffull, 0xbc86a3803b8e5b04ull, 0x3feef6c55f929ff1ull,
      0xbc924aedcc4b5068ull, 0x3feef1a7373aa9cbull, 0xbc9907f81b512d8eull, 0x3feeecae6d05d866ull,
      0xbc71d1e83e9436d2ull, 0x3feee7db34e59ff7ull, 0xbc991919b3ce1b15ull, 0x3feee32dc313a8e5ull,
      0x3c859f48a72a4c6dull, 0x3feedea64c123422ull, 0xbc9312607a28698aull, 0x3feeda4504ac801cull,
      0xbc58a78f4817895bull, 0x3feed60a21f72e2aull, 0xbc7c2c9b67499a1bull, 0x3feed1f5d950a897ull,
      0x3c4363ed60c2ac11ull, 0x3feece086061892dull, 0x3c9666093b0664efull, 0x3feeca41ed1d0057ull,
      0x3c6ecce1daa10379ull, 0x3feec6a2b5c13cd0ull, 0x3c93ff8e3f0f1230ull, 0x3feec32af0d7d3deull,
      0x3c7690cebb7aafb0ull, 0x3feebfdad5362a27ull, 0x3c931dbdeb54e077ull, 0x3feebcb299fddd0dull,
      0xbc8f94340071a38eull, 0x3feeb9b2769d2ca7ull, 0xbc87deccdc93a349ull, 0x3feeb6daa2cf6642ull,
      0xbc78dec6bd0f385full, 0x3feeb42b569d4f82ull, 0xbc861246ec7b5cf6ull, 0x3feeb1a4ca5d920full,
      0x3c93350518fdd78eull, 0x3feeaf4736b527daull, 0x3c7b98b72f8a9b05ull, 0x3feead12d497c7fdull,
      0x3c9063e1e21c5409ull, 0x3feeab07dd485429ull, 0x3c34c7855019c6eaull, 0x3feea9268a5946b7ull,
      0x3c9432e62b64c035ull, 0x3feea76f15ad2148ull, 0xbc8ce44a6199769full, 0x3feea5e1b976dc09ull,
      0xbc8c33c53bef4da8ull, 0x3feea47eb03a5585ull, 0xbc845378892be9aeull, 0x3feea34634ccc320ull,
      0xbc93cedd78565858ull, 0x3feea23882552225ull, 0x3c5710aa807e1964ull, 0x3feea155d44ca973ull,
      0xbc93b3efbf5e2228ull, 0x3feea09e667f3bcdull, 0xbc6a12ad8734b982ull, 0x3feea012750bdabfull,
      0xbc6367efb86da9eeull, 0x3fee9fb23c651a2full, 0xbc80dc3d54e08851ull, 0x3fee9f7df9519484ull,
      0xbc781f647e5a3ecfull, 0x3fee9f75e8ec5f74ull, 0xbc86ee4ac08b7db0ull, 0x3fee9f9a48a58174ull,
      0xbc8619321e55e68aull, 0x3fee9feb564267c9ull, 0x3c909ccb5e09d4d3ull, 0x3feea0694fde5d3full,
      0xbc7b32dcb94da51dull, 0x3feea11473eb0187ull, 0x3c94ecfd5467c06bull, 0x3feea1ed0130c132ull,
      0x3c65ebe1abd66c55ull, 0x3feea2f336cf4e62ull, 0xbc88a1c52fb3cf42ull, 0x3feea427543e1a12ull,
      0xbc9369b6f13b3734ull, 0x3feea589994cce13ull, 0xbc805e843a19ff1eull, 0x3feea71a4623c7adull,
      0xbc94d450d872576eull, 0x3feea8d99b4492edull, 0x3c90ad675b0e8a00ull, 0x3feeaac7d98a6699ull,
      0x3c8db72fc1f0eab4ull, 0x3feeace5422aa0dbull, 0xbc65b6609cc5e7ffull, 0x3feeaf3216b5448cull,
      0x3c7bf68359f35f44ull, 0x3feeb1ae99157736ull, 0xbc93091fa71e3d83ull, 0x3feeb45b0b91ffc6ull,
      0xbc5da9b88b6c1e29ull, 0x3feeb737b0cdc5e5ull, 0xbc6c23f97c90b959ull, 0x3feeba44cbc8520full,
      0xbc92434322f4f9aaull, 0x3feebd829fde4e50ull, 0xbc85ca6cd7668e4bull, 0x3feec0f170ca07baull,
      0x3c71affc2b91ce27ull, 0x3feec49182a3f090ull, 0x3c6dd235e10a73bbull, 0x3feec86319e32323ull,
      0xbc87c50422622263ull, 0x3feecc667b5de565ull, 0x3c8b1c86e3e231d5ull, 0x3feed09bec4a2d33ull,
      0xbc91bbd1d3bcbb15ull, 0x3feed503b23e255dull, 0x3c90cc319cee31d2ull, 0x3feed99e1330b358ull,
      0x3c8469846e735ab3ull, 0x3feede6b5579fdbfull, 0xbc82dfcd978e9db4ull, 0x3feee36bbfd3f37aull,
      0x3c8c1a7792cb3387ull, 0x3feee89f995ad3adull, 0xbc907b8f4ad1d9faull, 0x3feeee07298db666ull,
      0xbc55c3d956dcaebaull, 0x3feef3a2b84f15fbull, 0xbc90a40e3da6f640ull, 0x3feef9728de5593aull,
      0xbc68d6f438ad9334ull, 0x3feeff76f2fb5e47ull, 0xbc91eee26b588a35ull, 0x3fef05b030a1064aull,
      0x3c74ffd70a5fddcdull, 0x3fef0c1e904bc1d2ull, 0xbc91bdfbfa9298acull, 0x3fef12c25bd71e09ull,
      0x3c736eae30af0cb3ull, 0x3fef199bdd85529cull, 0x3c8ee3325c9ffd94ull, 0x3fef20ab5fffd07aull,
      0x3c84e08fd10959acull, 0x3fef27f12e57d14bull, 0x3c63cdaf384e1a67ull, 0x3fef2f6d9406e7b5ull,
      0x3c676b2c6c921968ull, 0x3fef3720dcef9069ull, 0xbc808a1883ccb5d2ull, 0x3fef3f0b555dc3faull,
      0xbc8fad5d3ffffa6full, 0x3fef472d4a07897cull, 0xbc900dae3875a949ull, 0x3fef4f87080d89f2ull,
      0x3c74a385a63d07a7ull, 0x3fef5818dcfba487ull, 0xbc82919e2040220full, 0x3fef60e316c98398ull,
      0x3c8e5a50d5c192acull, 0x3fef69e603db3285ull, 0x3c843a59ac016b4bull, 0x3fef7321f301b460ull,
      0xbc82d52107b43e1full, 0x3fef7c97337b9b5full, 0xbc892ab93b470dc9ull, 0x3fef864614f5a129ull,
      0x3c74b604603a88d3ull, 0x3fef902ee78b3ff6ull, 0x3c83c5ec519d7271ull, 0x3fef9a51fbc74c83ull,
      0xbc8ff7128fd391f0ull, 0x3fefa4afa2a490daull, 0xbc8dae98e223747dull, 0x3fefaf482d8e67f1ull,
      0x3c8ec3bc41aa2008ull, 0x3fefba1bee615a27ull, 0x3c842b94c3a9eb32ull, 0x3fefc52b376bba97ull,
      0x3c8a64a931d185eeull, 0x3fefd0765b6e4540ull, 0xbc8e37bae43be3edull, 0x3fefdbfdad9cbe14ull,
      0x3c77893b4d91cd9dull, 0x3fefe7c1819e90d8ull, 0x3c5305c14160cc89ull, 0x3feff3c22b8f71f1ull,
  };
  tail_bits = kTable[2 * i];
  scale_bits = kTable[2 * i + 1];
}

// x = k ln2/N + r: returns r, and in ki the bits of the shifted k (k is their low bits, as
// a two's complement integer).
template <class F>
FVMAF_HD inline F reduce(F x, std::uint64_t& ki) {
  const F shifted = dfma_rn(x, F(kInvLn2N), F(kShift));
  ki = f64_bits(shifted);
  const F kd = dsub_rn(shifted, F(kShift));
  return dfma_rn(kd, F(kNegLn2LoN), dfma_rn(kd, F(kNegLn2HiN), x));
}

// tmp with 2^(i/N) exp(r) = scale (1 + tmp): tail + r + r^2 (C2 + r C3) + r^4 (C4 + r C5).
template <class F>
FVMAF_HD inline F polynomial(F r, F tail) {
  const F r2 = dmul_rn(r, r);
  const F low = dfma_rn(r2, dfma_rn(r, F(kC3), F(kC2)), dadd_rn(r, tail));
  return dfma_rn(dmul_rn(r2, r2), dfma_rn(r, F(kC5), F(kC4)), low);
}

// scale (1 + tmp) where scale's exponent may be out of range (512 <= |x| < 1024), sbits
// the bits of the scale as computed (an exponent wrapped past the field's ends) and ki's
// bit 31 the sign of k. A large k: the result is 2^1009 times a scale 2^-1009 lower. A
// small one: the scale 2^1022 higher, and where the result is subnormal, y rounded to
// its final precision in a sum against 1 before it is scaled down, so that it is rounded
// once. pow's version (its sbits may carry the result's sign): exp's is the same
// operations for a positive y.
template <class F>
FVMAF_HD inline F special_case(F tmp, std::uint64_t sbits, std::uint64_t ki) {
  if ((ki & 0x80000000u) == 0) {
    const F scale = f64_from_bits<F>(sbits - (1009ull << 52));
    return dmul_rn(dfma_rn(scale, tmp, scale), F(0x1p1009));
  }
  sbits += 1022ull << 52;
  const F scale = f64_from_bits<F>(sbits);
  const F scaled_tmp = dmul_rn(scale, tmp);  // not fused: the sum below reuses it
  F y = dadd_rn(scale, scaled_tmp);
  if (f64_from_bits<F>(f64_bits(y) & ~kSignBit) < F(1.0)) {
    const F one = y < F(0.0) ? F(-1.0) : F(1.0);
    const F lo = dadd_rn(dsub_rn(scale, y), scaled_tmp);
    const F hi = dadd_rn(one, y);
    const F lo2 = dadd_rn(dadd_rn(dsub_rn(one, hi), y), lo);
    y = dsub_rn(dadd_rn(lo2, hi), one);
    if (y == F(0.0)) y = f64_from_bits<F>(sbits & kSignBit);  // zero with the result's sign
  }
  return dmul_rn(y, F(0x1p-1022));
}

// In F = double or SoftF64: the same operations, the same bits.
template <class F>
FVMAF_HD inline F evaluate(F x) {
  const std::uint64_t ix = f64_bits(x);
  std::uint32_t abstop = static_cast<std::uint32_t>(ix >> 52) & 0x7ffu;
  if (abstop - kTopTiny >= kTopLarge - kTopTiny) {
    if (abstop < kTopTiny) return dadd_rn(F(1.0), x);  // |x| < 2^-54 (and +-0): 1 + x
    if (abstop >= kTopHuge) {
      if (ix == (kSignBit | kPosInf)) return F(0.0);                       // -inf
      if (abstop == 0x7ffu) return f64_from_bits<F>(ix == kPosInf ? ix : ix | kQuietBit);  // +inf, NaN
      return ix & kSignBit ? F(0.0) : f64_from_bits<F>(kPosInf);           // under-, overflow
    }
    abstop = 0;  // 512 <= |x| < 1024: special_case
  }
  std::uint64_t ki;
  const F r = reduce(x, ki);
  std::uint64_t tail_bits, sbits;
  scale_and_tail(ki & 127, tail_bits, sbits);
  sbits += ki << 45;
  const F tmp = polynomial(r, f64_from_bits<F>(tail_bits));
  if (abstop == 0) return special_case(tmp, sbits, ki);
  const F scale = f64_from_bits<F>(sbits);
  return dfma_rn(scale, tmp, scale);
}

}  // namespace exp_detail

#ifndef FVMAF_DEVICE_PASS
// The host's copy (exp.cpp): built twice, with and without FMA instructions, and the
// loader picks the one the CPU runs (libm's fma() where it has none): the same bits.
double glibc_exp_host(double x);
#endif

// glibc's exp(x), bit for bit.
FVMAF_HD inline double glibc_exp(double x) {
#ifdef FVMAF_DEVICE_PASS
  return exp_detail::evaluate(x);
#else
  return glibc_exp_host(x);
#endif
}
// The same in integer arithmetic (core/hd/f64.hpp), on the host too.
FVMAF_HD inline SoftF64 glibc_exp(SoftF64 x) { return exp_detail::evaluate(x); }

}  // namespace fastvmaf::hd
