// src/common's scalers (resample, resample_math), Gaussian taps and picture_copy
// conversion, shared by float VIF, float motion and SpEED: each per-sample formula
// against the expression it implements, the kernel-scale whitelist, the filter widths,
// and the per-axis tables against the scalers' per-sample coordinates.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "common/float_picture.hpp"
#include "common/gaussian.hpp"
#include "common/mirror.hpp"
#include "common/resample.hpp"
#include "common/resample_math.hpp"

namespace fastvmaf::common {
namespace {

TEST(CommonFloatPicture, SampleConversionIsExactOffsetAndScale) {
  for (int v = 0; v < 256; ++v) EXPECT_EQ(to_float(static_cast<std::uint8_t>(v), -128), static_cast<float>(v - 128));
  std::mt19937 g(1);
  for (int i = 0; i < 2000; ++i) {
    const std::uint16_t v = static_cast<std::uint16_t>(g());
    EXPECT_EQ(to_float(static_cast<std::uint16_t>(v & 1023), 4.0f, -128), (v & 1023) / 4.0 - 128);
    EXPECT_EQ(to_float(static_cast<std::uint16_t>(v & 4095), 16.0f, -128), (v & 4095) / 16.0 - 128);
    EXPECT_EQ(to_float(v, 256.0f, -128), v / 256.0 - 128);
  }
}

TEST(CommonResample, ReflectStaysInsideAndMirrorsWithoutRepeat) {
  for (int n = 2; n < 40; ++n) {
    for (int i = -(n - 1); i <= 2 * n - 2; ++i) {
      const int r = reflect(i, n);
      ASSERT_GE(r, 0);
      ASSERT_LT(r, n);
      if (i < 0) {
        EXPECT_EQ(r, -i);
      } else if (i >= n) {
        EXPECT_EQ(r, 2 * (n - 1) - i);
      } else {
        EXPECT_EQ(r, i);
      }
    }
  }
  EXPECT_EQ(reflect_scaler(-1.0f, 9.0f), 1.0f);
  EXPECT_EQ(reflect_scaler(10.0f, 9.0f), 8.0f);
  EXPECT_EQ(reflect_scaler(4.0f, 9.0f), 4.0f);
}

TEST(CommonResample, ResampleCoordinatesAreLibvmafs) {
  // (o + 0.5) * ratio - 0.5 in double, rounded once to float; nearest truncates o * ratio.
  std::mt19937 g(2);
  std::uniform_real_distribution<float> u(0.25f, 10.0f);
  for (int i = 0; i < 1000; ++i) {
    const float ratio = u(g);
    const int o = static_cast<int>(g() % 4000);
    EXPECT_EQ(resample_coordinate(o, ratio), static_cast<float>((o + 0.5) * ratio - 0.5));
    EXPECT_EQ(nearest_coordinate(o, ratio), static_cast<int>(std::floor(static_cast<float>(o) * ratio)));
  }
}

TEST(CommonResample, BilinearBlendMatchesTheFormula) {
  std::mt19937 g(3);
  std::uniform_real_distribution<float> v(-128, 128), f(0, 1);
  for (int i = 0; i < 1000; ++i) {
    const float a = v(g), b = v(g), c = v(g), d = v(g), dx = f(g), dy = f(g);
    const double want = (1 - dy) * ((1 - dx) * a + dx * b) + dy * ((1 - dx) * c + dx * d);
    EXPECT_NEAR(bilinear_blend(a, b, c, d, dx, dy), want, 1e-4);
  }
  EXPECT_EQ(bilinear_blend(7, 1, 2, 3, 0, 0), 7.0f);
}

double keys(double t) {  // the a = -0.75 Keys cubic
  const double a = -0.75;
  t = std::fabs(t);
  if (t < 1) return (a + 2) * t * t * t - (a + 3) * t * t + 1;
  if (t < 2) return a * t * t * t - 5 * a * t * t + 8 * a * t - 4 * a;
  return 0;
}

double lanczos(double x) {
  if (x == 0) return 1;
  if (std::fabs(x) >= 4) return 0;
  return 4 * std::sin(M_PI * x) * std::sin(M_PI * x / 4) / (M_PI * M_PI * x * x);
}

TEST(CommonResample, InterpolationKernelsMatchTheirFormulas) {
  std::mt19937 g(4);
  std::uniform_real_distribution<float> u(-5, 5), frac(0, 1);
  for (int i = 0; i < 2000; ++i) {
    const float t = u(g);
    EXPECT_NEAR(bicubic_weight(t), keys(t), 2e-6);
    EXPECT_NEAR(lanczos4_weight(t), lanczos(t), 2e-6);
  }
  for (int i = 0; i < 200; ++i) {  // the four bicubic taps of a fraction sum to 1
    const float fx = frac(g);
    double s = 0;
    for (int k = -1; k <= 2; ++k) s += bicubic_weight(static_cast<float>(k) - fx);
    EXPECT_NEAR(s, 1.0, 1e-5);
  }
  EXPECT_EQ(lanczos4_weight(0.0f), 1.0f);
  EXPECT_EQ(lanczos4_weight(4.0f), 0.0f);
  EXPECT_EQ(bicubic_weight(2.0f), 0.0f);
}

TEST(CommonResample, InterpolatedSamplesAreTheWeightedSums) {
  // bicubic: sum_j sum_i wx[i] wy[j] img[yi[j]][xi[i]]; lanczos4: the same divided by
  // the sum of the weights, so it reproduces a constant.
  const int w = 40;
  std::mt19937 g(7);
  std::uniform_real_distribution<float> u(-128, 128), wt(-0.3f, 1.0f);
  std::vector<float> img(static_cast<std::size_t>(w) * w), flat(img.size(), 37.5f);
  for (auto& v : img) v = u(g);
  for (int trial = 0; trial < 200; ++trial) {
    int xi[9], yi[9];
    float wx[9], wy[9];
    for (int k = 0; k < 9; ++k) {
      xi[k] = static_cast<int>(g() % w);
      yi[k] = static_cast<int>(g() % w);
      wx[k] = wt(g);
      wy[k] = wt(g);
    }
    double cubic = 0, lanczos = 0, wsum = 0;
    for (int j = 0; j < 9; ++j)
      for (int i = 0; i < 9; ++i) {
        const double ww = static_cast<double>(wx[i]) * wy[j];
        if (i < 4 && j < 4) cubic += ww * img[yi[j] * w + xi[i]];
        lanczos += ww * img[yi[j] * w + xi[i]];
        wsum += ww;
      }
    EXPECT_NEAR(bicubic_sample(img.data(), w, xi, wx, yi, wy), cubic, 1e-3);
    EXPECT_NEAR(lanczos4_sample(img.data(), w, xi, wx, yi, wy), lanczos / wsum, 1e-3 * (1 + std::fabs(lanczos / wsum)));
    EXPECT_NEAR(lanczos4_sample(flat.data(), w, xi, wx, yi, wy), 37.5, 1e-3);
  }
}

TEST(CommonGaussian, PdfIsProportionalToTheDensity) {
  // libvmaf divides exp(..) by 1/(sigma sqrt(2 pi)); normalisation removes the factor.
  for (float sigma : {0.6f, 1.8f, 3.6f}) {
    for (int x = -static_cast<int>(4 * sigma); x <= static_cast<int>(4 * sigma); ++x) {
      const double want = std::exp(-0.5 * x * x / (sigma * sigma)) * sigma * std::sqrt(2 * M_PI);
      EXPECT_NEAR(gaussian_pdf(static_cast<float>(x), sigma), want, 1e-6 * want + 1e-30);
    }
  }
}

TEST(CommonGaussian, KernelScalesAreLibvmafsWhitelist) {
  for (float ks : {1.0f, 0.5f, 1.5f, 2.0f, 2.0f / 3, 2.4f, 360.0f / 97, 4.0f / 3, 3.5f / 3, 1.25f, 4.25f / 3, 5.0f / 3,
                   3.0f, 1 / 2.25f, 1.4746f, 1.54f, 1.6f, 1.06667f, 0.711111f, 0.74074f, 1.111111f, 1.0009f})
    EXPECT_TRUE(kernelscale_valid(ks)) << ks;
  for (float ks : {0.1f, 1.0011f, 1.2f, 2.5f, 4.0f}) EXPECT_FALSE(kernelscale_valid(ks)) << ks;
}

TEST(CommonGaussian, FilterWidthsAreOddCeilings) {
  // (2^(4 - scale) + 1) * kernelscale rounded up to odd, at least 3.
  for (float ks : {0.5f, 1.0f, 1.5f, 2.0f, 2.4f, 360.0f / 97, 3.0f}) {
    for (int scale = 1; scale <= 4; ++scale) {
      int want = static_cast<int>(std::ceil(((1 << (4 - scale)) + 1) * static_cast<double>(ks)));
      if (want % 2 == 0) ++want;
      EXPECT_EQ(filter_width(scale, ks), std::max(want, 3)) << ks << " " << scale;
    }
  }
  EXPECT_EQ(filter_width(1, 1.0f), 9);
  EXPECT_EQ(filter_width(4, 1.0f), 3);
}

TEST(CommonResample, ResampleTablesFollowTheScalersPerSampleFormulas) {
  for (int src : {90, 173, 960}) {
    for (int dst : {80, 97, 288, 1440}) {
      const float ratio = static_cast<float>(src) / static_cast<float>(dst);
      const float last = static_cast<float>(src - 1);
      const ResampleAxis n = make_resample_axis(PrescaleMethod::Nearest, src, dst);
      const ResampleAxis b = make_resample_axis(PrescaleMethod::Bilinear, src, dst);
      const ResampleAxis c = make_resample_axis(PrescaleMethod::Bicubic, src, dst);
      const ResampleAxis l = make_resample_axis(PrescaleMethod::Lanczos4, src, dst);
      for (int o = 0; o < dst; ++o) {
        EXPECT_EQ(n.index[o], static_cast<int>(o * ratio));
        const float xx = static_cast<float>((o + 0.5) * ratio - 0.5);
        const int lo = static_cast<int>(reflect_scaler(std::floor(xx), last));
        EXPECT_EQ(b.index[2 * o], lo);
        EXPECT_EQ(b.index[2 * o + 1], static_cast<int>(reflect_scaler(std::ceil(xx), last)));
        EXPECT_EQ(b.weight[o], xx - static_cast<float>(lo));
        const int x0 = static_cast<int>(std::floor(xx));
        for (int k = -1; k <= 2; ++k) {
          EXPECT_EQ(c.index[4 * o + k + 1], static_cast<int>(reflect_scaler(static_cast<float>(x0 + k), last)));
          EXPECT_EQ(c.weight[4 * o + k + 1], bicubic_weight(static_cast<float>(k) - (xx - x0)));
        }
        for (int k = -4; k <= 4; ++k) {
          const int idx = l.index[9 * o + k + 4];
          EXPECT_TRUE(idx >= 0 && idx < src);
          EXPECT_EQ(idx, static_cast<int>(reflect_scaler(static_cast<float>(x0 + k), last)));
          EXPECT_EQ(l.weight[9 * o + k + 4], lanczos4_weight(static_cast<float>(k) - (xx - x0)));
        }
      }
    }
  }
}

}  // namespace
}  // namespace fastvmaf::common
