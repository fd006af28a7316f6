// hd::SoftF64 (src/core/hd/f64.hpp) against the host's double, bit for bit: every
// operation on edge values (signed zeros, subnormals, the smallest and largest normals,
// powers of two, ties, results that overflow or round up across a power of two, infinities
// and NaNs) and on millions of random operands; then the routines that the fp64-free
// devices compute through it (ADM's angle test and enhancement, VIF's statistic, SpEED's
// double steps and hd::glibc_log2), instantiated with double and with SoftF64 side by
// side over the inputs their features reach.
//
// The host reference is x86-64's: a NaN operand comes back quieted, the first in the
// instruction's operand order. The compiler may swap the operands of a + b or a * b, so
// where both operands are NaNs the reference is the instruction itself, with its operands
// in the order written (inline assembly).
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <emmintrin.h>

#include "core/hd/f64.hpp"
#include "float_bits.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::hd {
namespace {

using u64 = std::uint64_t;

using test::bits;
using test::dbl;
using test::fbits;
using test::flt;
SoftF64 soft(double d) { return SoftF64::from_host_double(d); }

std::string hex(u64 b) {
  char s[64];
  std::snprintf(s, sizeof s, "%016llx (%.17g)", static_cast<unsigned long long>(b), dbl(b));
  return s;
}

// ---- the host's operations, as x86-64 executes them ----------------------------------------
// The operands reach the instructions at run time (no constant folding), first operand first.
double host_add(double a, double b) {
  __asm__("addsd %1, %0" : "+x"(a) : "x"(b));
  return a;
}
double host_sub(double a, double b) {
  __asm__("subsd %1, %0" : "+x"(a) : "x"(b));
  return a;
}
double host_mul(double a, double b) {
  __asm__("mulsd %1, %0" : "+x"(a) : "x"(b));
  return a;
}
double host_div(double a, double b) {
  __asm__("divsd %1, %0" : "+x"(a) : "x"(b));
  return a;
}
double host_sqrt(double a) {
  double r;
  __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(a));
  return r;
}
// vfmadd213sd: b = a * b + c. Its NaN operand is the first of the formula's order
// (a, b, c here), whichever register holds the result.
__attribute__((target("fma"))) double host_fma_insn(double a, double b, double c) {
  __asm__("vfmadd213sd %2, %1, %0" : "+x"(b) : "x"(a), "x"(c));
  return b;
}
bool host_has_fma() { return __builtin_cpu_supports("fma"); }
// libm's fma where the CPU has no FMA instruction: the same result but for the choice
// between two NaN operands, which the tests then leave out.
double host_fma(double a, double b, double c) { return host_has_fma() ? host_fma_insn(a, b, c) : std::fma(a, b, c); }
float host_to_float(double a) { return _mm_cvtss_f32(_mm_cvtsd_ss(_mm_setzero_ps(), _mm_set_sd(a))); }
int host_to_int(double a) { return _mm_cvttsd_si32(_mm_set_sd(a)); }
long long host_to_ll(double a) { return _mm_cvttsd_si64(_mm_set_sd(a)); }

bool is_nan(double x) { return x != x; }

// ---- the values -------------------------------------------------------------------------------

