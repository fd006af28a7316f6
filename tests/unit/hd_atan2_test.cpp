// hd::glibc_atan2 (src/core/hd/atan2.hpp) against glibc's atan2, bit for bit.
//
// CIEDE2000 takes atan2((double)b, (double)a') of two floats of Lab, each within about
// +-400, either possibly zero (a grey pixel) or tiny; 2^62 pairs cannot be swept, so the
// routine is glibc's operations in glibc's order, and the test checks:
//  - every special value against every other, in both places and with both signs (zeros,
//    infinities, NaNs with and without payloads, subnormals, the extremes);
//  - both sides of every threshold the routine tests, a few ulps each way: the exponent
//    gap of 57 (glibc's +-pi/2, +-pi and y/x answers), the 2^-500 / 2^500 rescaling,
//    |y| = |x| (which quotient, which quadrant), u = 1/16 (polynomial or table), the
//    points where u * 256 rounds to the next table row, u at the rows' own points x_i
//    (the other form of the exact sum v + dv), in all four quadrants; a tally of the
//    routine's paths (Paths below) checks that each of them was reached;
//  - random float pairs over CIEDE's domain: uniform in [-400, 400]^2, uniform over the
//    float bit patterns of that box (tiny and subnormal floats too), one coordinate +-0;
//  - random doubles: any bits, and pairs of nearby exponents (which take the general path;
//    random bits mostly do not);
//  - glibc_atan2(SoftF64) against the double routine, on samples of all of the above;
//  - the routine built without FMA instructions (its dfma_rn then libm's fma(), as in the
//    host's "default" clone) and the public glibc_atan2 (whichever clone the loader took).
// With FASTVMAF_EXHAUSTIVE=1 the sweeps at the end compare 1e9 more float pairs of the
// domain and 4e8 nearby-exponent double pairs (a few minutes on one core).
// glibc picks its atan2 by CPU: the FMA build on CPUs with FMA and AVX2, which is the one
// hd::glibc_atan2 follows; elsewhere the comparison is skipped.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/hd/atan2.hpp"
#include "float_bits.hpp"
#include "glibc_libm.hpp"

