// hd::glibc_exp and hd::glibc_pow (src/core/hd/exp.hpp, pow.hpp) against glibc's exp and
// pow, bit for bit, on the domain CIEDE2000 reaches (src/features/ciede/ciede_math.hpp)
// and beyond:
//  - exp: every float in [-230, 0] (rotation()'s exp(-(d * d)), d * d in float);
//  - pow(x, 7.0): every float x in [0, 400] (c7_ratio's pow of a widened float), and
//    pow(25.0, 7.0);
//  - pow(x, 2.4) and pow(x, 1/3) (linearize, lab_compand) take doubles, which cannot all
//    be swept: every value lab_color computes from 8-bit samples (and 10-bit ones in the
//    long run), blocks of consecutive doubles spread over each range, and random ones;
//  - every boundary between the routines' paths, the special values (zeros, infinities,
//    NaNs, negative x to integer and other y, subnormals, over- and underflow), and
//    random (x, y) pairs of every kind: the routines are general exp and pow;
//  - the SoftF64 overloads against the double ones, and the host copies' clone without
//    FMA instructions (libm's fma() in place of each fused multiply-add).
// The sweeps are sharded (one ctest each). ctest runs a sample of each (every 41st float,
// every 7th 8-bit sample triple, 2^23 doubles in blocks per exponent: some 9e7
// comparisons, 2-3 s on one core); with FASTVMAF_EXHAUSTIVE=1 they run whole (8.4e9
// comparisons, 10-bit samples included: about 11 minutes of one core).
// glibc picks its exp and pow by CPU: the FMA builds on CPUs with FMA and AVX2, which are
// the ones hd::glibc_exp and hd::glibc_pow follow; elsewhere the comparison is skipped.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/hd/exp.hpp"
#include "core/hd/pow.hpp"
#include "float_bits.hpp"
#include "glibc_libm.hpp"

namespace fastvmaf::hd {
namespace {

using test::bits;
using test::dbl;
using test::exhaustive;
using test::flt;

// glibc's exp and pow through pointers, so that no compiler folds or inlines them.
double (*volatile g_libm_exp)(double) = &::exp;
double (*volatile g_libm_pow)(double, double) = &::pow;

std::uint32_t float_bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}




// The routines as the device and the host's FMA clone compute them, here with FMA
// instructions inlined (flatten: every step, not only those GCC would inline).
__attribute__((target("fma"), flatten)) double ours_exp(double x) { return exp_detail::evaluate(x); }
__attribute__((target("fma"), flatten)) double ours_pow(double x, double y) { return pow_detail::evaluate(x, y); }
// The same without FMA instructions: the host's 'default' clone, each hd::dfma_rn a call
// of libm's fma().
__attribute__((flatten)) double ours_exp_plain(double x) { return exp_detail::evaluate(x); }
__attribute__((flatten)) double ours_pow_plain(double x, double y) { return pow_detail::evaluate(x, y); }

// Counts the inputs where glibc and `ours` differ and reports the first few.
class CompareExp {
 public:
  explicit CompareExp(double (*ours)(double) = &ours_exp) : ours_(ours) {}
  void operator()(double x) {
    const double libm = g_libm_exp(x), ours = ours_(x);
    if (bits(libm) != bits(ours) && ++differ_ <= 5)
      ADD_FAILURE() << "exp(" << std::hexfloat << x << "): glibc " << libm << ", hd::glibc_exp " << ours;
    ++checked_;
  }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }

 private:
  double (*ours_)(double);
  std::uint64_t differ_ = 0, checked_ = 0;
};

class ComparePow {
 public:
  explicit ComparePow(double (*ours)(double, double) = &ours_pow) : ours_(ours) {}
  void operator()(double x, double y) {
    const double libm = g_libm_pow(x, y), ours = ours_(x, y);
    if (bits(libm) != bits(ours) && ++differ_ <= 5)
      ADD_FAILURE() << "pow(" << std::hexfloat << x << ", " << y << "): glibc " << libm << ", hd::glibc_pow "
                    << ours;
    ++checked_;
  }
  std::uint64_t differ() const { return differ_; }
  std::uint64_t checked() const { return checked_; }