// Edge values of both signs.
std::vector<double> edge_values() {
  const u64 positive[] = {
      0x0000000000000000ull,  // 0
      0x0000000000000001ull,  // the smallest subnormal
      0x0000000000000002ull, 0x0000000000000003ull,
      0x0007ffffffffffffull, 0x0008000000000000ull,
      0x000fffffffffffffull,  // the largest subnormal
      0x0010000000000000ull,  // the smallest normal
      0x0010000000000001ull, 0x001fffffffffffffull, 0x0020000000000000ull,
      0x3ca0000000000000ull,  // 2^-53
      0x3cb0000000000000ull,  // 2^-52
      0x3fe0000000000000ull,  // 0.5
      0x3fefffffffffffffull,  // 1 - 2^-53
      0x3ff0000000000000ull,  // 1
      0x3ff0000000000001ull,  // 1 + 2^-52
      0x3ff0000000000002ull, 0x3ff8000000000000ull,  // 1.5
      0x3fffffffffffffffull,  // 2 - 2^-52
      0x4000000000000000ull,  // 2
      0x4008000000000000ull,  // 3
      0x3fd5555555555555ull,  // 1/3
      0x400921fb54442d18ull,  // pi
      0x4340000000000000ull,  // 2^53
      0x4340000000000001ull,  // 2^53 + 2
      0x433fffffffffffffull,  // 2^53 - 1
      0x41dfffffffc00000ull,  // 2^31 - 1
      0x41e0000000000000ull,  // 2^31
      0x41e0000000100000ull,  // 2^31 + 0.5
      0x41dfffffffe00000ull,  // 2^31 - 0.5
      0x43e0000000000000ull,  // 2^63
      0x43dfffffffffffffull,  // below 2^63
      0x47efffffe0000000ull,  // FLT_MAX
      0x47efffffefffffffull,  // just below FLT_MAX + half its ulp
      0x47effffff0000000ull,  // FLT_MAX + half an ulp: a tie that overflows
      0x3810000000000000ull,  // FLT_MIN
      0x36a0000000000000ull,  // the smallest float subnormal
      0x3690000000000000ull,  // half of it: a tie to 0
      0x3698000000000000ull,  // 3/4 of it
      0x5fe0000000000000ull,  // 2^511
      0x1ff0000000000000ull,  // 2^-511
      0x7fe0000000000000ull,  // 2^1023
      0x7fefffffffffffffull,  // the largest normal
      0x7fe0000000000001ull,
      0x7ff0000000000000ull,  // inf
      0x7ff8000000000000ull,  // the quiet NaN
      0x7ff8000000000123ull,  // a quiet NaN with a payload
      0x7ff0000000000001ull,  // a signalling NaN
      0x7ff4000000000abcull,  // another
  };
  std::vector<double> v;
  for (const u64 b : positive) {
    v.push_back(dbl(b));
    v.push_back(dbl(b | 0x8000000000000000ull));
  }
  return v;
}

// Random operands of several kinds: any bit pattern; any sign, exponent and significand
// with few specials; the exponent in a band (subnormal and overflowing results);
// significands of few bits (exact and tie cases); integers and floats as doubles (what
// the features convert).
class Values {
 public:
  explicit Values(unsigned seed) : rng_(seed) {}

  double any() {
    switch (rng_() % 8) {
      case 0: return dbl(rng_());
      case 1: return dbl(sign() | (static_cast<u64>(rng_() % 2047) << 52) | frac());
      case 2: return dbl(sign() | (static_cast<u64>(rng_() % 120) << 52) | frac());          // tiny
      case 3: return dbl(sign() | (static_cast<u64>(1927 + rng_() % 120) << 52) | frac());  // huge
      case 4: return dbl(sign() | (static_cast<u64>(1023 - 40 + rng_() % 80) << 52) | short_frac());
      case 5: return static_cast<double>(static_cast<std::int32_t>(rng_()));
      case 6: return static_cast<double>(flt(static_cast<std::uint32_t>(rng_())));
      default: return dbl(sign() | (static_cast<u64>(1023 - 30 + rng_() % 60) << 52) | frac());
    }
  }
  // A second operand near the first: its exponent within a few binades (cancellation,
  // alignment by a few bits, carries), or the first itself with a few bits changed.
  double near(double a) {
    const u64 b = bits(a);
    if (rng_() % 2) return dbl(b ^ (rng_() & ((u64{1} << (rng_() % 64)) - 1)) ^ (rng_() % 4 == 0 ? 0x8000000000000000ull : 0));
    const int e = static_cast<int>((b >> 52) & 0x7ff) + static_cast<int>(rng_() % 121) - 60;
    const u64 ec = static_cast<u64>(e < 0 ? 0 : (e > 2046 ? 2046 : e));
    return dbl(sign() | (ec << 52) | frac());
  }
  u64 raw() { return rng_(); }

 private:
  u64 sign() { return rng_() % 2 ? 0x8000000000000000ull : 0; }
  u64 frac() { return rng_() & 0x000fffffffffffffull; }
  u64 short_frac() { return (rng_() & 0xfull) << (rng_() % 49); }
  std::mt19937_64 rng_;
};

// ---- comparison ---------------------------------------------------------------------------------

// Counts the differing results and reports the first few.
class Check {
 public:
  explicit Check(const char* what) : what_(what) {}
  ~Check() { EXPECT_EQ(differ_, 0u) << what_ << ": " << differ_ << " of " << checked_ << " results differ"; }
  // `args` formats the operands, only for a report.
  template <class Args>
  void operator()(u64 want, u64 got, Args&& args) {
    ++checked_;
    if (want != got && ++differ_ <= 5) ADD_FAILURE() << what_ << "(" << args() << "): host " << hex(want) << ", soft " << hex(got);
  }
  std::uint64_t checked() const { return checked_; }

 private:
  const char* what_;
  std::uint64_t checked_ = 0, differ_ = 0;
};

