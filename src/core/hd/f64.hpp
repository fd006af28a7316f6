// IEEE binary64 for devices without fp64 (Intel Arc and UHD GPUs under SYCL), and the
// type `hd::f64` that the work-items computing in double are written in
// (../shared/DESIGN.md, "Numerics"; docs/adr/0202-frame-pipeline-and-fp64.md).
//
// hd::SoftF64 is a double held as its 64 bits, with the operations libvmaf's double
// expressions use done in integer arithmetic: +, -, *, /, sqrt and fma rounded to nearest
// even once, as the CPU rounds them, with subnormals, signed zeros, infinities and NaNs as
// x86-64's SSE2/FMA instructions give them (a NaN operand comes back quieted, the first
// of the operands in the order written; an invalid operation gives x86's default NaN
// 0xfff8000000000000; a conversion to an integer out of range or of a NaN gives the
// "integer indefinite" INT_MIN / INT64_MIN). Each result is the host's double bit for
// bit (tests/unit/soft_f64_test.cpp). No libm, no fp64 instruction and no value of type
// double in any operation: a double constant becomes a SoftF64 at compile time
// (the consteval constructor, SoftF64(0.5)), a double known only at run time on the host
// (an option's value) through the host-only SoftF64::from_host_double.
//
// hd::f64 is `double`, or SoftF64 where FVMAF_SOFT_F64 is defined (the SYCL backend's
// units). A routine written over `class F` with F(constant) for its literals and the
// helpers of core/hd/rounding.hpp (dadd_rn, dmul_rn, int_to_double<F>, ... which have
// SoftF64 overloads) computes the same bits with either type; with F = double it is the
// same code as before, operation for operation.
//
// The kernels' argument structs hold hd::f64 members, laid out alike with either type.
// The work-items that take those structs are not all templates, so a unit built with
// FVMAF_SOFT_F64 and one built without define some inline functions of the same name
// differently: keep the soft units in a module of their own (as the HIP units are), not
// linked beside the CUDA units (the copies compute the same bits, but one program must
// not have both).
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"

namespace fastvmaf::hd {

class SoftF64 {
 public:
  SoftF64() = default;
  // A double constant, taken apart by the compiler: no fp64 value reaches the program.
  FVMAF_HD explicit consteval SoftF64(double constant) : bits_(__builtin_bit_cast(std::uint64_t, constant)) {}

  FVMAF_HD static constexpr SoftF64 from_bits(std::uint64_t b) {
    SoftF64 x{};
    x.bits_ = b;
    return x;
  }
  FVMAF_HD constexpr std::uint64_t bits() const { return bits_; }

  // Host only: a double known at run time (an option's value) and back, unchanged bits.
  static SoftF64 from_host_double(double d) { return from_bits(__builtin_bit_cast(std::uint64_t, d)); }
  double to_host_double() const { return __builtin_bit_cast(double, bits_); }

