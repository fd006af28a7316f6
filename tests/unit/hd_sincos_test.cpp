// hd::glibc_sin and hd::glibc_cos (src/core/hd/sincos.hpp) against glibc's sin and cos,
// bit for bit, on the domain CIEDE2000 reaches (features/ciede/ciede_math.hpp) and beyond:
//  - every float of magnitude below 8, both signs, as the argument of each: CIEDE's
//    sin((double)f) for f in [0, 1.05] and sin(d / 2.0) for a float d in
//    [-2 pi - 1, 2 pi + 1] (d / 2.0 is a float too), and the rest of [-(2 pi + 1), 2 pi + 1];
//  - the hue weight's four cosines, cos(h - pi/6), cos(2h), cos(3h + pi/30) and
//    cos(4h - 7 pi/20), spelled as ciede_math.hpp spells them, for every float h in
//    [0, 3 pi] (doubles, not floats: up to about 38);
//  - every boundary between the routines' paths (the high-word thresholds, |a| = 0.126,
//    the table's rounding points, the quadrants' edges, near multiples of pi/2) with a
//    few ulps either side, and the special values (zeros, subnormals, infinities, NaNs);
//  - random doubles in [-50, 50], over the whole range below 105414336 (glibc's
//    reduce-by-n-pi/2 path), and above it (__branred's path, which the routines reproduce
//    too);
//  - the SoftF64 overloads against the double ones, and the routine as the host's clone
//    without FMA instructions computes it (libm's fma() for each fused step).
// ctest runs every 37th float and hue of the two sweeps (some 2.4e8 comparisons), the
// boundaries and some 7 million random inputs, sharded so each test stays short (about 3.5 s of
// one core in all); FASTVMAF_EXHAUSTIVE=1 sweeps every float and hue, 10^9 random doubles
// in [-50, 50] and 10^8 of each random kind over the whole range (some 10 minutes).
// glibc picks its sin and cos by CPU: the FMA build on CPUs with FMA and AVX2, which is the
// one hd::glibc_sin/cos follow; elsewhere the comparison is skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/hd/sincos.hpp"
#include "float_bits.hpp"
#include "glibc_libm.hpp"

namespace fastvmaf::hd {
namespace {

using test::bits;
using test::dbl;
using test::exhaustive;
using test::flt;

// glibc's sin and cos through pointers, so that no compiler folds or inlines them.
double (*volatile g_libm_sin)(double) = &::sin;
double (*volatile g_libm_cos)(double) = &::cos;



// The full sweeps, minutes long, only when asked for.


constexpr double kPi = std::numbers::pi;

// The routines as the device and the host's FMA clone compute them, here with FMA
// instructions inlined (the sweeps call them some 10^10 times).
__attribute__((target("fma"), flatten)) double ours_sin(double x) { return sincos_detail::evaluate_sin(x); }
__attribute__((target("fma"), flatten)) double ours_cos(double x) { return sincos_detail::evaluate_cos(x); }

// The same compiled without FMA instructions: each dfma_rn a call of libm's fma(), as in
// the host copy's "default" clone.
__attribute__((noinline)) double ours_sin_no_fma(double x) { return sincos_detail::evaluate_sin(x); }
__attribute__((noinline)) double ours_cos_no_fma(double x) { return sincos_detail::evaluate_cos(x); }

// Counts the inputs where the two differ and reports the first few.
class Compare {
 public:
  __attribute__((target("fma"))) void sin(double x) { check("sin", x, g_libm_sin(x), ours_sin(x)); }
  __attribute__((target("fma"))) void cos(double x) { check("cos", x, g_libm_cos(x), ours_cos(x)); }
  void both(double x) {
    sin(x);
    cos(x);
  }
  void check(const char* what, double x, double libm, double ours) {
    if (bits(libm) != bits(ours) && ++differ_ <= 5)
      ADD_FAILURE() << what << "(" << std::hexfloat << x << "): glibc " << libm << ", hd::glibc_" << what << " " << ours;
    ++checked_;
  }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }

