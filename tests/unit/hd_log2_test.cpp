// hd::glibc_log2 (src/core/hd/log2.hpp) against glibc's log2, bit for bit, on the whole
// domain SpEED can reach (docs/adr/0205-speed-gpu-twin.md, "log2"):
//  - every non-negative float (as a double; negative ones take one branch, checked at a
//    stride): the entropies' log2(L * S + sigma_nn),
//    the base entropy and the variance weights log2(1 + s) of speed_weight_var_mode 0-2;
//  - every double 1 + f / 2 for a float f (modes 3 and 4 weigh by log2(1 + (s_ref + s_dis)
//    / 2.0)), where it is not a float already;
//  - modes 5 and 6 (1 + (0.75 s_ref + 0.25 s_dis) from two floats, 2^62 values) cannot be
//    swept: there the routine is glibc's operations in glibc's order, and the test checks
//    random samples of that domain and every boundary between the routine's paths.
// The sweeps are sharded (one ctest each) so that they run in parallel and each stays short.
// glibc picks its log2 by CPU: the FMA build on CPUs with FMA and AVX2, which is the one
// hd::glibc_log2 follows; elsewhere the comparison is skipped.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "core/hd/log2.hpp"
#include "float_bits.hpp"
#include "glibc_libm.hpp"

namespace fastvmaf::hd {
namespace {

using test::bits;
using test::dbl;
using test::flt;

// glibc's log2 through a pointer, so that no compiler folds or inlines it.
double (*volatile g_libm_log2)(double) = &::log2;




// The routine as the device and the host's clones compute it, here with FMA instructions
// inlined (the sweeps call it some 4e9 times).
__attribute__((target("fma"))) double ours_fma(double x) { return log2_detail::evaluate(x); }

// Counts the inputs where the two differ and reports the first few.
class Compare {
 public:
  __attribute__((target("fma"))) void operator()(double x) {
    const double libm = g_libm_log2(x), ours = ours_fma(x);
    if (bits(libm) != bits(ours) && ++differ_ <= 5)
      ADD_FAILURE() << "log2(" << std::hexfloat << x << "): glibc " << libm << ", hd::glibc_log2 " << ours;
    ++checked_;
  }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }

 private:
  std::uint64_t differ_ = 0, checked_ = 0;
};

// ---- every float ----------------------------------------------------------------

constexpr unsigned kFloatShards = 8;  // the 2^31 non-negative bit patterns, 2^28 each

class EveryFloat : public ::testing::TestWithParam<unsigned> {};

TEST_P(EveryFloat, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  const std::uint64_t span = (std::uint64_t{1} << 31) / kFloatShards;
  const std::uint64_t first = GetParam() * span;
  Compare compare;
  for (std::uint64_t u = first; u < first + span; ++u)
    compare(static_cast<double>(flt(static_cast<std::uint32_t>(u))));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_EQ(compare.checked(), span);
}

INSTANTIATE_TEST_SUITE_P(Shard, EveryFloat, ::testing::Range(0u, kFloatShards));

// Negative floats take one branch of the routine (glibc's invalid-argument NaN, and the
// quieted NaN for NaNs): a stride over them, and their special values.
TEST(HdLog2, NegativeFloatsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  Compare compare;
  for (std::uint64_t u = 0x80000000u; u <= 0xffffffffu; u += 4093)
    compare(static_cast<double>(flt(static_cast<std::uint32_t>(u))));
  for (std::uint32_t u : {0x80000000u, 0x80000001u, 0x807fffffu, 0x80800000u, 0xbf800000u, 0xff7fffffu, 0xff800000u,
                          0xff800001u, 0xffc00000u, 0xffffffffu})
    compare(static_cast<double>(flt(u)));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- 1 + f / 2 --------------------------------------------------------------------

// x = 1 + (double)f / 2.0 for every float f with 2^-54 <= |f| < 2^54 and f >= -2: for
// smaller |f|, x is 1; for f >= 2^54, x is f / 2, a float (swept above); below -2, x < 0.
constexpr unsigned kHalfShards = 8;

class EveryHalfSum : public ::testing::TestWithParam<unsigned> {};

TEST_P(EveryHalfSum, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  // Positive f: biased exponents 127-54 .. 127+53; negative: 127-54 .. 128 (|f| < 2^2,
  // then only |f| <= 2). Sharded by mantissa, so each shard sees every exponent.
  const std::uint32_t mantissas = 1u << 23, per = mantissas / kHalfShards;
  const std::uint32_t m0 = GetParam() * per;
  Compare compare;
  auto sweep = [&](std::uint32_t sign, std::uint32_t e_lo, std::uint32_t e_hi) {
    for (std::uint32_t e = e_lo; e <= e_hi; ++e)
      for (std::uint32_t m = m0; m < m0 + per; ++m) {
        const float f = flt(sign | (e << 23) | m);
        if (f < -2.0f) continue;
        compare(1 + static_cast<double>(f) / 2.0);
      }
  };
  sweep(0u, 127 - 54, 127 + 53);
  sweep(0x80000000u, 127 - 54, 128);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  // The ends: 1 itself, and x near 0 (f = -2 and just above).
  Compare ends;
  for (float f : {0.0f, -0.0f, -2.0f, std::nextafter(-2.0f, 0.0f), 0x1p-55f, -0x1p-55f, 0x1p54f})
    ends(1 + static_cast<double>(f) / 2.0);
  EXPECT_EQ(ends.differ(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Shard, EveryHalfSum, ::testing::Range(0u, kHalfShards));

// ---- modes 5 and 6, and the routine's paths ---------------------------------------------

TEST(HdLog2, BlendsOfTwoFloatsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  std::mt19937_64 rng(20240605);
  std::uniform_int_distribution<std::uint32_t> any_bits;
  std::uniform_real_distribution<float> variance(0.0f, 2000.0f), small(-1e-3f, 1e-2f);
  Compare compare;
  for (int n = 0; n < 4000000; ++n) {
    float a, b;
    switch (n % 4) {
      case 0:  // any non-negative floats
        a = flt(any_bits(rng) & 0x7fffffffu);
        b = flt(any_bits(rng) & 0x7fffffffu);
        break;
      case 1:  // the variances of real blocks
        a = variance(rng);
        b = variance(rng);
        break;
      case 2:  // near-flat blocks: x near 1
        a = small(rng);
        b = small(rng);
        break;
      default:  // any floats, negative ones too
        a = flt(any_bits(rng));
        b = flt(any_bits(rng));
        break;
    }
    compare(1 + (0.75 * a + 0.25 * b));
    compare(1 + (0.25 * a + 0.75 * b));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdLog2, EveryPathBoundaryAndSpecialValueEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  Compare compare;
  auto around = [&](std::uint64_t b) {
    for (std::int64_t d = -64; d <= 64; ++d) compare(dbl(b + static_cast<std::uint64_t>(d)));
  };
  // The near-1 polynomial's interval and its two ends.
  around(log2_detail::kNearOneLo);
  around(log2_detail::kNearOneLo + log2_detail::kNearOneSpan);
  around(log2_detail::kOne);
  // Every table interval's edges, at exponents from subnormal to the largest.
  for (int e = -1074; e <= 1023; e += (e > -1030 && e < 1020 ? 37 : 1))
    for (std::uint64_t i = 0; i < 64; ++i) {
      const std::uint64_t z = log2_detail::kOff + (i << 46);  // the start of interval i in [0x1.6p-1, 0x1.6p0)
      const double edge = std::ldexp(dbl(z), e);
      if (edge > 0 && std::isfinite(edge)) around(bits(edge));
    }
  // Subnormals, zeros, infinities, NaNs (quiet, signalling, negative, with payloads),
  // negative numbers.
  for (std::uint64_t m = 1; m < (std::uint64_t{1} << 52); m = m * 3 + 1) compare(dbl(m));
  for (double x : {0.0, -0.0, HUGE_VAL, -HUGE_VAL, -1.0, -0x1p-1074, -1e300, 1.0, 2.0, 0.5, 0x1p-1074, 0x1p-1022,
                   0x1.fffffffffffffp+1023})
    compare(x);
  for (std::uint64_t nan : {0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000000ull, 0x7ff4000000000abcull,
                            0xfff0000000001234ull})
    compare(dbl(nan));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdLog2, RandomDoublesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("log2");
  std::mt19937_64 rng(7);
  Compare compare;
  for (int n = 0; n < 2000000; ++n) compare(dbl(rng()));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

}  // namespace
}  // namespace fastvmaf::hd
