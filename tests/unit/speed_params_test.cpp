// SpEED's option-derived plans (speed_params): dimensions, the minimum size, when the
// prescale resamples, the antialias and local-mean taps. The kernel-scale whitelist, the
// filter widths and the prescale's tables are src/common's (common_resample_test.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

#include "common/gaussian.hpp"
#include "features/speed/speed_params.hpp"

namespace fastvmaf::speed {
namespace {

TEST(SpeedParams, DimensionsOfKnownPlanes) {
  // 1080p 4:2:0 chroma: 960x540 -> 60x33 after decimation -> 12x6 blocks.
  SpeedDims d = make_dims(960, 540, 1.0);
  EXPECT_EQ(d.scaled_width, 960u);
  EXPECT_EQ(d.down_width, 60u);
  EXPECT_EQ(d.down_height, 33u);
  EXPECT_EQ(d.blocks_x, 12u);
  EXPECT_EQ(d.blocks_y, 6u);
  EXPECT_EQ(d.trunc_height, 30u);
  EXPECT_EQ(d.sub_width, 56u);
  EXPECT_EQ(d.sub_height, 26u);
  EXPECT_EQ(d.num_blocks(), 72u);
  // The 5d0h model's prescale 0.6 on 576x324 chroma: 288*0.6+0.5 = 173.3 -> 173.
  d = make_dims(288, 162, 0.6);
  EXPECT_EQ(d.scaled_width, 173u);
  EXPECT_EQ(d.scaled_height, 97u);
  EXPECT_EQ(d.num_blocks(), 2u);
  EXPECT_FALSE(make_dims(16, 16, 1.0).usable());
  EXPECT_FALSE(make_dims(960, 64, 1.0).usable());  // the chroma of 1920x128
}

TEST(SpeedParams, MinimumPlaneSizeIsTheFirstThatKeepsABlock) {
  EXPECT_EQ(min_plane_size(1.0), 80u);
  EXPECT_EQ(min_plane_size(0.5), 159u);  // (int)(159 * 0.5 + 0.5) = 80
  EXPECT_EQ(min_plane_size(0.6), 133u);
  EXPECT_EQ(min_plane_size(2.0), 40u);
  EXPECT_EQ(min_plane_size(4.0), 20u);
  std::mt19937 g(1);
  std::uniform_real_distribution<double> u(0.1, 4.0);
  for (int i = 0; i < 300; ++i) {
    const double p = u(g);
    const unsigned n = min_plane_size(p);
    EXPECT_TRUE(make_dims(n, n, p).usable()) << p;
    EXPECT_FALSE(make_dims(n - 1, n, p).usable()) << p;
    EXPECT_FALSE(make_dims(n, n - 1, p).usable()) << p;
  }
}

TEST(SpeedParams, PrescaleResamplesOnlyAwayFromOne) {
  EXPECT_FALSE(prescale_resamples(1.0));
  EXPECT_FALSE(prescale_resamples(1.0009));
  EXPECT_FALSE(prescale_resamples(0.9991));
  EXPECT_TRUE(prescale_resamples(1.0011));
  EXPECT_TRUE(prescale_resamples(0.5));
}

TEST(SpeedParams, GaussianTapsAreNormalisedGaussians) {
  for (float ks : {0.5f, 1.0f, 2.0f, 360.0f / 97}) {
    for (int which = 0; which < 2; ++which) {
      const auto taps = which == 0 ? antialias_taps(ks) : local_mean_taps(ks);
      const int w = static_cast<int>(taps.size());
      ASSERT_EQ(w, common::filter_width(which == 0 ? 1 : 4, ks));
      const double sigma = which == 0 ? 2.0 * w / 5 : w / 5.0;
      double norm = 0;
      for (int i = 0; i < w; ++i) norm += std::exp(-0.5 * (i - w / 2) * (i - w / 2) / (sigma * sigma));
      for (int i = 0; i < w; ++i) {
        EXPECT_NEAR(taps[i], std::exp(-0.5 * (i - w / 2) * (i - w / 2) / (sigma * sigma)) / norm, 1e-6);
        EXPECT_EQ(taps[i], taps[w - 1 - i]);
      }
      EXPECT_NEAR(std::accumulate(taps.begin(), taps.end(), 0.0), 1.0, 1e-6);
    }
  }
}

TEST(SpeedParams, Log2OfTwoPiEIsTheDoubleConstant) {
  EXPECT_EQ(log2_two_pi_e(), std::log2(2 * M_PI * M_E));
  EXPECT_NEAR(log2_two_pi_e(), 4.0941911703612819, 1e-12);
}

}  // namespace
}  // namespace fastvmaf::speed