 private:
  std::uint64_t differ_ = 0, checked_ = 0;
};

// ---- every float below 8 in magnitude, both signs ------------------------------------

// The non-negative float bit patterns below 8.0f, in shards; ctest takes every kStride-th
// pattern (a different offset in each shard), FASTVMAF_EXHAUSTIVE=1 all of them.
constexpr unsigned kFloatShards = 8;
constexpr std::uint32_t kFloatEnd = 0x41000000u;  // 8.0f > 2 pi + 1
constexpr std::uint32_t kStride = 37;

class SinCosEveryFloat : public ::testing::TestWithParam<unsigned> {};

TEST_P(SinCosEveryFloat, SinAndCosEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  const std::uint32_t span = kFloatEnd / kFloatShards;
  const std::uint32_t first = GetParam() * span;
  const std::uint32_t step = exhaustive() ? 1 : kStride;
  Compare compare;
  for (std::uint32_t u = first + (step == 1 ? 0 : GetParam() % step); u < first + span; u += step) {
    const double x = static_cast<double>(flt(u));
    compare.both(x);
    compare.both(-x);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

INSTANTIATE_TEST_SUITE_P(Shard, SinCosEveryFloat, ::testing::Range(0u, kFloatShards));

// ---- CIEDE's hue weight --------------------------------------------------------------

// cos's four arguments in hue_weight_t (ciede_math.hpp), for every float h in [0, 3 pi].
constexpr unsigned kHueShards = 8;

class SinCosEveryHue : public ::testing::TestWithParam<unsigned> {};

TEST_P(SinCosEveryHue, CosArgumentsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  const std::uint32_t end = float_bits(static_cast<float>(3 * kPi)) + 1;  // 3 pi rounds up: past 3 pi
  const std::uint32_t span = end / kHueShards + 1;
  const std::uint32_t first = GetParam() * span, last = std::min(end, first + span);
  const std::uint32_t step = exhaustive() ? 1 : kStride;
  Compare compare;
  for (std::uint32_t u = first + (step == 1 ? 0 : GetParam() % step); u < last; u += step) {
    const double hd = static_cast<double>(flt(u));
    compare.cos(hd - kPi / 6.0);
    compare.cos(2.0 * hd);
    compare.cos(3.0 * hd + kPi / 30.0);
    compare.cos(4.0 * hd - 7.0 * kPi / 20.0);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

INSTANTIATE_TEST_SUITE_P(Shard, SinCosEveryHue, ::testing::Range(0u, kHueShards));

// ---- the paths' boundaries and the special values --------------------------------------

// x and the `ulps` doubles either side of it, both signs.
void around(std::vector<double>& out, double x, int ulps) {
  const std::uint64_t b = bits(std::fabs(x));
  for (int d = -ulps; d <= ulps; ++d) {
    const double y = dbl(b + static_cast<std::uint64_t>(static_cast<std::int64_t>(d)));
    out.push_back(y);
    out.push_back(-y);
  }
}

// The nearest double to m pi/2 + offset (within an ulp: x87's 64-bit product).
double near_multiple_of_half_pi(double m, long double offset) {
  return static_cast<double>(static_cast<long double>(m) * 1.57079632679489661923132169163975144L + offset);
}

const std::vector<double>& boundary_inputs() {
  static const std::vector<double> inputs = [] {
    std::vector<double> v;
    // The high-word thresholds: tiny, small (table), pi/2 - |x|, n pi/2 reduction,
    // __branred, inf/NaN. glibc compares the high word: the boundary is top << 32.
    for (std::uint64_t top : {0x3e400000ull, 0x3e500000ull, 0x3feb6000ull, 0x400368fdull, 0x419921fbull, 0x7ff00000ull})
      around(v, dbl(top << 32), 300);
    // |a| = 0.126, the Taylor polynomial's end: directly (sin below 0.855), as pi/2 - |x|
    // (cos's middle path) and as x - m pi/2 (the reduced paths).
    using sincos_detail::kTaylorMax;
    around(v, kTaylorMax, 300);
    around(v, sincos_detail::kHp0 - kTaylorMax, 64);
    around(v, sincos_detail::kHp0 + kTaylorMax, 64);
    for (int m = 2; m <= 64; ++m) {
      around(v, near_multiple_of_half_pi(m, kTaylorMax), 16);
      around(v, near_multiple_of_half_pi(m, -static_cast<long double>(kTaylorMax)), 16);
    }
    // The table's rounding points (i + 1/2) / 128 between x_i and x_{i+1}: directly, as
    // pi/2 -+ |x| and as x - m pi/2.
    for (int i = 0; i < 110; ++i) {
      const long double edge = (i + 0.5L) / 128;
      around(v, static_cast<double>(edge), 16);
      around(v, static_cast<double>(1.57079632679489661923132169163975144L - edge), 16);
      around(v, static_cast<double>(1.57079632679489661923132169163975144L + edge), 16);
      for (int m : {2, 3, 4, 5, 6, 7, 8, 11, 16, 25, 50, 1000, 123457, 67108863})
        if (i <= 101) {
          around(v, near_multiple_of_half_pi(m, edge), 4);
          around(v, near_multiple_of_half_pi(m, -edge), 4);
        }
    }
    // The quadrants' edges (m + 1/2) pi/2, and the near multiples of pi/2 themselves
    // (a is tiny there: cancellation), up to the reduction's end and beyond.
    std::mt19937_64 rng(1991);
    std::vector<double> ms;
    for (int m = 1; m <= 2000; ++m) ms.push_back(m);
    for (int n = 0; n < 2000; ++n) ms.push_back(static_cast<double>(rng() % 67108864u));
    for (int n = 0; n < 200; ++n) ms.push_back(static_cast<double>(67108864u + rng() % (1u << 30)));
    for (double m : ms) {
      around(v, near_multiple_of_half_pi(m, 0.0L), 8);
      around(v, near_multiple_of_half_pi(m + 0.5, 0.0L), 8);
    }
    // __branred's hardest case (6381956970095103 * 2^797, of all doubles the nearest to a
    // multiple of pi/2), other large values and the largest double.
    for (double x : {0x1.6ac5b262ca1ffp+849, 0x1.2b9622ed8aea1p+498, 0x1.c463abeccb2bbp+1014, 0x1.921fb54442d18p+1023,
                     0x1.fffffffffffffp+1023, 0x1.921fb54442d18p+52, 0x1p+27, 0x1p+60, 0x1p+200})
      around(v, x, 8);
    // Zeros, subnormals, the smallest normals, infinities, NaNs (quiet, signalling,
    // negative, with payloads), and a few ordinary values.
    for (std::uint64_t m = 1; m < (std::uint64_t{1} << 52); m = m * 3 + 1) {
      v.push_back(dbl(m));
      v.push_back(-dbl(m));
    }
    for (double x : {0.0, -0.0, 0x1p-1074, 0x1p-1022, 0x1p-600, 0x1p-60, 0x1p-27, 0x1p-26, 0.5, 1.0, kPi / 4, kPi / 2,
                     kPi, 2 * kPi, 3 * kPi, 1e6, 1e8, 1e300, HUGE_VAL})
      around(v, x, 2);
    for (std::uint64_t nan : {0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000000ull, 0x7ff4000000000abcull,
                              0xfff0000000001234ull, 0x7fffffffffffffffull})
      v.push_back(dbl(nan));
    return v;
  }();
  return inputs;
}

TEST(HdSinCos, EveryPathBoundaryAndSpecialValueEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  Compare compare;
  for (double x : boundary_inputs()) compare.both(x);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_GT(compare.checked(), 500000u);
}

// ---- random doubles ---------------------------------------------------------------------

// Uniform in [-50, 50]: CIEDE's arguments with room to spare.
constexpr unsigned kRandomShards = 4;

class SinCosRandomSmallDoubles : public ::testing::TestWithParam<unsigned> {};

TEST_P(SinCosRandomSmallDoubles, EqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  std::mt19937_64 rng(100 + GetParam());
  std::uniform_real_distribution<double> uniform(-50.0, 50.0);
  const std::uint64_t n = exhaustive() ? 1000000000u / kRandomShards : 1000000u;
  Compare compare;
  for (std::uint64_t i = 0; i < n; ++i) compare.both(uniform(rng));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

INSTANTIATE_TEST_SUITE_P(Shard, SinCosRandomSmallDoubles, ::testing::Range(0u, kRandomShards));

// Over the whole reduce-by-n-pi/2 range (|x| < 105414336): uniform bit patterns from 2^-30
// up (every binade alike), and uniform values; then __branred's range above it, and any
// bit pattern at all.
TEST(HdSinCos, RandomDoublesOverEveryPathEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  std::mt19937_64 rng(7);
  const std::uint64_t lo = bits(0x1p-30), reduce_end = std::uint64_t{sincos_detail::kReduceTop} << 32;
  const std::uint64_t n = exhaustive() ? 100000000u : 500000u;
  std::uniform_real_distribution<double> value(-105414336.0, 105414336.0);
  Compare compare;
  for (std::uint64_t i = 0; i < n; ++i) {
    const double x = dbl(lo + rng() % (reduce_end - lo));
    compare.both(i & 1 ? x : -x);
    compare.both(value(rng));
    compare.both(dbl(reduce_end + rng() % (0x7ff0000000000000ull - reduce_end)) * (i & 1 ? 1 : -1));
    compare.both(dbl(rng()));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- SoftF64, the clone without FMA, the public functions ---------------------------------

// Inputs that reach every path: the boundaries and special values, floats of CIEDE's
// range, random doubles in [-50, 50] and over the whole range.
std::vector<double> mixed_inputs(std::size_t random_count) {
  std::vector<double> v = boundary_inputs();
  std::mt19937_64 rng(2718);
  std::uniform_real_distribution<double> uniform(-50.0, 50.0);
  std::uniform_real_distribution<float> floats(-8.0f, 8.0f);
  for (std::size_t i = 0; i < random_count; ++i) {
    v.push_back(static_cast<double>(floats(rng)));
    v.push_back(uniform(rng));
    v.push_back(dbl(rng() % 0x41a0000000000000ull));
    v.push_back(dbl(rng()));
  }
  return v;
}

TEST(HdSinCos, SoftF64EqualsDouble) {
  std::uint64_t checked = 0, differ = 0;
  auto check = [&](const char* what, double x, double d, SoftF64 s) {
    ++checked;
    if (bits(d) != s.bits() && ++differ <= 5)
      ADD_FAILURE() << what << "(" << std::hexfloat << x << "): double " << d << ", SoftF64 " << s.to_host_double();
  };
  // Some 540k inputs of each function (the 377k boundaries and 40000 random of each of
  // four kinds); 4 million random ones under FASTVMAF_EXHAUSTIVE.
  for (double x : mixed_inputs(exhaustive() ? 1000000 : 40000)) {
    const SoftF64 sx = SoftF64::from_host_double(x);
    check("sin", x, ours_sin(x), glibc_sin(sx));
    check("cos", x, ours_cos(x), glibc_cos(sx));
  }
  EXPECT_EQ(differ, 0u) << "of " << checked;
}

TEST(HdSinCos, CloneWithoutFmaEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  Compare compare;
  for (double x : mixed_inputs(exhaustive() ? 10000000 : 40000)) {
    compare.check("sin", x, g_libm_sin(x), ours_sin_no_fma(x));
    compare.check("cos", x, g_libm_cos(x), ours_cos_no_fma(x));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// The host's entry points (sincos.cpp's clones, picked by the loader).
TEST(HdSinCos, HostCopyEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("sin, cos");
  Compare compare;
  for (double x : mixed_inputs(20000)) {
    compare.check("sin", x, g_libm_sin(x), glibc_sin(x));
    compare.check("cos", x, g_libm_cos(x), glibc_cos(x));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

}  // namespace
}  // namespace fastvmaf::hd