namespace fastvmaf::hd {
namespace {

using test::bits;
using test::dbl;
using test::exhaustive;
using test::flt;

// glibc's atan2 through a pointer, so that no compiler folds or inlines it.
double (*volatile g_libm_atan2)(double, double) = &::atan2;

// d moved by n ulps along the bit patterns (n of either sign, within d's sign).
double step(double d, std::int64_t n) { return dbl(bits(d) + static_cast<std::uint64_t>(n)); }



// The routine as the device and the host's FMA clone compute it, FMA instructions inlined
// (flatten: as in atan2.cpp, the routine is too large to be inlined otherwise, and its
// out-of-line copy is built for the baseline target).
__attribute__((target("fma"), flatten)) double ours_fma(double y, double x) { return atan2_detail::evaluate(y, x); }
// And as the host's "default" clone computes it: this function has no FMA in its target
// (the tests are built for baseline x86-64), so each dfma_rn is a call of libm's fma().
__attribute__((flatten, noinline)) double ours_plain(double y, double x) { return atan2_detail::evaluate(y, x); }

// ---- which path an input takes ----------------------------------------------------------

// The routine's paths, worked out from its own tests (so that a sweep can say it reached
// each). The second form of cor in the polynomial quadrants cannot be reached (there
// u < 1/16 < pi/2) and has no entry.
enum Path : int {
  kNaN,
  kSpecial,       // a zero or an infinity
  kGapHalfPi,     // exponents 57 or more apart, |y| the larger
  kGapQuotient,   // ... |x| the larger, x > 0: y / x
  kGapPi,         // ... |x| the larger, x < 0: +-pi
  kScaledUp,      // ax or ay below 2^-500
  kScaledDown,    // ax or ay above 2^500
  kQ1Poly,        // x > 0, |y| < |x|: atan(u), u < 1/16
  kQ1Table,       //   ... u >= 1/16
  kQ1TableDvAlt,  //   ... with |u - x_i| <= |du| (dv's other form)
  kQ2Poly,        // x > 0, |y| >= |x|: pi/2 - atan(u)
  kQ2Table,
  kQ3Poly,        // x < 0, |y| > |x|: pi/2 + atan(u)
  kQ3Table,
  kQ4Poly,        // x < 0, |y| <= |x|: pi - atan(u)
  kQ4Table,
  kPathCount
};
constexpr const char* kPathNames[kPathCount] = {
    "NaN",      "special",      "gap pi/2", "gap y/x",  "gap pi",  "scaled up", "scaled down", "Q1 poly",
    "Q1 table", "Q1 table dv'", "Q2 poly",  "Q2 table", "Q3 poly", "Q3 table",  "Q4 poly",     "Q4 table"};

using Paths = std::array<std::uint64_t, kPathCount>;

__attribute__((target("fma"), flatten)) void tally(double y, double x, Paths& paths) {
  using namespace atan2_detail;
  const std::uint64_t ix = bits(x), iy = bits(y), ax_bits = ix & ~kSign, ay_bits = iy & ~kSign;
  if (ax_bits > kInf || ay_bits > kInf) return void(++paths[kNaN]);
  if (ax_bits == 0 || ay_bits == 0 || ax_bits == kInf || ay_bits == kInf) return void(++paths[kSpecial]);
  const bool x_negative = (ix >> 63) != 0;
  const std::int32_t de = static_cast<std::int32_t>((iy >> 32) & 0x7ff00000u) -
                          static_cast<std::int32_t>((ix >> 32) & 0x7ff00000u);
  if (de >= kExponentGap) return void(++paths[kGapHalfPi]);
  if (de <= -kExponentGap) return void(++paths[x_negative ? kGapPi : kGapQuotient]);
  double ax = dbl(ax_bits), ay = dbl(ay_bits);
  if (ax < kTiny || ay < kTiny) {
    ++paths[kScaledUp];
    ax *= kHuge;
    ay *= kHuge;
  }
  if (ax > kHuge || ay > kHuge) {
    ++paths[kScaledDown];
    ax *= kTiny;
    ay *= kTiny;
  }
  double u, du;
  const bool y_smaller = ay < ax;
  y_smaller ? quotient(ay, ax, u, du) : quotient(ax, ay, u, du);
  const bool small = u < kTableFrom;
  if (!x_negative && y_smaller) {
    if (small) return void(++paths[kQ1Poly]);
    ++paths[kQ1Table];
    if (std::fabs(u - row<double>(row_index(u)).x) <= std::fabs(du)) ++paths[kQ1TableDvAlt];
  } else if (!x_negative) {
    ++paths[small ? kQ2Poly : kQ2Table];
  } else if (ax < ay) {
    ++paths[small ? kQ3Poly : kQ3Table];
  } else {
    ++paths[small ? kQ4Poly : kQ4Table];
  }
}

std::string describe(const Paths& paths) {
  std::string s;
  for (int p = 0; p < kPathCount; ++p)
    if (paths[p] != 0) s += std::string(s.empty() ? "" : ", ") + kPathNames[p] + " " + std::to_string(paths[p]);
  return s;
}
// The tally on the test's output, so that a run shows what its inputs exercised.
void report(const Paths& paths) { std::printf("[    paths ] %s\n", describe(paths).c_str()); }

// Counts the inputs where the two differ and reports the first few; tallies the paths.
class Compare {
 public:
  __attribute__((target("fma"))) void operator()(double y, double x) {
    const double libm = g_libm_atan2(y, x), ours = ours_fma(y, x);
    if (bits(libm) != bits(ours) && ++differ_ <= 5)
      ADD_FAILURE() << "atan2(" << std::hexfloat << y << ", " << x << "): glibc " << libm << ", hd::glibc_atan2 "
                    << ours;
    ++checked_;
    if (tally_) tally(y, x, paths_);
  }
  // Every sign combination of (y, x).
  void signs(double y, double x) {
    (*this)(y, x);
    (*this)(-y, x);
    (*this)(y, -x);
    (*this)(-y, -x);
  }
  void no_tally() { tally_ = false; }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }
  const Paths& paths() const { return paths_; }