std::string args(double a) { return hex(bits(a)); }
std::string args(double a, double b) { return hex(bits(a)) + ", " + hex(bits(b)); }
std::string args(double a, double b, double c) { return args(a, b) + ", " + hex(bits(c)); }

struct Binary {
  const char* name;
  double (*host)(double, double);
  SoftF64 (*soft)(SoftF64, SoftF64);
};
const Binary kBinary[] = {
    {"dadd_rn", host_add, [](SoftF64 a, SoftF64 b) { return dadd_rn(a, b); }},
    {"dsub_rn", host_sub, [](SoftF64 a, SoftF64 b) { return dsub_rn(a, b); }},
    {"dmul_rn", host_mul, [](SoftF64 a, SoftF64 b) { return dmul_rn(a, b); }},
    {"ddiv_rn", host_div, [](SoftF64 a, SoftF64 b) { return ddiv_rn(a, b); }},
};

void check_binary(const Binary& op, Check& check, double a, double b) {
  check(bits(op.host(a, b)), op.soft(soft(a), soft(b)).bits(), [&] { return args(a, b); });
}

TEST(SoftF64, ConstantsAreTheirBits) {
  static_assert(SoftF64(1.0).bits() == 0x3ff0000000000000ull);
  static_assert(SoftF64(-0.0).bits() == 0x8000000000000000ull);
  static_assert(SoftF64(0x1p-1074).bits() == 1);
  constexpr SoftF64 eps(65536 * 1.0e-10);
  EXPECT_EQ(eps.bits(), bits(65536 * 1.0e-10));
  EXPECT_EQ(soft(0.1).to_host_double(), 0.1);
  EXPECT_EQ(host_to_f64<SoftF64>(2.5).bits(), bits(2.5));
  EXPECT_EQ(f64_to_host(host_to_f64<SoftF64>(-7.25)), -7.25);
  EXPECT_EQ(f64_bits(f64_from_bits<SoftF64>(12345)), 12345u);
  EXPECT_EQ(f64_bits(f64_from_bits<double>(0x4000000000000000ull)), bits(2.0));
#ifdef FVMAF_SOFT_F64
  static_assert(is_soft_f64<f64>);
#else
  static_assert(std::is_same_v<f64, double>);
#endif
}

TEST(SoftF64, ArithmeticOnEdgeValues) {
  const std::vector<double> v = edge_values();
  for (const Binary& op : kBinary) {
    Check check(op.name);
    for (const double a : v)
      for (const double b : v) check_binary(op, check, a, b);
  }
  Check sqrt_check("dsqrt_rn");
  for (const double a : v) sqrt_check(bits(host_sqrt(a)), dsqrt_rn(soft(a)).bits(), [&] { return args(a); });
}

// Every pair of results that lands exactly between two doubles (ties to even), and sums
// and products whose rounding carries into the next power of two or past the largest double.
TEST(SoftF64, TiesAndCarries) {
  Check add("dadd_rn"), mul("dmul_rn"), div("ddiv_rn");
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200000; ++i) {
    // a + b with b half an ulp of a (or 1.5, 2.5 ulps), both signs: ties.
    const u64 ea = 1 + rng() % 2045;
    const double a = dbl((rng() % 2 ? 0x8000000000000000ull : 0) | (ea << 52) | (rng() & 0x000fffffffffffffull));
    const int k = 53 + static_cast<int>(rng() % 3);
    const double b = std::ldexp(static_cast<double>(1 + 2 * (rng() % 3)), std::ilogb(a) - k) * (rng() % 2 ? -1 : 1);
    check_binary(kBinary[0], add, a, b);
    // Significands of 27 bits: exact products and products that tie at 53 bits.
    const double x = std::ldexp(static_cast<double>((rng() & 0x3ffffffull) | 0x4000000ull), static_cast<int>(rng() % 200) - 100);
    const double y = std::ldexp(static_cast<double>((rng() & 0x3ffffffull) | 0x4000001ull), static_cast<int>(rng() % 200) - 100);
    check_binary(kBinary[2], mul, x, y);
    check_binary(kBinary[2], mul, x * 0x1p-1000, y * 0x1p-30);  // subnormal products
    check_binary(kBinary[3], div, x * y, y);                     // exact quotients
    check_binary(kBinary[3], div, x * 0x1p-1000, y * 0x1p+30);
    // Powers of two (exact but for subnormal and overflowing quotients): any a over
    // +-2^k, k from -1074 to 1023.
    const double p2 = dbl((rng() % 2 ? 0x8000000000000000ull : 0) | ((rng() % 2047) << 52) | (rng() % 64 == 0 ? rng() % 4 : 0));
    check_binary(kBinary[3], div, a, p2);
  }
  // The largest double plus half its ulp overflows; minus a hair it does not.
  const double big = dbl(0x7fefffffffffffffull);
  check_binary(kBinary[0], add, big, 0x1p970);
  check_binary(kBinary[0], add, big, dbl(0x7c9fffffffffffffull));
  check_binary(kBinary[2], mul, big, 1.0 + 0x1p-52);
  check_binary(kBinary[2], mul, dbl(0x3fffffffffffffffull), dbl(0x3ff0000000000001ull));  // rounds up to 4
}