 private:
  std::uint64_t bits_;
};
// The same size and alignment as double: a struct of arguments is laid out the same way
// whichever type its f64 members have.
static_assert(sizeof(SoftF64) == sizeof(double) && alignof(SoftF64) == alignof(double));
static_assert(std::is_trivially_copyable_v<SoftF64> && std::is_standard_layout_v<SoftF64>);

template <class F>
inline constexpr bool is_soft_f64 = std::is_same_v<F, SoftF64>;

#ifdef FVMAF_SOFT_F64
using f64 = SoftF64;
#else
using f64 = double;
#endif

namespace soft_detail {

using u64 = std::uint64_t;
using u32 = std::uint32_t;

inline constexpr u64 kSign = 0x8000000000000000ull;
inline constexpr u64 kFrac = 0x000fffffffffffffull;
inline constexpr u64 kHidden = 0x0010000000000000ull;
inline constexpr u64 kQuiet = 0x0008000000000000ull;
inline constexpr u64 kInf = 0x7ff0000000000000ull;
inline constexpr u64 kDefaultNaN = 0xfff8000000000000ull;  // x86's "real indefinite"

FVMAF_HD inline int exp_of(u64 a) { return static_cast<int>((a >> 52) & 0x7ff); }
FVMAF_HD inline bool is_nan(u64 a) { return (a & ~kSign) > kInf; }
FVMAF_HD inline bool is_inf(u64 a) { return (a & ~kSign) == kInf; }
FVMAF_HD inline bool is_zero(u64 a) { return (a & ~kSign) == 0; }

// a >> n, with every bit shifted out ORed into bit 0 ("sticky"): what is lost still
// tells the rounding that the value is not exact (and not a tie).
FVMAF_HD inline u64 shr_jam(u64 a, int n) {
  if (n <= 0) return a;
  if (n >= 64) return a != 0 ? 1u : 0u;
  return (a >> n) | ((a << (64 - n)) != 0 ? 1u : 0u);
}

// A finite non-zero value as sig * 2^(exp - 1075) with sig in [2^52, 2^53): a subnormal
// is normalised (its exp drops below 1).
struct Unpacked {
  int exp;
  u64 sig;
};
FVMAF_HD inline Unpacked unpack(u64 a) {
  const int e = exp_of(a);
  const u64 f = a & kFrac;
  if (e == 0) {
    const int s = clz64(f) - 11;
    return {1 - s, f << s};
  }
  return {e, f | kHidden};
}

// Rounds sig * 2^(exp - 1084) to nearest even and packs it with `sign` (0 or kSign).
// sig has its leading bit at bit 62 (or exp <= 0): its top 53 bits are the significand,
// the 10 below decide the rounding. exp is the biased exponent minus one, so that
// adding the leading bit (bit 52 after the shift) completes it; a subnormal result has
// exp 0 and no leading bit, and a carry out of the rounding moves into the exponent.
FVMAF_HD inline u64 round_pack(u64 sign, int exp, u64 sig) {
  if (exp < 0) {
    sig = shr_jam(sig, -exp);
    exp = 0;
  } else if (exp > 0x7fd || (exp == 0x7fd && sig + 0x200 >= kSign)) {
    return sign | kInf;
  }
  const u64 rest = sig & 0x3ff;
  sig = (sig + 0x200) >> 10;
  if (rest == 0x200) sig &= ~u64{1};  // a tie: to the even significand
  if (sig == 0) exp = 0;
  return sign + (static_cast<u64>(exp) << 52) + sig;
}

// round_pack of a non-zero sig with its leading bit anywhere.
FVMAF_HD inline u64 normalize_round_pack(u64 sign, int exp, u64 sig) {
  const int shift = clz64(sig) - 1;
  if (shift < 0) return round_pack(sign, exp + 1, shr_jam(sig, 1));
  return round_pack(sign, exp - shift, sig << shift);
}

// 64 x 64 -> 128 bits from 32-bit halves (no __int128: device compilers may lack it).
FVMAF_HD inline void mul_64x64(u64 a, u64 b, u64& hi, u64& lo) {
  const u64 a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
  const u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  const u64 mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  lo = (mid << 32) | (p00 & 0xffffffffu);
  hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// ---- 128-bit helpers (fma) --------------------------------------------------------------
struct U128 {
  u64 hi, lo;
};
FVMAF_HD inline bool less(U128 a, U128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }
FVMAF_HD inline U128 add(U128 a, U128 b) {
  const u64 lo = a.lo + b.lo;
  return {a.hi + b.hi + (lo < a.lo ? 1u : 0u), lo};
}
FVMAF_HD inline U128 sub(U128 a, U128 b) { return {a.hi - b.hi - (a.lo < b.lo ? 1u : 0u), a.lo - b.lo}; }
FVMAF_HD inline U128 shl(U128 a, int n) {  // 0 < n < 64
  return {(a.hi << n) | (a.lo >> (64 - n)), a.lo << n};
}
FVMAF_HD inline U128 shr_jam(U128 a, int n) {
  if (n <= 0) return a;
  if (n >= 128) return {0, (a.hi | a.lo) != 0 ? 1u : 0u};
  if (n >= 64) {
    const u64 lost = (n == 64 ? 0 : (a.hi << (128 - n))) | a.lo;
    return {0, (a.hi >> (n - 64)) | (lost != 0 ? 1u : 0u)};
  }
  const u64 lost = a.lo << (64 - n);
  return {a.hi >> n, (a.hi << (64 - n)) | (a.lo >> n) | (lost != 0 ? 1u : 0u)};
}

// ---- the operations ---------------------------------------------------------------------

// a + b for a and b not NaN (b with its sign already flipped for a subtraction).
FVMAF_HD inline u64 add_core(u64 a, u64 b) {
  if (is_inf(a)) return is_inf(b) && ((a ^ b) & kSign) ? kDefaultNaN : a;
  if (is_inf(b)) return b;
  if (is_zero(a)) return is_zero(b) ? (a & b) : b;  // -0 only for -0 + -0
  if (is_zero(b)) return a;
  // The larger magnitude first (the bits of non-negative doubles order as their values).
  if ((a & ~kSign) < (b & ~kSign)) {
    const u64 t = a;
    a = b;
    b = t;
  }
  const u64 sign = a & kSign;
  const Unpacked ua = unpack(a), ub = unpack(b);
  // Leading bits at 61: room for a carry, and 9 bits below the significand.
  const u64 ma = ua.sig << 9, mb = shr_jam(ub.sig << 9, ua.exp - ub.exp);
  const u64 m = ((a ^ b) & kSign) ? ma - mb : ma + mb;
  if (m == 0) return 0;  // exact cancellation: +0 when rounding to nearest
  return normalize_round_pack(sign, ua.exp, m);
}

FVMAF_HD inline u64 add(u64 a, u64 b) {
  if (is_nan(a)) return a | kQuiet;
  if (is_nan(b)) return b | kQuiet;
  return add_core(a, b);
}
FVMAF_HD inline u64 sub(u64 a, u64 b) {
  if (is_nan(a)) return a | kQuiet;
  if (is_nan(b)) return b | kQuiet;  // the NaN keeps its sign
  return add_core(a, b ^ kSign);
}

FVMAF_HD inline u64 mul(u64 a, u64 b) {
  if (is_nan(a)) return a | kQuiet;
  if (is_nan(b)) return b | kQuiet;
  const u64 sign = (a ^ b) & kSign;
  if (is_inf(a) || is_inf(b)) return is_zero(a) || is_zero(b) ? kDefaultNaN : sign | kInf;
  if (is_zero(a) || is_zero(b)) return sign;
  const Unpacked ua = unpack(a), ub = unpack(b);
  u64 hi, lo;
  mul_64x64(ua.sig, ub.sig, hi, lo);  // in [2^104, 2^106)
  const u64 sig = (hi << 22) | (lo >> 42) | ((lo << 22) != 0 ? 1u : 0u);
  return normalize_round_pack(sign, ua.exp + ub.exp - 1024, sig);
}

FVMAF_HD inline u64 div(u64 a, u64 b) {
  if (is_nan(a)) return a | kQuiet;
  if (is_nan(b)) return b | kQuiet;
  const u64 sign = (a ^ b) & kSign;
  if (is_inf(a)) return is_inf(b) ? kDefaultNaN : sign | kInf;
  if (is_inf(b)) return sign;
  if (is_zero(b)) return is_zero(a) ? kDefaultNaN : sign | kInf;
  if (is_zero(a)) return sign;
  const Unpacked ua = unpack(a), ub = unpack(b);
  int exp = ua.exp - ub.exp + 1022;
  u64 r = ua.sig;
  const u64 d = ub.sig;
  if (r < d) {
    r <<= 1;
    --exp;
  }
  // A power of two divides exactly (ADM's / 4096.0, SpEED's / 2.0).
  if (d == kHidden) return round_pack(sign, exp, r << 10);
  // 63 quotient bits by long division (r < 2d < 2^54 throughout), then the sticky bit;
  // without branches, so that a device's work-items do not diverge.
  u64 q = 0;
  for (int i = 0; i < 63; ++i) {
    const u64 bit = r >= d ? 1u : 0u;
    r -= d & (0 - bit);
    q = (q << 1) | bit;
    r <<= 1;
  }
  return round_pack(sign, exp, q | (r != 0 ? 1u : 0u));
}

FVMAF_HD inline u64 sqrt(u64 a) {
  if (is_nan(a)) return a | kQuiet;
  if (is_zero(a)) return a;  // sqrt(-0) = -0
  if (a & kSign) return kDefaultNaN;
  if (is_inf(a)) return a;
  const Unpacked ua = unpack(a);
  int e = ua.exp;
  u64 m = ua.sig;
  if ((e & 1) == 0) {  // an even biased exponent is an odd power of two: one bit into m
    m <<= 1;
    --e;
  }
  // The root of M = m * 2^58 (in [2^110, 2^112)) to 56 bits, two radicand bits a step;
  // rem <= 2 root < 2^57 throughout.
  u64 root = 0, rem = 0;
  for (int i = 55; i >= 0; --i) {
    const u64 two = 2 * i >= 58 ? (m >> (2 * i - 58)) & 3u : 0u;
    rem = (rem << 2) | two;
    const u64 trial = (root << 2) | 1u;
    const u64 bit = rem >= trial ? 1u : 0u;
    rem -= trial & (0 - bit);
    root = (root << 1) | bit;
  }
  return round_pack(0, (e - 1133) / 2 + 1077, (root << 7) | (rem != 0 ? 1u : 0u));
}

// a * b + c with one rounding.
FVMAF_HD inline u64 fma(u64 a, u64 b, u64 c) {
  if (is_nan(a)) return a | kQuiet;  // a NaN operand wins over an invalid product
  if (is_nan(b)) return b | kQuiet;
  if (is_nan(c)) return c | kQuiet;
  const u64 sp = (a ^ b) & kSign;
  if (is_inf(a) || is_inf(b)) {
    if (is_zero(a) || is_zero(b)) return kDefaultNaN;
    if (is_inf(c) && (c & kSign) != sp) return kDefaultNaN;
    return sp | kInf;
  }
  if (is_inf(c)) return c;
  if (is_zero(a) || is_zero(b)) return is_zero(c) ? (sp & c) : c;  // an exact signed zero product
  if (is_zero(c)) return mul(a, b);
  const Unpacked ua = unpack(a), ub = unpack(b), uc = unpack(c);
  // Both terms as 128-bit significands with their leading bit at 125, and the power of
  // two of their bit 0.
  U128 p;
  mul_64x64(ua.sig, ub.sig, p.hi, p.lo);  // in [2^104, 2^106)
  const int sh = (p.hi >> 41) != 0 ? 20 : 21;
  p = shl(p, sh);
  const int ep = ua.exp + ub.exp - 2150 - sh;
  const U128 q{uc.sig << 9, 0};
  const int eq = uc.exp - 1075 - 73;
  const u64 sq = c & kSign;
  const bool p_first = ep > eq || (ep == eq && !less(p, q));
  const U128 big = p_first ? p : q, small = p_first ? q : p;
  const int e = p_first ? ep : eq;
  const u64 sign = p_first ? sp : sq;
  const U128 aligned = shr_jam(small, p_first ? ep - eq : eq - ep);
  const U128 r = sp == sq ? add(big, aligned) : sub(big, aligned);
  if ((r.hi | r.lo) == 0) return 0;  // exact cancellation: +0
  const int lead = r.hi != 0 ? 127 - clz64(r.hi) : 63 - clz64(r.lo);
  u64 sig;
  if (lead > 62) {
    const U128 s = shr_jam(r, lead - 62);
    sig = s.lo;
  } else {
    sig = r.lo << (62 - lead);
  }
  return round_pack(sign, lead - 62 + e + 1084, sig);
}

// ---- conversions ------------------------------------------------------------------------

// sign (0 or kSign) times m, rounded.
FVMAF_HD inline u64 from_u64(u64 sign, u64 m) { return m == 0 ? sign : normalize_round_pack(sign, 1084, m); }
FVMAF_HD inline u64 from_i64(std::int64_t x) {
  const u64 u = static_cast<u64>(x);
  return x < 0 ? from_u64(kSign, 0 - u) : from_u64(0, u);
}

FVMAF_HD inline u64 from_float(u32 f) {
  const u64 sign = static_cast<u64>(f >> 31) << 63;
  int e = static_cast<int>((f >> 23) & 0xff);
  u32 fr = f & 0x7fffffu;
  if (e == 0xff) return fr ? sign | kInf | kQuiet | (static_cast<u64>(fr) << 29) : sign | kInf;
  if (e == 0) {
    if (fr == 0) return sign;
    const int s = clz32(fr) - 8;
    fr = (fr << s) & 0x7fffffu;
    e = 1 - s;
  }
  return sign | (static_cast<u64>(e + 1023 - 127) << 52) | (static_cast<u64>(fr) << 29);
}

FVMAF_HD inline u32 to_float(u64 a) {
  const u32 sign = static_cast<u32>(a >> 63) << 31;
  if (exp_of(a) == 0x7ff) return (a & kFrac) ? sign | 0x7fc00000u | static_cast<u32>((a & kFrac) >> 29) : sign | 0x7f800000u;
  if (is_zero(a)) return sign;
  const Unpacked ua = unpack(a);
  // Leading bit at 30, 7 bits below the float's significand; exp: the float's biased
  // exponent minus one (as round_pack).
  u32 sig = static_cast<u32>(shr_jam(ua.sig, 22));
  int exp = ua.exp - 897;
  if (exp < 0) {
    const int n = -exp;
    sig = n >= 32 ? (sig != 0 ? 1u : 0u) : (sig >> n) | ((sig << (32 - n)) != 0 ? 1u : 0u);
    exp = 0;
  } else if (exp > 0xfd || (exp == 0xfd && sig + 0x40u >= 0x80000000u)) {
    return sign | 0x7f800000u;
  }
  const u32 rest = sig & 0x7fu;
  sig = (sig + 0x40u) >> 7;
  if (rest == 0x40u) sig &= ~1u;
  if (sig == 0) exp = 0;
  return sign + (static_cast<u32>(exp) << 23) + sig;
}

// Truncated magnitude of a finite |a| < 2^63 (the caller checks the exponent).
FVMAF_HD inline u64 trunc_magnitude(u64 a) {
  const int e = exp_of(a);
  if (e < 1023) return 0;
  const u64 sig = (a & kFrac) | kHidden;
  const int p = e - 1023;
  return p <= 52 ? sig >> (52 - p) : sig << (p - 52);
}

FVMAF_HD inline std::int32_t to_int_rz(u64 a) {
  constexpr std::int32_t kIndefinite = static_cast<std::int32_t>(0x80000000u);
  if (exp_of(a) >= 1023 + 32) return kIndefinite;  // |a| >= 2^32, inf, NaN
  const u64 m = trunc_magnitude(a);
  if (a & kSign) return m > 0x80000000u ? kIndefinite : static_cast<std::int32_t>(0u - static_cast<u32>(m));
  return m > 0x7fffffffu ? kIndefinite : static_cast<std::int32_t>(m);
}

FVMAF_HD inline std::int64_t to_ll_rz(u64 a) {
  if (exp_of(a) >= 1023 + 63) return static_cast<std::int64_t>(kSign);  // indefinite (and -2^63 itself)
  const u64 m = trunc_magnitude(a);
  return static_cast<std::int64_t>((a & kSign) ? 0 - m : m);
}

// a < b, a == b as IEEE comparisons: false when either is NaN, -0 == +0.
FVMAF_HD inline bool lt(u64 a, u64 b) {
  if (is_nan(a) || is_nan(b) || is_zero(a | b)) return false;
  const bool na = (a & kSign) != 0, nb = (b & kSign) != 0;
  if (na != nb) return na;
  return na ? a > b : a < b;
}
FVMAF_HD inline bool eq(u64 a, u64 b) { return !is_nan(a) && !is_nan(b) && (a == b || is_zero(a | b)); }

}  // namespace soft_detail

// ---- the rounding.hpp helpers for SoftF64 ---------------------------------------------------
FVMAF_HD inline SoftF64 dadd_rn(SoftF64 a, SoftF64 b) { return SoftF64::from_bits(soft_detail::add(a.bits(), b.bits())); }
FVMAF_HD inline SoftF64 dsub_rn(SoftF64 a, SoftF64 b) { return SoftF64::from_bits(soft_detail::sub(a.bits(), b.bits())); }
FVMAF_HD inline SoftF64 dmul_rn(SoftF64 a, SoftF64 b) { return SoftF64::from_bits(soft_detail::mul(a.bits(), b.bits())); }
FVMAF_HD inline SoftF64 ddiv_rn(SoftF64 a, SoftF64 b) { return SoftF64::from_bits(soft_detail::div(a.bits(), b.bits())); }
FVMAF_HD inline SoftF64 dsqrt_rn(SoftF64 a) { return SoftF64::from_bits(soft_detail::sqrt(a.bits())); }
FVMAF_HD inline SoftF64 dfma_rn(SoftF64 a, SoftF64 b, SoftF64 c) {
  return SoftF64::from_bits(soft_detail::fma(a.bits(), b.bits(), c.bits()));
}
FVMAF_HD inline float double_to_float_rn(SoftF64 x) { return bits_float(soft_detail::to_float(x.bits())); }
FVMAF_HD inline int double_to_int_rz(SoftF64 x) { return soft_detail::to_int_rz(x.bits()); }
FVMAF_HD inline long long double_to_ll_rz(SoftF64 x) { return soft_detail::to_ll_rz(x.bits()); }
// -x and |x|: the sign bit, as x86's xorpd / andpd (a NaN keeps its payload).
FVMAF_HD inline SoftF64 operator-(SoftF64 x) { return SoftF64::from_bits(x.bits() ^ soft_detail::kSign); }
FVMAF_HD inline SoftF64 dabs(SoftF64 x) { return SoftF64::from_bits(x.bits() & ~soft_detail::kSign); }

FVMAF_HD inline bool operator<(SoftF64 a, SoftF64 b) { return soft_detail::lt(a.bits(), b.bits()); }
FVMAF_HD inline bool operator>(SoftF64 a, SoftF64 b) { return soft_detail::lt(b.bits(), a.bits()); }
FVMAF_HD inline bool operator<=(SoftF64 a, SoftF64 b) { return soft_detail::lt(a.bits(), b.bits()) || soft_detail::eq(a.bits(), b.bits()); }
FVMAF_HD inline bool operator>=(SoftF64 a, SoftF64 b) { return b <= a; }
FVMAF_HD inline bool operator==(SoftF64 a, SoftF64 b) { return soft_detail::eq(a.bits(), b.bits()); }
FVMAF_HD inline bool operator!=(SoftF64 a, SoftF64 b) { return !(a == b); }

// ---- either type --------------------------------------------------------------------------
// The bits of an F, and an F of given bits.
FVMAF_HD inline std::uint64_t f64_bits(double x) { return double_bits(x); }
FVMAF_HD inline std::uint64_t f64_bits(SoftF64 x) { return x.bits(); }
template <class F>
FVMAF_HD inline F f64_from_bits(std::uint64_t b) {
  if constexpr (is_soft_f64<F>)
    return SoftF64::from_bits(b);
  else
    return bits_double(b);
}

// x as an F of the same bits: the identity when x is an F already (on every device), a
// reinterpretation between double and SoftF64 otherwise (a host test of both).
template <class F, class G>
FVMAF_HD inline F f64_as(G x) {
  if constexpr (std::is_same_v<F, G>)
    return x;
  else
    return f64_from_bits<F>(f64_bits(x));
}

// Host only: a run-time double as an F (an argument struct's f64 member filled from an
// option), and an F back as a double.
template <class F = f64>
inline F host_to_f64(double d) {
  if constexpr (is_soft_f64<F>)
    return SoftF64::from_host_double(d);
  else
    return d;
}
inline double f64_to_host(double x) { return x; }
inline double f64_to_host(SoftF64 x) { return x.to_host_double(); }

}  // namespace fastvmaf::hd