 private:
  double (*ours_)(double, double);
  std::uint64_t differ_ = 0, checked_ = 0;
};

constexpr unsigned kShards = 8;
// The sample ctest runs of the float sweeps: every kSampleStride-th float (a prime, so
// that every low bit pattern of the significand comes up).
constexpr std::uint64_t kSampleStride = 41;

// Shard `shard` of the bit patterns [first, last], whole or sampled.
template <class Visit>
std::uint64_t sweep_float_shard(std::uint32_t first, std::uint32_t last, unsigned shard, Visit&& visit) {
  const std::uint64_t count = std::uint64_t{last} - first + 1, per = (count + kShards - 1) / kShards;
  const std::uint64_t begin = first + shard * per;
  const std::uint64_t end = std::min<std::uint64_t>(begin + per, std::uint64_t{last} + 1);
  const std::uint64_t stride = exhaustive() ? 1 : kSampleStride;
  std::uint64_t n = 0;
  for (std::uint64_t u = begin; u < end; u += stride, ++n) visit(flt(static_cast<std::uint32_t>(u)));
  return n;
}

// ---- exp: every float in [-230, 0] ---------------------------------------------------------

class ExpEveryFloat : public ::testing::TestWithParam<unsigned> {};

TEST_P(ExpEveryFloat, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  CompareExp compare;
  // -0 (0x80000000) up to -230 (0xc3660000): the negative floats' bits grow with |f|.
  const std::uint64_t n = sweep_float_shard(0x80000000u, float_bits_of(-230.0f), GetParam(),
                                            [&](float g) { compare(static_cast<double>(g)); });
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_EQ(compare.checked(), n);
}

INSTANTIATE_TEST_SUITE_P(Shard, ExpEveryFloat, ::testing::Range(0u, kShards));

// ---- pow(x, 7): every float in [0, 400] --------------------------------------------------------

class Pow7EveryFloat : public ::testing::TestWithParam<unsigned> {};

TEST_P(Pow7EveryFloat, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  ComparePow compare;
  const std::uint64_t n = sweep_float_shard(0u, float_bits_of(400.0f), GetParam(),
                                            [&](float c) { compare(static_cast<double>(c), 7.0); });
  if (GetParam() == 0) compare(25.0, 7.0);  // c7_ratio's 25^7
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_GE(compare.checked(), n);
}

INSTANTIATE_TEST_SUITE_P(Shard, Pow7EveryFloat, ::testing::Range(0u, kShards));

// ---- pow(x, 2.4) and pow(x, 1/3): what lab_color computes from samples ---------------------------

// ciede_math.hpp's lab_color up to its pow calls, in the same double operations (this file
// is compiled, as the project is, without contraction): each argument of pow(., 2.4) and
// pow(., 1/3) goes to `compare`, and the linearised channels take glibc's values.
struct LabArguments {
  explicit LabArguments(unsigned bpc) : scale(1 << (bpc - 8)) {}
  double scale;
  double luma(double y) const { return (y - 16. * scale) * (1. / (219. * scale)); }
  double chroma(double c) const { return (c - 128. * scale) * (1. / (224. * scale)); }
  static double linearize(double c, ComparePow& compare) {
    if (c > 10. / 255.) {
      const double x = (c + 0.055) * (1.0 / 1.055);
      compare(x, 2.4);
      return g_libm_pow(x, 2.4);
    }
    return c * (1.0 / 12.92);
  }
  static void compand(double c, ComparePow& compare) {
    if (c > 216.0 / 24389.0) compare(c, 1.0 / 3.0);
  }
};

class CiedeSamples : public ::testing::TestWithParam<unsigned> {};

