// hd::glibc_powf (src/core/hd/powf.hpp) against glibc's powf, bit for bit (NaNs' payloads
// and signs too), on the domains libvmaf's powf calls reach and on every path of the
// routine:
//  - y = 7 (CIEDE2000's rotation term powf(c, 7.0f), and powf(25.0f, 7.0f)) and y = 25:
//    every non-negative float x, infinities and NaNs included;
//  - the exponents of float_adm's p-norms and their reciprocals, 2, 3, 0.5, 1 / 3.0f,
//    1.5, 4, 1 / 4.0f: every float x in [0, 1e4] (their sums of band values), and
//    every other non-negative float as well;
//  - special values crossed (zeros, infinities, NaNs quiet and signalling, with payloads,
//    +-1, subnormals, integers odd and even), negative x with integer and other y, every
//    subnormal x, the edges of the routine's 16 log2 intervals at every exponent, y log2 x
//    at the edges of overflow and underflow, and random pairs;
//  - the inputs whose result lies nearest a rounding tie, where a changed operation would
//    show (elsewhere the final rounding to float hides it).
// FASTVMAF_EXHAUSTIVE=1 sweeps the whole of each of those domains (some 3e10 pairs
// compared, 2e10 more searched for near ties: a quarter of an hour on a core); without
// it each sweep takes every n-th input, so that the part ctest runs stays within
// seconds. The sweeps are sharded (one ctest each).
// The SoftF64 variant (glibc_powf_soft) is compared with the double one, and the routine
// built without FMA instructions (the host copy's "default" clone: libm's fma()) with
// glibc.
// glibc picks its powf by CPU: the FMA build on CPUs with FMA and AVX2, which is the one
// hd::glibc_powf follows; elsewhere the comparison is skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/hd/powf.hpp"
#include "float_bits.hpp"
#include "glibc_libm.hpp"

namespace fastvmaf::hd {
namespace {

using test::exhaustive;
using test::fbits;
using test::flt;

// glibc's powf through a pointer, so that no compiler folds or inlines it.
float (*volatile g_libm_powf)(float, float) = &::powf;





// The routine as the device and the host's "fma" clone compute it, here with FMA
// instructions inlined (the sweeps call it some 2e10 times).
__attribute__((target("fma"), flatten)) float ours_fma(float x, float y) {
  return powf_detail::evaluate<double>(x, y);
}
// The same built for any x86-64 (the host's "default" clone): each fused multiply-add is
// a call of libm's fma(). Not inlined into a caller built for FMA, where it would become
// the other clone.
__attribute__((flatten, noinline)) float ours_default(float x, float y) { return powf_detail::evaluate<double>(x, y); }

std::string describe(float x, float y, float expected, float got) {
  char s[200];
  std::snprintf(s, sizeof s, "powf(%a [%08x], %a [%08x]): glibc %a [%08x], hd %a [%08x]", x, fbits(x), y, fbits(y),
                expected, fbits(expected), got, fbits(got));
  return s;
}

// Counts the inputs where glibc and `Ours` differ and reports the first few.
template <float (*Ours)(float, float)>
class CompareWith {
 public:
  __attribute__((target("fma"))) void operator()(float x, float y) {
    const float libm = g_libm_powf(x, y), ours = Ours(x, y);
    if (fbits(libm) != fbits(ours) && ++differ_ <= 5) ADD_FAILURE() << describe(x, y, libm, ours);
    ++checked_;
  }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }

 private:
  std::uint64_t differ_ = 0, checked_ = 0;
};
using Compare = CompareWith<&ours_fma>;

// ---- the inputs that several tests share --------------------------------------------------

// Zeros, infinities, NaNs (quiet and signalling, both signs, with payloads), +-1 and its
// neighbours, subnormals, the ends of the normal range, integers odd and even up to and
// beyond 2^24, halves, and ordinary values.
std::vector<float> special_values() {
  std::vector<float> v;
  for (std::uint32_t b : {0x00000000u, 0x00000001u, 0x00000002u, 0x00400000u, 0x007fffffu, 0x00800000u, 0x00800001u,
                          0x3f7fffffu, 0x3f800000u, 0x3f800001u, 0x7f7fffffu, 0x7f800000u, 0x7f800001u, 0x7fa00000u,
                          0x7fbfffffu, 0x7fc00000u, 0x7fc00001u, 0x7fd23456u, 0x7fffffffu, 0x4b000000u, 0x4b000001u,
                          0x4b7fffffu, 0x4b800000u, 0x4b800001u, 0x4bffffffu, 0x4c000000u, 0x3effffffu, 0x3f000000u,
                          0x3f3fffffu, 0x3f400000u, 0x3f330000u, 0x3fb30000u, 0x3f32ffffu}) {
    v.push_back(flt(b));
    v.push_back(flt(b | 0x80000000u));
  }
  for (float f : {0.5f, 1.5f, 2.0f, 3.0f, 4.0f, 5.0f, 7.0f, 25.0f, 0.25f, 1 / 3.0f, 10.0f, 100.0f, 1e4f, 127.0f, 128.0f,
                  149.0f, 150.0f, 255.0f, 8388607.0f, 8388609.0f, 16777215.0f, 16777216.0f, 16777218.0f, 1e10f,
                  0x1p-126f, 0x1p-127f, 0x1p-149f, 0x1p127f, 2.5f, 0.1f, 0.9999f, 1.0001f, 33.0f, 64.0f, 1e-20f}) {
    v.push_back(f);
    v.push_back(-f);
  }
  return v;
}

// The pairs of special values, both ways round.
std::vector<std::pair<float, float>> special_pairs() {
  const std::vector<float> v = special_values();
  std::vector<std::pair<float, float>> pairs;
  for (float x : v)
    for (float y : v) pairs.emplace_back(x, y);
  return pairs;
}

// The first and last 16 bit patterns after each start of the routine's 16 log2 intervals
// (x's bits minus 0x3f330000, bits 19-22) at every exponent, subnormal exponents too.
std::vector<float> interval_edges() {
  std::vector<float> v;
  for (int e = -149; e <= 127; ++e)
    for (std::uint32_t i = 0; i < 16; ++i) {
      const float edge = std::ldexp(flt(powf_detail::kOff + (i << 19)), e);  // in [0x1.66p-1, 0x1.66p0) 2^e
      if (!(edge > 0) || !std::isfinite(edge)) continue;
      for (int d = -16; d <= 16; ++d) v.push_back(flt(fbits(edge) + static_cast<std::uint32_t>(d)));
    }
  return v;
}

// x and y with y log2 x within a few ulps of y of the values where the routine changes
// path or the result leaves the floats: 128 (overflow, and 0x1.fffffffd1d571p+6, glibc's
// threshold), 126 and -126 (the test of |y log2 x| >= 126), -149 and -150 (glibc's
// underflow thresholds), -126 - 23 / 2 (a subnormal result halfway through). For x of
// either sign of log2 x and ordinary y, and for y = 7 and x at its threshold.
std::vector<std::pair<float, float>> range_edges(std::mt19937_64& rng, int xs) {
  std::vector<std::pair<float, float>> pairs;
  std::uniform_int_distribution<std::uint32_t> positive(0x00000001u, 0x7f7fffffu);
  const double targets[] = {128.0, 0x1.fffffffd1d571p+6, 126.0, -126.0, -149.0, -150.0, -137.5, 127.0, -148.5};
  for (int n = 0; n < xs; ++n) {
    const float x = flt(positive(rng));
    const double l = std::log2(static_cast<double>(x));
    if (l == 0) continue;
    for (double target : targets) {
      const double yd = target / l;
      if (!(std::fabs(yd) < 3e38)) continue;
      const float y = static_cast<float>(yd);
      std::uint32_t by = fbits(y);
      for (int d = -4; d <= 4; ++d) pairs.emplace_back(x, flt(by + static_cast<std::uint32_t>(d)));
    }
  }
  // y = 7: x where x^7 crosses 2^128, 2^126, 2^-126, 2^-149, 2^-150.
  for (double target : targets) {
    const float x = static_cast<float>(std::exp2(target / 7));
    for (int d = -64; d <= 64; ++d) pairs.emplace_back(flt(fbits(x) + static_cast<std::uint32_t>(d)), 7.0f);
  }
  return pairs;
}

// Random pairs: any bits; positive x and moderate y; x in [0, 1e4] and y in (0, 8];
// x near 1 and large y; negative x and integer y.
std::vector<std::pair<float, float>> random_pairs(std::mt19937_64& rng, int n) {
  std::vector<std::pair<float, float>> pairs;
  std::uniform_int_distribution<std::uint32_t> any_bits;
  std::uniform_real_distribution<float> moderate(-40.0f, 40.0f), upto1e4(0.0f, 1e4f), upto8(0.0f, 8.0f),
      near1(0.999f, 1.001f), big(-1e6f, 1e6f);
  std::uniform_int_distribution<int> integer(-300, 300);
  for (int i = 0; i < n; ++i) {
    switch (i % 6) {
      case 0:
        pairs.emplace_back(flt(any_bits(rng)), flt(any_bits(rng)));
        break;
      case 1:
        pairs.emplace_back(flt(any_bits(rng) & 0x7fffffffu), moderate(rng));
        break;
      case 2:
        pairs.emplace_back(upto1e4(rng), upto8(rng));
        break;
      case 3:
        pairs.emplace_back(near1(rng), big(rng));
        break;
      case 4:
        pairs.emplace_back(flt(any_bits(rng) | 0x80000000u), static_cast<float>(integer(rng)));
        break;
      default:  // y of any magnitude, x not too far from 1
        pairs.emplace_back(std::exp2(moderate(rng) / 8), flt(any_bits(rng)));
        break;
    }
  }
  return pairs;
}

// ---- the sweeps over x for fixed y -------------------------------------------------------

// CIEDE2000's exponent, 25 (its other constant), and float_adm's p-norm exponents.
constexpr float kExponents[] = {7.0f, 25.0f, 2.0f, 3.0f, 0.5f, 1 / 3.0f, 1.5f, 4.0f, 1 / 4.0f};
constexpr unsigned kSweepShards = 4;
constexpr std::uint32_t kTopTenThousand = 0x461c4000u;  // the bits of 1e4f

struct Sweep {
  unsigned exponent, shard;
};

class EveryX : public ::testing::TestWithParam<Sweep> {};

// Every non-negative bit pattern (exhaustive), or every 257th (y = 7) or 1021st (the
// others) of them and every 97th in [0, 1e4] (in ctest).
TEST_P(EveryX, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  const float y = kExponents[GetParam().exponent];
  const bool all = exhaustive();
  const std::uint64_t span = (std::uint64_t{1} << 31) / kSweepShards;
  const std::uint64_t first = GetParam().shard * span, last = first + span;
  Compare compare;
  const std::uint64_t stride = all ? 1 : (y == 7.0f ? 257 : 1021);
  for (std::uint64_t u = first; u < last; u += stride) compare(flt(static_cast<std::uint32_t>(u)), y);
  if (!all) {
    const std::uint64_t small_span = (kTopTenThousand + 1 + kSweepShards - 1) / kSweepShards;
    const std::uint64_t s0 = GetParam().shard * small_span;
    for (std::uint64_t u = s0; u < s0 + small_span && u <= kTopTenThousand; u += 97)
      compare(flt(static_cast<std::uint32_t>(u)), y);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  if (all) {
    EXPECT_EQ(compare.checked(), span);
  }
}

std::vector<Sweep> sweeps() {
  std::vector<Sweep> v;
  for (unsigned e = 0; e < std::size(kExponents); ++e)
    for (unsigned s = 0; s < kSweepShards; ++s) v.push_back({e, s});
  return v;
}
std::string sweep_name(const ::testing::TestParamInfo<Sweep>& info) {
  static const char* const names[] = {"y7", "y25", "y2", "y3", "yHalf", "yThird", "y1_5", "y4", "yQuarter"};
  return std::string(names[info.param.exponent]) + "_" + std::to_string(info.param.shard);
}

INSTANTIATE_TEST_SUITE_P(Shard, EveryX, ::testing::ValuesIn(sweeps()), sweep_name);

// ---- negative x, subnormal x, the paths -------------------------------------------------------

// Negative x: integer y (odd and even, negative, beyond 2^23 and 2^24) give the power with
// the parity's sign, other y glibc's invalid NaN. A stride over the negative floats
// (every 5th with FASTVMAF_EXHAUSTIVE=1), each with every y of the list.
TEST(HdPowf, NegativeXEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  const float ys[] = {1.0f, 2.0f, 3.0f, 7.0f, 25.0f, -1.0f, -2.0f, -3.0f, -7.0f, 127.0f, -149.0f,
                      8388607.0f, 8388609.0f, 16777215.0f, 16777216.0f, 1e10f, -1e10f, 0.5f, 1.5f, -2.5f,
                      1 / 3.0f, 8388607.5f, 0x1p-149f, 0x1p-126f};
  const std::uint64_t stride = exhaustive() ? 5 : 12289;
  Compare compare;
  for (std::uint64_t u = 0x80000000u; u <= 0xffffffffu; u += stride)
    for (float y : ys) compare(flt(static_cast<std::uint32_t>(u)), y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// Every subnormal x (glibc normalises it), both signs, for exponents whose results stay
// in range and those of the sweeps.
TEST(HdPowf, SubnormalXEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  const float ys[] = {7.0f, 2.0f, 0.5f, 1 / 3.0f, 1 / 4.0f, 0.01f, -0.25f, 1.0f, -1.0f, 3.0f, -3.0f};
  const std::uint32_t stride = exhaustive() ? 1 : 61;
  Compare compare;
  for (std::uint32_t m = 1; m < 0x00800000u; m += stride)
    for (float y : ys) {
      compare(flt(m), y);
      compare(flt(m | 0x80000000u), y);
    }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdPowf, SpecialValuesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  Compare compare;
  for (const auto& [x, y] : special_pairs()) compare(x, y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  // The public routine (the host copy, its clone picked by the loader) on them too.
  std::uint64_t differ = 0;
  for (const auto& [x, y] : special_pairs())
    if (fbits(glibc_powf(x, y)) != fbits(g_libm_powf(x, y)) && ++differ <= 5)
      ADD_FAILURE() << describe(x, y, g_libm_powf(x, y), glibc_powf(x, y));
  EXPECT_EQ(differ, 0u);
}

TEST(HdPowf, IntervalEdgesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  const float ys[] = {7.0f, 25.0f, 2.0f, 3.0f, 0.5f, 1 / 3.0f, 1.5f, 4.0f, 1 / 4.0f, -1.0f, -7.0f, 0.001f, 1.0f};
  Compare compare;
  for (float x : interval_edges())
    for (float y : ys) compare(x, y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdPowf, OverflowAndUnderflowEdgesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  std::mt19937_64 rng(20250101);
  Compare compare;
  for (const auto& [x, y] : range_edges(rng, exhaustive() ? 400000 : 20000)) {
    compare(x, y);
    compare(-x, std::nearbyint(y));  // a negative x and an integer y near the same edge
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdPowf, RandomPairsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  std::mt19937_64 rng(7);
  Compare compare;
  for (int round = 0; round < (exhaustive() ? 50 : 1); ++round)
    for (const auto& [x, y] : random_pairs(rng, 3000000)) compare(x, y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- near ties -------------------------------------------------------------------------------

// The routine rounds its double result to float once, at the end: an operation done
// otherwise than glibc does it moves that double by an ulp or a few, and changes the
// float only where the double lies that close to a midpoint between two floats. Such
// inputs are rare (some 2^-28 of them per ulp of distance), so the sweeps above, strided,
// may hold none; here the routine's own double picks them from many candidates, and
// those within kNearTie ulps of a midpoint are compared with glibc.
constexpr std::uint64_t kNearTie = 4096;

// For x positive and normal and y log2 x where the result is computed (not an overflow
// or underflow value): the distance of the routine's double from the nearest midpoint of
// its rounding to float, in ulps of the double; kNearTie + 1 for other inputs.
__attribute__((target("fma"), flatten)) std::uint64_t tie_distance(float x, float y) {
  const std::uint32_t ix = fbits(x);
  if (ix < 0x00800000u || ix >= 0x7f800000u || !std::isfinite(y)) return kNearTie + 1;
  const double ylogx = static_cast<double>(y) * powf_detail::log2_inline<double>(ix);
  if (!(ylogx >= -149.0 && ylogx <= 0x1.fffffffd1d571p+6)) return kNearTie + 1;
  std::uint64_t d;
  const double unrounded = powf_detail::exp2_unrounded<double>(ylogx, 0);
  std::memcpy(&d, &unrounded, sizeof d);
  // The bits the rounding drops: 29 for a normal float, more for a subnormal one.
  const int e = static_cast<int>((d >> 52) & 0x7ff) - 1023;
  const int drop = e >= -126 ? 29 : std::min(29 + (-126 - e), 53);
  const std::uint64_t m = (d & 0x000fffffffffffffull) | 0x0010000000000000ull;
  const std::uint64_t low = m & ((std::uint64_t{1} << drop) - 1), half = std::uint64_t{1} << (drop - 1);
  return low > half ? low - half : half - low;
}

// Candidates: a stride over every positive float for each exponent of the sweeps, and
// random pairs (x's bits uniform in [2^-64, 2^64], y in [-40, 40], and x in [0, 1e4],
// y in (0, 8]).
std::vector<std::pair<float, float>> near_ties(bool all) {
  std::vector<std::pair<float, float>> v;
  const std::uint32_t stride = all ? 1 : 1999;
  for (float y : kExponents)
    for (std::uint32_t u = 0x00800000u; u < 0x7f800000u; u += stride)
      if (tie_distance(flt(u), y) <= kNearTie) v.emplace_back(flt(u), y);
  // splitmix64: the candidates are many, and <random>'s float distributions cost more
  // than the routine.
  std::uint64_t state = 2718;
  auto next = [&state] {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  auto uniform = [](std::uint64_t r, float lo, float hi) {  // 24 random bits in [lo, hi)
    return lo + (hi - lo) * (static_cast<float>(r >> 40) * 0x1p-24f);
  };
  const std::uint32_t x_lo = fbits(0x1p-64f), x_span = fbits(0x1p64f) - x_lo;
  for (long n = 0; n < (all ? 4000000000L : 20000000L); ++n) {
    const std::uint64_t r = next(), q = next();
    const bool wide = n % 2 == 0;
    const std::uint32_t wide_bits = x_lo + static_cast<std::uint32_t>(((r >> 32) * x_span) >> 32);
    const float x = wide ? flt(wide_bits) : uniform(r, 0.0f, 1e4f);
    const float y = wide ? uniform(q, -40.0f, 40.0f) : uniform(q, 0.0f, 8.0f);
    if (tie_distance(x, y) <= kNearTie) v.emplace_back(x, y);
  }
  return v;
}

TEST(HdPowf, NearTiesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  const std::vector<std::pair<float, float>> ties = near_ties(exhaustive());
  Compare compare;
  for (const auto& [x, y] : ties) {
    compare(x, y);
    // glibc_powf_soft too: its double is the same, so it rounds the same way.
    if (fbits(glibc_powf_soft(x, y)) != fbits(g_libm_powf(x, y)))
      ADD_FAILURE() << describe(x, y, g_libm_powf(x, y), glibc_powf_soft(x, y)) << " (SoftF64)";
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_GT(compare.checked(), 100u);
}

// The nearest ties that a search found (a tool's run of tie_distance over every positive
// normal float for each exponent of kExponents, and over 4e9 random pairs drawn as
// near_ties draws them): the routine's double within 8 ulps of a midpoint for the random
// pairs, within 2 for the sweeps (146 pairs, 9 of them exactly on a midpoint, where
// rounding to even decides). An ulp more or less anywhere in the routine's double
// changes the float of some of them; {x, y} as bits.
constexpr std::uint32_t kNearestTies[][2] = {
    {0x458a587eu, 0x3d809040u}, {0x45201178u, 0x3ddedbc0u}, {0x44565b39u, 0x3e012540u}, {0x441399e9u, 0x3e6d5540u},
    {0x022e5d6eu, 0x3e800000u}, {0x042e5d6eu, 0x3e800000u}, {0x062e5d6eu, 0x3e800000u}, {0x082e5d6eu, 0x3e800000u},
    {0x0a2e5d6eu, 0x3e800000u}, {0x0c2e5d6eu, 0x3e800000u}, {0x0e2e5d6eu, 0x3e800000u}, {0x102e5d6eu, 0x3e800000u},
    {0x122e5d6eu, 0x3e800000u}, {0x142e5d6eu, 0x3e800000u}, {0x162e5d6eu, 0x3e800000u}, {0x182e5d6eu, 0x3e800000u},
    {0x1a2e5d6eu, 0x3e800000u}, {0x1c2e5d6eu, 0x3e800000u}, {0x1e2e5d6eu, 0x3e800000u}, {0x2f9a0284u, 0x3e800000u},
    {0x319a0284u, 0x3e800000u}, {0x339a0284u, 0x3e800000u}, {0x359a0284u, 0x3e800000u}, {0x479a0284u, 0x3e800000u},
    {0x499a0284u, 0x3e800000u}, {0x4b9a0284u, 0x3e800000u}, {0x4d9a0284u, 0x3e800000u}, {0x602e5d6eu, 0x3e800000u},
    {0x622e5d6eu, 0x3e800000u}, {0x642e5d6eu, 0x3e800000u}, {0x662e5d6eu, 0x3e800000u}, {0x682e5d6eu, 0x3e800000u},
    {0x6a2e5d6eu, 0x3e800000u}, {0x6c2e5d6eu, 0x3e800000u}, {0x6e2e5d6eu, 0x3e800000u}, {0x702e5d6eu, 0x3e800000u},
    {0x722e5d6eu, 0x3e800000u}, {0x742e5d6eu, 0x3e800000u}, {0x762e5d6eu, 0x3e800000u}, {0x782e5d6eu, 0x3e800000u},
    {0x7a2e5d6eu, 0x3e800000u}, {0x7c2e5d6eu, 0x3e800000u}, {0x7e2e5d6eu, 0x3e800000u}, {0x050b0ab4u, 0x3eaaaaabu},
    {0x05985dbfu, 0x3eaaaaabu}, {0x0f057187u, 0x3eaaaaabu}, {0x170af36du, 0x3eaaaaabu}, {0x1cb6cbd2u, 0x3eaaaaabu},
    {0x240b7c99u, 0x3eaaaaabu}, {0x2fd4efd9u, 0x3eaaaaabu}, {0x2feb9807u, 0x3eaaaaabu}, {0x371eb492u, 0x3eaaaaabu},
    {0x41f44d7bu, 0x3eaaaaabu}, {0x5b5a20f4u, 0x3eaaaaabu}, {0x67786276u, 0x3eaaaaabu}, {0x69548766u, 0x3eaaaaabu},
    {0x72ea5e97u, 0x3eaaaaabu}, {0x77090264u, 0x3eaaaaabu}, {0x7c384686u, 0x3eaaaaabu}, {0x7df2b12au, 0x3eaaaaabu},
    {0x3c47c1f5u, 0x3f000000u}, {0x3d47c1f5u, 0x3f000000u}, {0x3e47c1f5u, 0x3f000000u}, {0x3f47c1f5u, 0x3f000000u},
    {0x4047c1f5u, 0x3f000000u}, {0x4147c1f5u, 0x3f000000u}, {0x4247c1f5u, 0x3f000000u}, {0x4347c1f5u, 0x3f000000u},
    {0x448e6326u, 0x3f0734f0u}, {0x45b3ceb5u, 0x3f2ea360u}, {0x44a16024u, 0x3f49fc30u}, {0x45b08cdcu, 0x3f5a4240u},
    {0x45f67e33u, 0x3f6223b0u}, {0x45f35b03u, 0x3f745770u}, {0x45690f4cu, 0x3f7eff08u}, {0x4303bd6fu, 0x3f9a99d4u},
    {0x45ab8ba8u, 0x3f9d148cu}, {0x452e767au, 0x3f9f28ccu}, {0x44ae1418u, 0x3fb38670u}, {0x452f9b85u, 0x3fb72510u},
    {0x45d4c2b1u, 0x3fbcc660u}, {0x45561c6au, 0x3fcef128u}, {0x44da7912u, 0x3fd56eccu}, {0x45da1b11u, 0x3fd93f34u},
    {0x4514babeu, 0x3fda8bc8u}, {0x28bdb463u, 0x3fe44880u}, {0x458b1857u, 0x3fec6f20u}, {0x454c9a3fu, 0x4003fbf8u},
    {0x45dd4793u, 0x4006d1c2u}, {0x458ac048u, 0x40083f04u}, {0x456298d5u, 0x4014e1f2u}, {0x45811f65u, 0x40174d7cu},
    {0x46123afeu, 0x4018c33au}, {0x45bfd904u, 0x401fb6ceu}, {0x4511bcd4u, 0x40237078u}, {0x45a744ffu, 0x402937ccu},
    {0x44ee4f6cu, 0x40294f62u}, {0x451a5c22u, 0x402fddecu}, {0x444de4a0u, 0x403ba7ecu}, {0x3f74a201u, 0x40400000u},
    {0x45c5dcf7u, 0x40529efeu}, {0x45a75194u, 0x405a326eu}, {0x45da7eccu, 0x405dcaaau}, {0x354d99f1u, 0x405f3450u},
    {0x4616847eu, 0x406032d0u}, {0x45a6b83fu, 0x40656802u}, {0x4595e38fu, 0x406cef8au}, {0x4603e632u, 0x406e0596u},
    {0x45121032u, 0x4078b264u}, {0x4588ed5du, 0x40814653u}, {0x43e161d5u, 0x4083c541u}, {0x45fedae5u, 0x408b4522u},
    {0x45ec2c6au, 0x408ee19eu}, {0x44aaf082u, 0x408f5c9du}, {0x45a812b1u, 0x409086f5u}, {0x43f523f7u, 0x409459e5u},
    {0x448d3bc7u, 0x40988787u}, {0x45a28b42u, 0x40a43feeu}, {0x458d9455u, 0x40a48089u}, {0x453ae9c5u, 0x40b233f9u},
    {0x353c409eu, 0x40b341b8u}, {0x461308d5u, 0x40b5321bu}, {0x42a56947u, 0x40b9a58cu}, {0x459d13b7u, 0x40cafe0fu},
    {0x44ff679bu, 0x40cb4ab6u}, {0x45c3ce5fu, 0x40cf4d15u}, {0x44e78380u, 0x40d8c4ffu}, {0x45b0652fu, 0x40d97371u},
    {0x3e9aeadau, 0x40e00000u}, {0x401aeadau, 0x40e00000u}, {0x45a81c75u, 0x40eea19cu}, {0x44895074u, 0x40ef9238u},
    {0x460bdf07u, 0x40f04f7cu}, {0x44a00ee2u, 0x40fbf028u}, {0x45ad9e6au, 0x40fca735u}, {0x4580b3eeu, 0x40fe3d6fu},
    {0x42eaa193u, 0x4176bad0u}, {0x3f93726eu, 0x41c80000u}, {0x4317d95bu, 0xbf5c4580u}, {0x5a87be9cu, 0xbf80fa00u},
    {0x3840c51cu, 0xbfa904e0u}, {0x5ca2a300u, 0xbff213c0u}, {0x27151e0au, 0xc0008170u}, {0x2d9701dau, 0xc02ed040u},
    {0x3fbf8e7au, 0xc0d61e38u}, {0x4010f6dbu, 0xc2028278u},
};

TEST(HdPowf, NearestTiesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  Compare compare;
  for (const auto& [bx, by] : kNearestTies) {
    const float x = flt(bx), y = flt(by);
    EXPECT_LE(tie_distance(x, y), 8u) << describe(x, y, 0.0f, 0.0f);  // the table is the routine's
    compare(x, y);
    const float soft = glibc_powf_soft(x, y), libm = g_libm_powf(x, y);
    if (fbits(soft) != fbits(libm)) ADD_FAILURE() << describe(x, y, libm, soft) << " (SoftF64)";
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- the SoftF64 variant and the default clone -------------------------------------------------

// The inputs of the two tests below: special pairs, interval edges, range edges, random
// pairs, and a stride through y = 7 and y = 1 / 3.0f.
std::vector<std::pair<float, float>> mixed_inputs(int random) {
  std::mt19937_64 rng(99);
  std::vector<std::pair<float, float>> v = special_pairs();
  for (float x : interval_edges())
    for (float y : {7.0f, 1 / 3.0f, -2.0f}) v.emplace_back(x, y);
  for (const auto& p : range_edges(rng, 2000)) v.push_back(p);
  for (const auto& p : random_pairs(rng, random)) v.push_back(p);
  for (std::uint64_t u = 0; u < 0x80000000u; u += 40009) {
    v.emplace_back(flt(static_cast<std::uint32_t>(u)), 7.0f);
    v.emplace_back(flt(static_cast<std::uint32_t>(u)), 1 / 3.0f);
  }
  return v;
}

TEST(HdPowf, SoftF64EqualsDouble) {
  // No glibc here: the two instantiations compared with each other, on any CPU.
  std::uint64_t checked = 0, differ = 0;
  for (const auto& [x, y] : mixed_inputs(150000)) {
    const float d = ours_default(x, y), s = glibc_powf_soft(x, y);
    ++checked;
    if (fbits(d) != fbits(s) && ++differ <= 5) ADD_FAILURE() << describe(x, y, d, s) << " (double, SoftF64)";
  }
  EXPECT_EQ(differ, 0u) << "of " << checked;
  EXPECT_GT(checked, 300000u);
}

TEST(HdPowf, DefaultCloneEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("powf");
  CompareWith<&ours_default> compare;
  for (const auto& [x, y] : mixed_inputs(600000)) compare(x, y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

}  // namespace
}  // namespace fastvmaf::hd
