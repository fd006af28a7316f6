// SpEED's per-element arithmetic (speed_math.hpp) against the formulas it implements,
// on random inputs, and the float/double choices that make it libvmaf's; where it is
// common's arithmetic spelled for the twin, against common's bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "common/float_picture.hpp"
#include "common/resample_math.hpp"
#include "features/speed/speed_math.hpp"

namespace fastvmaf::speed::math {
namespace {

// picture_copy's conversion, the bilinear blend and the bicubic and lanczos4 samples are
// common's operations (float_picture.hpp, resample_math.hpp; their formulas are tested in
// common_resample_test) in the same order, spelled with gpu/hd's rounded operations for
// the twin. They must give common's bits: on every sample value, and on random blends.
std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }

TEST(SpeedMath, SampleConversionIsCommonsBitForBit) {
  for (int v = 0; v < 256; ++v) {
    const auto b = static_cast<std::uint8_t>(v);
    ASSERT_EQ(bits(sample_8bit(b)), bits(common::to_float(b, kSampleOffset))) << v;
  }
  for (float divisor : {4.0f, 16.0f, 256.0f})
    for (int v = 0; v < 65536; ++v) {
      const auto w = static_cast<std::uint16_t>(v);
      ASSERT_EQ(bits(sample_hbd(w, divisor)), bits(common::to_float(w, divisor, kSampleOffset)))
          << v << " / " << divisor;
    }
}

TEST(SpeedMath, BilinearBlendIsCommonsBitForBit) {
  std::mt19937 g(3);
  // The tables' fractions lie in [-1.5, 1): 0 where the coordinate is whole, below -1 at
  // the left and top borders, where the fraction is taken against the mirrored floor.
  std::uniform_real_distribution<float> v(-128, 128), f(-1.5f, 1);
  for (int i = 0; i < 100000; ++i) {
    const float a = v(g), b = v(g), c = v(g), d = v(g);
    const float dx = i % 7 == 0 ? 0.0f : f(g), dy = i % 11 == 0 ? 0.0f : f(g);
    ASSERT_EQ(bits(bilinear_blend(a, b, c, d, dx, dy)), bits(common::bilinear_blend(a, b, c, d, dx, dy))) << i;
  }
}

TEST(SpeedMath, InterpolatedSamplesAreCommonsBitForBit) {
  const int w = 40;
  std::mt19937 g(7);
  std::uniform_real_distribution<float> u(-128, 128), wt(-0.3f, 1.0f);
  std::vector<float> img(static_cast<std::size_t>(w) * w), flat(img.size(), 37.5f);
  for (auto& v : img) v = u(g);
  for (int trial = 0; trial < 20000; ++trial) {
    int xi[9], yi[9];
    float wx[9], wy[9];
    for (int k = 0; k < 9; ++k) {
      xi[k] = static_cast<int>(g() % w);
      yi[k] = static_cast<int>(g() % w);
      wx[k] = wt(g);
      wy[k] = wt(g);
    }
    for (const std::vector<float>* src : {&img, &flat}) {
      const float* p = src->data();
      ASSERT_EQ(bits(bicubic_sample(p, w, xi, wx, yi, wy)), bits(common::bicubic_sample(p, w, xi, wx, yi, wy)))
          << trial;
      ASSERT_EQ(bits(lanczos4_sample(p, w, xi, wx, yi, wy)), bits(common::lanczos4_sample(p, w, xi, wx, yi, wy)))
          << trial;
    }
  }
}

TEST(SpeedMath, EntropyTermsMatchTheFormulas) {
  const double c = std::log2(2 * M_PI * M_E);
  std::mt19937 g(5);
  std::uniform_real_distribution<float> u(0, 50), snn(0.1f, 2.0f);
  for (int i = 0; i < 1000; ++i) {
    const float h = u(g), l = u(g), s = u(g), sn = snn(g);
    EXPECT_NEAR(add_entropy(h, l, s, sn, c), h + std::log2(static_cast<double>(l) * s + sn) + c, 1e-4);
    EXPECT_EQ(add_entropy(h, -l, s, sn, c), add_entropy(h, 0.0f, s, sn, c));  // negative eigenvalues count as 0
  }
  EXPECT_NEAR(base_entropy(0.29f, 0.0f, c), 25 * (std::log2(0.29) + c), 1e-4);
  EXPECT_NEAR(base_entropy(0.19f, 0.1f, c), 25 * (std::log2(1.1 * 0.19) + c), 1e-4);
}

TEST(SpeedMath, BlockVarianceAndEntropyMatchTheFormulas) {
  const double c = std::log2(2 * M_PI * M_E);
  std::mt19937 g(8);
  std::uniform_real_distribution<float> u(-3, 3), e(-0.5f, 40);
  for (int i = 0; i < 300; ++i) {
    const unsigned long stride = 1 + g() % 50;
    std::vector<float> x(25 * stride), y(25 * stride);
    for (auto& v : x) v = u(g);
    for (auto& v : y) v = u(g);
    double want = 0;
    for (int k = 0; k < 25; ++k) want += static_cast<double>(x[k * stride]) * y[k * stride] / 25;
    const float var = block_variance(x.data(), y.data(), stride);
    EXPECT_NEAR(var, want, 1e-5);
    float eig[25];
    double h = 0;
    for (float& l : eig) {
      l = e(g);
      h += std::log2(std::max(0.0f, l) * static_cast<double>(std::fabs(var)) + 0.29) + c;
    }
    EXPECT_NEAR(block_entropy(eig, std::fabs(var), 0.29f, c), h, 1e-3);
  }
}

TEST(SpeedMath, BlockScoreWeightsByVarianceMode) {
  std::mt19937 g(6);
  std::uniform_real_distribution<float> u(0, 40);
  for (int i = 0; i < 500; ++i) {
    const float hr = u(g), hd = u(g), sr = u(g), sd = u(g);
    const double lr = std::log2(1.0 + sr), ld = std::log2(1.0 + sd);
    const double mid = std::log2(1 + (sr + sd) / 2.0);
    const double want[7][2] = {{lr, ld},
                               {lr, lr},
                               {ld, ld},
                               {mid, mid},
                               {lr, mid},
                               {lr, std::log2(1 + 0.75 * sr + 0.25 * sd)},
                               {lr, std::log2(1 + 0.25 * sr + 0.75 * sd)}};
    for (int mode = 0; mode < 7; ++mode) {
      const double expect = std::fabs(hr * want[mode][0] - hd * want[mode][1]);
      EXPECT_NEAR(block_score(hr, hd, sr, sd, -1.0f, mode), expect, 1e-4 * (1 + expect)) << "mode " << mode;
    }
    // Both entropies below the base: no visible difference.
    EXPECT_EQ(block_score(hr, hd, sr, sd, 41.0f, i % 7), 0.0f);
  }
}

TEST(SpeedMath, FloatDoubleChoicesAreLibvmafs) {
  // log2 of a float argument is taken in double (libvmaf calls log2, not log2f).
  const float s = 1e-4f;
  const double c = std::log2(2 * M_PI * M_E);
  EXPECT_EQ(add_entropy(0.0f, 1.0f, s, 0.29f, c),
            static_cast<float>(0.0 + (std::log2(static_cast<double>(1.0f * s + 0.29f)) + c)));
  // The tap is acc + coeff * sample with a rounded product (no fused multiply-add):
  // (1 + 2^-23)(1 - 2^-23) rounds to 1, so the tap gives 0, where an FMA gives -2^-46.
  const float a = 1.0f + 0x1p-23f, b = 1.0f - 0x1p-23f;
  EXPECT_EQ(tap(-1.0f, a, b), 0.0f);
}

}  // namespace
}  // namespace fastvmaf::speed::math