TEST(SoftF64, ArithmeticOnRandomValues) {
  Values values(1);
  for (const Binary& op : kBinary) {
    Check check(op.name);
    for (int i = 0; i < 1500000; ++i) {
      const double a = values.any();
      const double b = i % 2 ? values.near(a) : values.any();
      check_binary(op, check, a, b);
      check_binary(op, check, b, a);
    }
  }
  Check sqrt_check("dsqrt_rn");
  for (int i = 0; i < 3000000; ++i) {
    const double a = i % 4 ? std::fabs(values.any()) : values.any();
    sqrt_check(bits(host_sqrt(a)), dsqrt_rn(soft(a)).bits(), [&] { return args(a); });
  }
}

TEST(SoftF64, FusedMultiplyAdd) {
  const bool insn = host_has_fma();
  Check check("dfma_rn");
  // Without the instruction, libm's fma chooses between NaN operands its own way.
  auto one = [&](double a, double b, double c) {
    if (!insn && is_nan(a) + is_nan(b) + is_nan(c) > 1) return;
    check(bits(host_fma(a, b, c)), dfma_rn(soft(a), soft(b), soft(c)).bits(), [&] { return args(a, b, c); });
  };
  const std::vector<double> v = edge_values();
  for (const double a : v)
    for (const double b : v)
      for (const double c : v) one(a, b, c);
  Values values(2);
  for (int i = 0; i < 3000000; ++i) {
    const double a = values.any(), b = i % 3 ? values.near(a) : values.any();
    switch (i % 4) {
      case 0: one(a, b, values.any()); break;
      case 1: one(a, b, -host_mul(a, b)); break;                // cancels the rounded product
      case 2: one(a, b, values.near(host_mul(a, b))); break;    // near the product
      default: one(a, b, values.near(-host_mul(a, b))); break;  // near its negation
    }
  }
  EXPECT_GT(check.checked(), 3000000u);
}

TEST(SoftF64, Conversions) {
  Values values(3);
  const std::vector<double> v = edge_values();
  {
    Check check("double_to_float_rn");
    auto one = [&](double a) { check(fbits(host_to_float(a)), fbits(double_to_float_rn(soft(a))), [&] { return args(a); }); };
    for (const double a : v) one(a);
    std::mt19937_64 rng(4);
    for (int i = 0; i < 2000000; ++i) {
      one(values.any());
      // Within and around the float range, with ties at float precision.
      const u64 e = 1023 - 160 + rng() % 300;
      one(dbl((rng() % 2 ? 0x8000000000000000ull : 0) | (e << 52) | (rng() & 0x000fffffffffffffull)));
      one(dbl((rng() % 2 ? 0x8000000000000000ull : 0) | (e << 52) | (rng() & 0x000fffffe0000000ull) | 0x10000000ull));
    }
  }
  {
    Check check("float_to_double");
    auto one = [&](std::uint32_t f) { check(bits(static_cast<double>(flt(f))), float_to_double<SoftF64>(flt(f)).bits(), [&] { return hex(f); }); };
    const std::uint32_t edges[] = {0u, 1u, 2u, 0x7fffffu, 0x800000u, 0x3f800000u, 0x7f7fffffu, 0x7f800000u,
                                   0x7fc00000u, 0x7fc00123u, 0x7f800001u, 0x7fa00000u};
    for (const std::uint32_t f : edges) {
      one(f);
      one(f | 0x80000000u);
    }
    for (int i = 0; i < 4000000; ++i) one(static_cast<std::uint32_t>(values.raw()));
  }
  {
    Check to_int("double_to_int_rz"), to_ll("double_to_ll_rz");
    auto one = [&](double a) {
      to_int(static_cast<u64>(host_to_int(a)), static_cast<u64>(double_to_int_rz(soft(a))), [&] { return args(a); });
      to_ll(static_cast<u64>(host_to_ll(a)), static_cast<u64>(double_to_ll_rz(soft(a))), [&] { return args(a); });
    };
    for (const double a : v) one(a);
    const double around[] = {2147483647.0, 2147483647.5, 2147483648.0, -2147483648.0, -2147483648.5,
                             -2147483649.0, 0x1p63, -0x1p63, 0x1.fffffffffffffp62, -0x1.fffffffffffffp62,
                             0.5, -0.5, 0.9999999999999999, 1.0, -1.0, 4294967296.5};
    for (const double a : around) one(a);
    std::mt19937_64 rng(5);
    for (int i = 0; i < 2000000; ++i) {
      one(values.any());
      const u64 e = 1023 - 4 + rng() % 70;  // 2^-4 .. 2^65
      one(dbl((rng() % 2 ? 0x8000000000000000ull : 0) | (e << 52) | (rng() & 0x000fffffffffffffull)));
    }
  }
  {
    Check from_int("int_to_double"), from_uint("uint_to_double"), from_ll("ll_to_double_rn"),
        from_ull("ull_to_double_rn");
    auto one = [&](u64 x) {
      const auto i = static_cast<std::int32_t>(x);
      const auto u = static_cast<std::uint32_t>(x);
      const auto ll = static_cast<long long>(x);
      from_int(bits(static_cast<double>(i)), int_to_double<SoftF64>(i).bits(), [&] { return std::to_string(i); });
      from_uint(bits(static_cast<double>(u)), uint_to_double<SoftF64>(u).bits(), [&] { return std::to_string(u); });
      from_ll(bits(static_cast<double>(ll)), ll_to_double_rn<SoftF64>(ll).bits(), [&] { return std::to_string(ll); });
      from_ull(bits(static_cast<double>(x)), ull_to_double_rn<SoftF64>(x).bits(), [&] { return std::to_string(x); });
    };
    for (int s = 0; s < 64; ++s)
      for (const u64 d : {u64{0}, u64{1}, u64{2}, u64{3}, ~u64{0}}) {
        one((u64{1} << s) + d);
        one((u64{1} << s) - d);
        one(0 - (u64{1} << s) - d);
        one((u64{1} << s) | (u64{1} << (s > 10 ? s - 10 : 0)));  // ties at 53 bits
      }
    std::mt19937_64 rng(6);
    for (int i = 0; i < 2000000; ++i) one(rng() >> (rng() % 64));
  }
}