 private:
  std::uint64_t differ_ = 0, checked_ = 0;
  bool tally_ = true;
  Paths paths_{};
};

// ---- input generators ---------------------------------------------------------------------

// Any finite double of biased exponent field e (0: subnormal) and random sign and mantissa.
double with_exponent(std::mt19937_64& rng, int e) {
  return dbl((rng() & 0x800fffffffffffffull) | (static_cast<std::uint64_t>(e) << 52));
}
// A random float of CIEDE's box: uniform in value, or uniform over the bit patterns of
// magnitude <= 400 (so tiny and subnormal floats as often as large ones), either sign.
float box_float(std::mt19937_64& rng, bool by_bits) {
  if (!by_bits) return std::uniform_real_distribution<float>(-400.0f, 400.0f)(rng);
  constexpr std::uint32_t k400 = 0x43c80000u;  // 400.0f
  const std::uint64_t r = rng();
  return flt(static_cast<std::uint32_t>((r >> 32) % (k400 + 1)) | static_cast<std::uint32_t>(r & 1) << 31);
}
// A pair of doubles whose exponents are at most 60 apart, anywhere in the range.
void nearby_pair(std::mt19937_64& rng, double& y, double& x) {
  const int e = static_cast<int>(rng() % 2047), d = static_cast<int>(rng() % 121) - 60;
  const int e2 = e + d < 0 ? 0 : (e + d > 2046 ? 2046 : e + d);
  y = with_exponent(rng, e);
  x = with_exponent(rng, e2);
  if (rng() & 1) std::swap(x, y);
}

// ---- special values --------------------------------------------------------------------

const std::vector<double>& special_values() {
  static const std::vector<double> values = [] {
    std::vector<double> v;
    for (std::uint64_t b :
         {0x0000000000000000ull, 0x0000000000000001ull, 0x0000000000000002ull, 0x000fffffffffffffull,
          0x0008000000000000ull, 0x0010000000000000ull, 0x0010000000000001ull, 0x3ff0000000000000ull,
          0x3fefffffffffffffull, 0x3ff0000000000001ull, 0x7fefffffffffffffull, 0x7fe0000000000000ull,
          0x7ff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull, 0x7ff4000000000abcull,
          0x7ffc000000001234ull, 0x7fffffffffffffffull, 0x20b0000000000000ull, 0x5f30000000000000ull,
          0x3fb0000000000000ull, 0x4079000000000000ull /* 400 */, 0x36a0000000000000ull /* 2^-149 */})
      for (std::uint64_t sign : {0ull, 0x8000000000000000ull}) v.push_back(dbl(b | sign));
    return v;
  }();
  return values;
}

TEST(HdAtan2, SpecialValuesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  Compare compare;
  for (double y : special_values())
    for (double x : special_values()) compare(y, x);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  report(compare.paths());
  EXPECT_GT(compare.paths()[kNaN], 0u);
  EXPECT_GT(compare.paths()[kSpecial], 0u);
}

// ---- every threshold ------------------------------------------------------------------------

TEST(HdAtan2, EveryPathBoundaryEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  std::mt19937_64 rng(20240711);
  Compare compare;
  // The exponent gap: fields 54..60 apart each way, from subnormal to the largest.
  for (int e = 0; e <= 2046; ++e)
    for (int gap = 54; gap <= 60; ++gap) {
      if (e + gap > 2046) continue;
      for (int n = 0; n < 2; ++n) {
        const double small = with_exponent(rng, e), large = with_exponent(rng, e + gap);
        compare.signs(small, large);
        compare.signs(large, small);
      }
    }
  // The rescaling: one of ax, ay within a few ulps of 2^-500 or 2^500, the other at ratios
  // 2^-56 .. 2^56 (both ways).
  for (double edge : {0x1p-500, 0x1p500})
    for (int d = -4; d <= 4; ++d)
      for (int k = -56; k <= 56; k += 4) {
        const double mantissa = dbl(bits(1.0) | (rng() & 0x000fffffffffffffull));
        const double a = step(edge, d), b = std::ldexp(mantissa, k) * edge;
        compare.signs(a, b);
        compare.signs(b, a);
      }
  // |y| = |x| and around it, in every quadrant, at many exponents (subnormal too).
  for (int e = 0; e <= 2046; e += 3) {
    const double x = std::fabs(with_exponent(rng, e));
    for (int d = -3; d <= 3; ++d) compare.signs(step(x, d), x);
  }
  // u around 1/16 (the polynomial's end) and around each point where u * 256 rounds to the
  // next row ((k + 1/2) / 256, k = 16..255): y = x * r rounded, then nearby ulps, both ways.
  std::vector<double> ratios{0x1p-4};
  for (int k = 16; k < 256; ++k) ratios.push_back((k + 0.5) / 256);
  for (double r : ratios)
    for (int n = 0; n < 12; ++n) {
      const int e = n < 2 ? static_cast<int>(rng() % 60) + 1 : (n < 4 ? 2046 - static_cast<int>(rng() % 60)
                                                                     : 1023 - 40 + static_cast<int>(rng() % 80));
      const double x = std::fabs(with_exponent(rng, e));
      const double y = x * r;
      for (int d = -3; d <= 3; ++d) {
        compare.signs(step(y, d), x);
        compare.signs(x, step(y, d));
      }
    }
  // u at the rows' own points: |u - x_i| <= |du| takes dv's other form.
  for (int i = 0; i <= 240; ++i)
    for (int n = 0; n < 8; ++n) {
      const double x = 1.0 + static_cast<double>(rng() >> 11) * 0x1p-53;
      const double xi = atan2_detail::row<double>(i).x;
      for (int d = -1; d <= 1; ++d) compare.signs(step(xi * x, d), x);
    }
  // Ratios near 0 short of the gap (the polynomial for tiny u), and near 1.
  for (int n = 0; n < 20000; ++n) {
    const double x = std::fabs(with_exponent(rng, 1023 + static_cast<int>(rng() % 64) - 32));
    compare.signs(std::ldexp(x, -static_cast<int>(rng() % 57)) * (1 + 0x1p-20 * static_cast<double>(rng() % 1024)), x);
    compare.signs(x * (1 - 0x1p-40 * static_cast<double>(rng() % 100000)), x);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  report(compare.paths());
  for (int p = kGapHalfPi; p < kPathCount; ++p)
    EXPECT_GT(compare.paths()[p], 0u) << kPathNames[p] << " not reached: " << describe(compare.paths());
}

// ---- CIEDE's domain ---------------------------------------------------------------------

constexpr unsigned kBoxShards = 4;
constexpr int kBoxPairsPerShard = 12000000;

class FloatBox : public ::testing::TestWithParam<unsigned> {};

// a, b floats in [-400, 400]: uniform in value, uniform over the bit patterns, and mixed.
TEST_P(FloatBox, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  std::mt19937_64 rng(0x5eed0000u + GetParam());
  Compare compare;
  for (int n = 0; n < kBoxPairsPerShard; ++n) {
    const bool by_bits_y = (n & 3) == 1 || (n & 3) == 3, by_bits_x = (n & 3) >= 2;
    compare(box_float(rng, by_bits_y), box_float(rng, by_bits_x));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  report(compare.paths());
}

INSTANTIATE_TEST_SUITE_P(Shard, FloatBox, ::testing::Range(0u, kBoxShards));

// One coordinate +-0 or the smallest floats, the other anywhere in the box (grey and
// near-grey pixels), and both tiny.
TEST(HdAtan2, FloatBoxEdgesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  std::mt19937_64 rng(99);
  Compare compare;
  const float tiny[] = {0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1p-126f, 0x1.fffffcp-127f, 1e-30f, -1e-20f, 1e-10f};
  for (float t : tiny)
    for (int n = 0; n < 40000; ++n) {
      const float f = box_float(rng, n & 1);
      compare(t, f);
      compare(f, t);
    }
  for (int n = 0; n < 200000; ++n) {
    const float a = flt(static_cast<std::uint32_t>(rng() % 0x01000000u) | (n & 1u) << 31);  // |a| < 2^-125
    compare(a, box_float(rng, true));
    compare(box_float(rng, true), a);
    compare(a, flt(static_cast<std::uint32_t>(rng() % 0x01000000u)));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  report(compare.paths());
}

// ---- the whole range -------------------------------------------------------------------------

TEST(HdAtan2, RandomDoublesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  std::mt19937_64 rng(7);
  Compare compare;
  for (int n = 0; n < 2000000; ++n) compare(dbl(rng()), dbl(rng()));
  for (int n = 0; n < 4000000; ++n) {
    double y, x;
    nearby_pair(rng, y, x);
    compare(y, x);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  report(compare.paths());
}

// ---- SoftF64, the default clone, the public function -----------------------------------

// Inputs of every kind above, for the comparisons between our own versions.
std::vector<std::array<double, 2>> mixed_inputs(int count) {
  std::mt19937_64 rng(31337);
  std::vector<std::array<double, 2>> v;
  for (double y : special_values())
    for (double x : special_values()) v.push_back({y, x});
  while (static_cast<int>(v.size()) < count) {
    double y, x;
    switch (v.size() % 5) {
      case 0:
        y = box_float(rng, false);
        x = box_float(rng, false);
        break;
      case 1:
        y = box_float(rng, true);
        x = box_float(rng, true);
        break;
      case 2:
        nearby_pair(rng, y, x);
        break;
      case 3: {  // around the table's rounding points and 1/16
        x = std::fabs(with_exponent(rng, 1023 + static_cast<int>(rng() % 20) - 10));
        y = step(x * ((static_cast<int>(rng() % 241) + 15.5) / 256), static_cast<std::int64_t>(rng() % 7) - 3);
        if (rng() & 1) y = -y;
        if (rng() & 1) x = -x;
        if (rng() & 1) std::swap(x, y);
        break;
      }
      default:
        y = dbl(rng());
        x = dbl(rng());
        break;
    }
    v.push_back({y, x});
  }
  return v;
}

TEST(HdAtan2, SoftF64EqualsDouble) {
  std::uint64_t differ = 0;
  for (const auto& [y, x] : mixed_inputs(500000)) {
    const double d = ours_fma(y, x);
    const SoftF64 s = glibc_atan2(SoftF64::from_host_double(y), SoftF64::from_host_double(x));
    if (bits(d) != s.bits() && ++differ <= 5)
      ADD_FAILURE() << "atan2(" << std::hexfloat << y << ", " << x << "): double " << d << ", SoftF64 "
                    << s.to_host_double();
  }
  EXPECT_EQ(differ, 0u);
}

TEST(HdAtan2, DefaultCloneAndPublicFunctionEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  std::uint64_t differ = 0, checked = 0;
  for (const auto& [y, x] : mixed_inputs(1000000)) {
    const double libm = g_libm_atan2(y, x), plain = ours_plain(y, x), pub = glibc_atan2(y, x);
    if ((bits(libm) != bits(plain) || bits(libm) != bits(pub)) && ++differ <= 5)
      ADD_FAILURE() << "atan2(" << std::hexfloat << y << ", " << x << "): glibc " << libm << ", without FMA " << plain
                    << ", glibc_atan2 " << pub;
    ++checked;
  }
  EXPECT_EQ(differ, 0u) << "of " << checked;
}

// ---- the long sweeps: a thousandth of them in CI, whole with FASTVMAF_EXHAUSTIVE=1 ----------

constexpr unsigned kLongShards = 8;

class FloatBoxLong : public ::testing::TestWithParam<unsigned> {};

// 1e9 float pairs of the box (1.25e8 a shard), half uniform in value, half over the bits.
TEST_P(FloatBoxLong, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  const int count = exhaustive() ? 125000000 : 125000;
  std::mt19937_64 rng(0xc1ede000u + GetParam());
  Compare compare;
  compare.no_tally();
  for (int n = 0; n < count; ++n) compare(box_float(rng, n & 1), box_float(rng, (n >> 1) & 1));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

INSTANTIATE_TEST_SUITE_P(Shard, FloatBoxLong, ::testing::Range(0u, kLongShards));

class NearbyDoublesLong : public ::testing::TestWithParam<unsigned> {};

// 4e8 double pairs of exponents at most 60 apart (1e8 a shard).
TEST_P(NearbyDoublesLong, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("atan2");
  const int count = exhaustive() ? 100000000 : 100000;
  std::mt19937_64 rng(0xd0b1e000u + GetParam());
  Compare compare;
  compare.no_tally();
  for (int n = 0; n < count; ++n) {
    double y, x;
    nearby_pair(rng, y, x);
    compare(y, x);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

INSTANTIATE_TEST_SUITE_P(Shard, NearbyDoublesLong, ::testing::Range(0u, 4u));

}  // namespace
}  // namespace fastvmaf::hd
