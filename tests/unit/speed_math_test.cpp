// SpEED's per-element arithmetic (speed_math.hpp) against the formulas it implements,
// on random inputs, and the float/double choices that make it libvmaf's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "features/speed/speed_math.hpp"

namespace fastvmaf::speed::math {
namespace {

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