// Shard s takes the luma codes Y = s mod kShards; the sample ctest runs takes 8-bit
// samples, every 7th (U, V) pair; the long run every 8-bit and 10-bit triple.
TEST_P(CiedeSamples, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  ComparePow compare;
  for (unsigned bpc : {8u, 10u}) {
    if (bpc == 10 && !exhaustive()) break;
    const LabArguments lab(bpc);
    const unsigned codes = 1u << bpc;
    const unsigned stride = exhaustive() ? 1 : 7;
    std::vector<double> lin_r(codes), lin_b(codes), u_of(codes), v_of(codes);
    for (unsigned c = 0; c < codes; ++c) u_of[c] = v_of[c] = lab.chroma(c);
    for (unsigned yc = GetParam(); yc < codes; yc += kShards) {
      const double y = lab.luma(yc);
      for (unsigned c = 0; c < codes; ++c) {
        lin_r[c] = LabArguments::linearize(y + 1.28033 * v_of[c], compare);
        lin_b[c] = LabArguments::linearize(y + 2.12798 * u_of[c], compare);
      }
      for (std::uint64_t uv = yc % stride; uv < std::uint64_t{codes} * codes; uv += stride) {
        const unsigned uc = static_cast<unsigned>(uv / codes), vc = static_cast<unsigned>(uv % codes);
        const double u = u_of[uc], v = v_of[vc];
        const double r = lin_r[vc], b = lin_b[uc];
        const double g = LabArguments::linearize(y - 0.21482 * u - 0.38059 * v, compare);
        const double x = r * 0.4124564390896921 + g * 0.357576077643909 + b * 0.18043748326639894;
        const double yy = r * 0.21267285140562248 + g * 0.715152155287818 + b * 0.07217499330655958;
        const double z = r * 0.019333895582329317 + g * 0.119192025881303 + b * 0.9503040785363677;
        LabArguments::compand(x * (1.0 / 0.95047), compare);
        LabArguments::compand(yy, compare);
        LabArguments::compand(z * (1.0 / 1.08883), compare);
      }
    }
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
  EXPECT_GT(compare.checked(), 0u);
}

INSTANTIATE_TEST_SUITE_P(Shard, CiedeSamples, ::testing::Range(0u, kShards));

// ---- pow(x, 2.4) and pow(x, 1/3): blocks of consecutive doubles --------------------------------

// kBlocks blocks of kBlock consecutive doubles, their starts spread evenly (by bits, so
// every binade alike) over [lo, hi]; shard s takes blocks s, s + kShards, ...
// The sample: 2048 blocks of 4096 per exponent (2^23); the long run 8192 of 2^17 (2^30).
class PowBlocks : public ::testing::TestWithParam<unsigned> {};

TEST_P(PowBlocks, EqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  const std::uint64_t blocks = exhaustive() ? 8192 : 2048, block = exhaustive() ? (1u << 17) : 4096;
  struct Range {
    double y, lo, hi;
  };
  // linearize's (c + 0.055) / 1.055 for c in (10/255, ~2.5]; lab_compand's c in
  // (216/24389, ~8] (samples outside the RGB gamut reach ~6.3).
  for (const Range& range : {Range{2.4, 0x1.6p-4, 2.5}, Range{1.0 / 3.0, 0x1.2p-7, 8.0}}) {
    ComparePow compare;
    const std::uint64_t lo = bits(range.lo), span = bits(range.hi) - lo - block;
    for (std::uint64_t i = GetParam(); i < blocks; i += kShards) {
      const std::uint64_t start = lo + span / (blocks - 1) * i;
      for (std::uint64_t u = start; u < start + block; ++u) compare(dbl(u), range.y);
    }
    EXPECT_EQ(compare.differ(), 0u) << "y = " << range.y << ", of " << compare.checked();
    EXPECT_EQ(compare.checked(), blocks / kShards * block);
  }
}

INSTANTIATE_TEST_SUITE_P(Shard, PowBlocks, ::testing::Range(0u, kShards));

TEST(HdPow, RandomCiedeArgumentsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  std::mt19937_64 rng(20240701);
  std::uniform_real_distribution<double> linear(0x1.6p-4, 2.5), cube(0x1.2p-7, 8.0);
  std::uniform_real_distribution<float> chroma(0.0f, 400.0f);
  ComparePow compare;
  for (int n = 0; n < 1000000; ++n) {
    compare(linear(rng), 2.4);
    compare(cube(rng), 1.0 / 3.0);
    compare(static_cast<double>(chroma(rng)), 7.0);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- the paths' boundaries and the special values ------------------------------------------------

// Doubles of bits b - n .. b + n.
template <class Visit>
void around(double x, int n, Visit&& visit) {
  for (int d = -n; d <= n; ++d) visit(dbl(bits(x) + static_cast<std::uint64_t>(static_cast<std::int64_t>(d))));
}

TEST(HdExp, EveryPathBoundaryAndSpecialValueEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  CompareExp compare;
  for (double sign : {1.0, -1.0}) {
    // |x| = 2^-54 (below: 1 + x), 512 (special_case), 1024 (over- and underflow).
    for (double edge : {0x1p-54, 512.0, 1024.0}) around(sign * edge, 256, compare);
    // The results' edges: the largest finite, the first subnormal, the last non-zero.
    for (double edge : {0x1.62e42fefa39efp+9, 0x1.6232bdd7abcd2p+9, 0x1.74385446d71c3p+9, 0x1.74910d52d3051p+9})
      around(sign * edge, 4096, compare);
  }
  // Where k = round(x N / ln2) changes: x = (j + 1/2) ln2 / N, over the whole range.
  for (int j = -137500; j <= 131100; j += 37) around((j + 0.5) * 0x1.62e42fefa39efp-8, 3, compare);
  // Subnormal and tiny arguments, zeros, infinities, NaNs (quiet, signalling, negative,
  // with payloads), and the largest.
  for (std::uint64_t m = 1; m < (std::uint64_t{1} << 52); m = m * 3 + 1) {
    compare(dbl(m));
    compare(-dbl(m));
  }
  for (double x : {0.0, -0.0, HUGE_VAL, -HUGE_VAL, 1.0, -1.0, 0x1p-1022, -0x1p-1022, 0x1.fffffffffffffp+1023,
                   -0x1.fffffffffffffp+1023, 709.0, 710.0, -708.0, -709.0, -745.0, -746.0})
    compare(x);
  for (std::uint64_t nan : {0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000000ull, 0x7ff4000000000abcull,
                            0xfff0000000001234ull, 0xffffffffffffffffull})
    compare(dbl(nan));
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdExp, RandomDoublesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> wide(-760.0, 720.0), near_zero(-1e-3, 1e-3);
  CompareExp compare;
  for (int n = 0; n < 1000000; ++n) {
    compare(dbl(rng()));
    compare(wide(rng));
    compare(near_zero(rng));
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// Special values of x and y, every pair: zeros, infinities, NaNs, +-1, subnormals, the
// extremes, odd and even integers (small, 2^52 + 1, 2^53, 2^63, 2^64), |y| at 2^-65 (below:
// 1 +- y) and 2^63 (from there: +-inf or +-0), non-integers.
std::vector<double> special_values() {
  std::vector<double> v;
  for (double d : {0.0, 1.0, 0.5, 2.0, 3.0, 7.0, 25.0, 2.4, 1.0 / 3.0, 1.5, 0x1.fffffffffffffp-1, 0x1.0000000000001p+0,
                   0x1p-1022, 0x1p-1023, 0x1p-1074, 0x0.fffffffffffffp-1022, 0x1.fffffffffffffp+1023, 1e-300, 1e300,
                   0x1p52 + 1, 0x1p53, 0x1p53 + 2, 0x1p52 + 0.5, 1023.5, 0x1p63, 0x1.fffffffffffffp+62, 0x1p64,
                   0x1p-65, 0x1.fffffffffffffp-66, 0x1p-66, 1e308, 0x1.62e42fefa39efp+9, HUGE_VAL}) {
    v.push_back(d);
    v.push_back(-d);
  }
  for (std::uint64_t nan : {0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000000ull, 0x7ff4000000000abcull,
                            0xfff0000000001234ull, 0x7ff8000000000123ull})
    v.push_back(dbl(nan));
  return v;
}

TEST(HdPow, SpecialValuesEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  ComparePow compare;
  const std::vector<double> values = special_values();
  for (double x : values)
    for (double y : values) compare(x, y);
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdPow, EveryPathBoundaryEqualsGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  ComparePow compare;
  const double some_x[] = {0.5, 0x1.fffffffffffffp-1, 1.0, 0x1.0000000000001p+0, 2.0, -2.0, -0.5, 3.0, 0x1p-1074};
  // |y| at 2^-65 and 2^63, both signs.
  for (double x : some_x)
    for (double edge : {0x1p-65, -0x1p-65, 0x1p63, -0x1p63}) around(edge, 64, [&](double y) { compare(x, y); });
  // x near 1 (log's cancellations), with CIEDE's exponents and large ones.
  for (double y : {2.4, 1.0 / 3.0, 7.0, -7.0, 1e10, -1e15, 0x1.8p62})
    around(1.0, 4096, [&](double x) { compare(x, y); });
  // The edges of log's intervals (z = kOff + i 2^45 as bits), over the exponents.
  for (int e = -1074; e <= 1023; e += (e > -1030 && e < 1020 ? 29 : 1))
    for (std::uint64_t i = 0; i < 128; ++i) {
      const double edge = std::ldexp(dbl(pow_detail::kOff + (i << 45)), e);
      if (edge > 0 && std::isfinite(edge))
        for (double y : {2.4, 1.0 / 3.0, 7.0}) around(edge, 2, [&](double x) { compare(x, y); });
    }
  // Results at their edges (exp's paths, as above): x^y near e^L for each L.
  for (double y : {2.4, 1.0 / 3.0, 7.0, -7.0, 3.0, 0.5, -2.4, 1000.5})
    for (double l : {709.782712893384, 709.0, 512.0 * 0x1.62e42fefa39efp-1, -708.3964185322641, -744.4400719213812,
                     -745.1332191019412, -746.0, -0x1p-54, 0x1p-54})
      around(std::exp(l / y), 256, [&](double x) {
        compare(x, y);
        if (y == 7.0 || y == 3.0) compare(-x, y);  // odd y: the result's sign in the scale
      });
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

TEST(HdPow, RandomPairsEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  std::mt19937_64 rng(20240702);
  std::uniform_real_distribution<double> unit(0.0, 1.0), exponent(-100.0, 100.0);
  std::uniform_int_distribution<int> integer(-1100, 1100), binade(-1022, 1023);
  ComparePow compare;
  for (int n = 0; n < 250000; ++n) {
    // Any bits.
    compare(dbl(rng()), dbl(rng()));
    // Positive x over the whole range, moderate y.
    const double x = std::ldexp(1.0 + unit(rng), binade(rng));
    compare(x, exponent(rng));
    // Negative x to integer y, odd and even, and to other y.
    compare(-x, static_cast<double>(integer(rng)));
    compare(-std::ldexp(1.0 + unit(rng), integer(rng) / 8), static_cast<double>(integer(rng) / 16));
    compare(-x, exponent(rng));
    // Results over the whole range, subnormal and past its ends: y = L / log(x).
    const double l = -760.0 + 1480.0 * unit(rng);
    const double lx = std::log(x);
    if (lx != 0) {
      compare(x, l / lx);
      if (n % 2 == 0) compare(-x, std::nearbyint(l / lx));
    }
    // x within a few ulps of 1, y large.
    compare(dbl(bits(1.0) + (rng() % 64) - 32), std::ldexp(unit(rng) - 0.5, 40 + static_cast<int>(rng() % 22)));
    // Subnormal x.
    compare(dbl(rng() >> 12), exponent(rng) / 100.0);
  }
  EXPECT_EQ(compare.differ(), 0u) << "of " << compare.checked();
}

// ---- the host copies, the clone without FMA instructions, and SoftF64 --------------------------------

// The inputs of the checks below: CIEDE's arguments, the paths' edges, special values,
// random ones.
std::vector<double> exp_inputs(int random_count) {
  std::vector<double> v;
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> wide(-760.0, 720.0);
  for (std::uint32_t u = 0x80000000u; u <= float_bits_of(-230.0f); u += 15013) v.push_back(flt(u));
  for (double edge : {0x1p-54, 512.0, 1024.0, 0x1.62e42fefa39efp+9, 0x1.6232bdd7abcd2p+9, 0x1.74910d52d3051p+9})
    for (double sign : {1.0, -1.0}) around(sign * edge, 64, [&](double x) { v.push_back(x); });
  for (double x : special_values()) v.push_back(x);
  for (int n = 0; n < random_count; ++n) {
    v.push_back(wide(rng));
    v.push_back(dbl(rng()));
  }
  return v;
}

std::vector<std::pair<double, double>> pow_inputs(int random_count) {
  std::vector<std::pair<double, double>> v;
  std::mt19937_64 rng(6);
  std::uniform_real_distribution<double> linear(0x1.6p-4, 2.5), cube(0x1.2p-7, 8.0), unit(0.0, 1.0);
  for (std::uint32_t u = 0; u <= float_bits_of(400.0f); u += 15013) v.emplace_back(flt(u), 7.0);
  const std::vector<double> values = special_values();
  for (double x : values)
    for (double y : values) v.emplace_back(x, y);
  for (int n = 0; n < random_count; ++n) {
    v.emplace_back(linear(rng), 2.4);
    v.emplace_back(cube(rng), 1.0 / 3.0);
    v.emplace_back(dbl(rng()), dbl(rng()));
    // Results near and past the ends of the range (special_case), negative x to odd y.
    const double x = std::ldexp(1.0 + unit(rng), static_cast<int>(rng() % 200) - 100);
    const double y = std::nearbyint((-760.0 + 1480.0 * unit(rng)) / std::log(x));
    v.emplace_back(n % 2 ? x : -x, y);
  }
  return v;
}

TEST(HdExp, HostCopyAndPlainCloneEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  CompareExp host(+[](double x) { return glibc_exp(x); }), plain(&ours_exp_plain);
  for (double x : exp_inputs(200000)) {
    host(x);
    plain(x);
  }
  EXPECT_EQ(host.differ(), 0u) << "glibc_exp (the host copy), of " << host.checked();
  EXPECT_EQ(plain.differ(), 0u) << "without FMA instructions, of " << plain.checked();
}

TEST(HdPow, HostCopyAndPlainCloneEqualGlibc) {
  SKIP_UNLESS_FMA_GLIBC("exp, pow");
  ComparePow host(+[](double x, double y) { return glibc_pow(x, y); }), plain(&ours_pow_plain);
  for (const auto& [x, y] : pow_inputs(100000)) {
    host(x, y);
    plain(x, y);
  }
  EXPECT_EQ(host.differ(), 0u) << "glibc_pow (the host copy), of " << host.checked();
  EXPECT_EQ(plain.differ(), 0u) << "without FMA instructions, of " << plain.checked();
}

// SoftF64 against double: the same operations in integer arithmetic, the same bits (on any
// CPU: this compares the two instantiations, not glibc).
TEST(HdExp, SoftF64EqualsDouble) {
  std::uint64_t checked = 0, differ = 0;
  for (double x : exp_inputs(100000)) {
    const double d = ours_exp_plain(x);
    const SoftF64 s = glibc_exp(SoftF64::from_host_double(x));
    if (bits(d) != s.bits() && ++differ <= 5)
      ADD_FAILURE() << "exp(" << std::hexfloat << x << "): double " << d << ", SoftF64 " << s.to_host_double();
    ++checked;
  }
  EXPECT_EQ(differ, 0u) << "of " << checked;
}

TEST(HdPow, SoftF64EqualsDouble) {
  std::uint64_t checked = 0, differ = 0;
  for (const auto& [x, y] : pow_inputs(50000)) {
    const double d = ours_pow_plain(x, y);
    const SoftF64 s = glibc_pow(SoftF64::from_host_double(x), SoftF64::from_host_double(y));
    if (bits(d) != s.bits() && ++differ <= 5)
      ADD_FAILURE() << "pow(" << std::hexfloat << x << ", " << y << "): double " << d << ", SoftF64 "
                    << s.to_host_double();
    ++checked;
  }
  EXPECT_EQ(differ, 0u) << "of " << checked;
}

}  // namespace
}  // namespace fastvmaf::hd