TEST(SoftF64, ComparisonsAndSigns) {
  Check lt("<"), le("<="), gt(">"), ge(">="), eq("=="), ne("!="), neg("-"), abs("dabs");
  auto one = [&](double a, double b) {
    const SoftF64 sa = soft(a), sb = soft(b);
    const auto s = [&] { return args(a, b); };
    lt(a < b, sa < sb, s);
    le(a <= b, sa <= sb, s);
    gt(a > b, sa > sb, s);
    ge(a >= b, sa >= sb, s);
    eq(a == b, sa == sb, s);
    ne(a != b, sa != sb, s);
    neg(bits(-a), (-sa).bits(), s);
    abs(bits(std::fabs(a)), dabs(sa).bits(), s);
  };
  const std::vector<double> v = edge_values();
  for (const double a : v)
    for (const double b : v) one(a, b);
  Values values(8);
  for (int i = 0; i < 2000000; ++i) {
    const double a = values.any();
    one(a, i % 2 ? values.near(a) : values.any());
  }
}

// fsqrt_via_f64, the SYCL kernels' float sqrt (core/hd/rounding.hpp), is the host's IEEE
// sqrtf: every float of the subnormal binade and every third of [1, 2), every 211th float
// of the rest, the signs, zeros, infinities and NaN.
TEST(SoftF64, FloatSqrtThroughTheDoubleOne) {
  std::uint32_t differ = 0, first = 0, checked = 0;
  auto check = [&](std::uint32_t b) {
    const float x = std::bit_cast<float>(b);
    const float want = std::sqrt(x);
    const float got = fsqrt_via_f64(x);
    const bool same = std::isnan(want) ? std::isnan(got) : std::bit_cast<std::uint32_t>(got) == std::bit_cast<std::uint32_t>(want);
    if (!same && differ++ == 0) first = b;
    ++checked;
  };
  for (std::uint32_t m = 0; m < (1u << 23); ++m) check(m);
  for (std::uint32_t m = 0; m < (1u << 23); m += 3) check(127u << 23 | m);
  for (std::uint64_t b = 0; b <= 0xffffffffu; b += 211) check(static_cast<std::uint32_t>(b));
  for (std::uint32_t b : {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u, 0x7f7fffffu,
                          0xbf800000u})
    check(b);
  EXPECT_EQ(differ, 0u) << "first at bits 0x" << std::hex << first << " of " << std::dec << checked;
}

}  // namespace
}  // namespace fastvmaf::hd
