// src/common's float helpers: picture_copy's conversion and peaks, the separable float
// filter rows against a plain transcription of vif_filter1d_s (same float operations,
// outputs one by one), and the scalers' bounds check.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "common/float_filter.hpp"
#include "common/float_picture.hpp"
#include "common/gaussian.hpp"
#include "common/mirror.hpp"
#include "common/resample.hpp"
#include "core/cpu.hpp"
#include "float_reference.hpp"

namespace fastvmaf::common {
namespace {

TEST(CommonFloatPicture, ConvertsAsPictureCopy) {
  for (int v = 0; v < 256; ++v) {
    EXPECT_EQ(to_float(static_cast<std::uint8_t>(v), -128), static_cast<float>(v - 128));
    EXPECT_EQ(to_float(static_cast<std::uint8_t>(v), 0), static_cast<float>(v));
  }
  for (unsigned bpc : {10u, 12u, 16u}) {
    const float div = depth_divisor(bpc);
    for (unsigned v = 0; v < (1u << bpc); v += 7) {
      // Every k / 2^n is exact in float, so the double formula gives the same value.
      EXPECT_EQ(to_float(static_cast<std::uint16_t>(v), div, -128), v / static_cast<double>(div) - 128.0);
    }
  }
  EXPECT_EQ(depth_divisor(10), 4.0f);
  EXPECT_EQ(depth_divisor(12), 16.0f);
  EXPECT_EQ(depth_divisor(16), 256.0f);
  EXPECT_EQ(depth_divisor(8), 1.0f);
  // The depths the float extractors refuse: SpEED (which takes every depth) divides by 256.
  for (unsigned bpc : {9u, 11u, 13u, 14u, 15u}) EXPECT_EQ(depth_divisor(bpc), 256.0f) << bpc;

  Picture p = Picture::allocate(PixelFormat::YUV420, 10, 5, 3);
  for (unsigned y = 0; y < 3; ++y)
    for (unsigned x = 0; x < 5; ++x) p.plane(0).row<std::uint16_t>(y)[x] = static_cast<std::uint16_t>(100 * y + x);
  FloatImage img;
  convert_plane(p.plane(0), 10, 0, 5, 3, img);
  ASSERT_EQ(img.width, 5u);
  ASSERT_EQ(img.height, 3u);
  EXPECT_EQ(img.row(2)[4], (200 + 4) / 4.0f);
}

TEST(CommonFloatPicture, KnowsTheDepthsLibvmafConverts) {
  for (unsigned bpc : {8u, 10u, 12u, 16u}) EXPECT_NO_THROW(require_float_depth("float_x", bpc));
  for (unsigned bpc : {9u, 11u, 14u, 15u}) {
    try {
      require_float_depth("float_x", bpc);
      ADD_FAILURE() << bpc;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("float_x: bit depth " + std::to_string(bpc)), std::string::npos);
    }
  }
  // The peak is the converted maximum sample; the ceiling 6 * bpc + 12 dB.
  for (unsigned bpc : {8u, 10u, 12u, 16u}) {
    const FloatPeak p = float_peak(bpc);
    EXPECT_EQ(p.peak, ((1u << bpc) - 1) / static_cast<double>(depth_divisor(bpc)));
    EXPECT_EQ(p.psnr_max, 6.0 * bpc + 12);
  }
}

TEST(CommonFloatFilter, RowsEqualThePlainFilter) {
  // The C entries and this CPU's SIMD ones (core/cpu.hpp; tests/dsp pins every level's
  // entries to the C ones on many more inputs).
  for (cpu::Flags flags : {cpu::Flags{0}, cpu::active()}) {
    const FloatFilterDsp dsp = make_float_filter_dsp(flags);
    std::mt19937 rng(7);
    for (float ks : {0.5f, 1.0f, 2.0f}) {
      for (int scale = 0; scale < 4; ++scale) {
        const FilterTaps f{vif_filter_taps(scale, ks)};
        const int n = f.size();
        for (int trial = 0; trial < 4; ++trial) {
          // From the smallest size the reflection allows (where every output mirrors) up.
          const unsigned w = f.min_size() + rng() % 40, h = f.min_size() + rng() % 9;
          const FloatImage a = test::random_image(w, h, rng), b = test::random_image(w, h, rng);
          std::vector<const float*> ra(f.taps.size()), rb(f.taps.size());
          std::vector<float> v(w), out(w);
          const FloatImage plain = test::naive_filter(f.taps, a);
          const FloatImage sq = test::naive_filter(f.taps, a, nullptr, true);
          const FloatImage xy = test::naive_filter(f.taps, a, &b);
          const std::string where = cpu::describe(flags);
          for (unsigned i = 0; i < h; ++i) {
            reflected_rows(f, a, i, ra.data());
            reflected_rows(f, b, i, rb.data());
            dsp.vertical(f.taps.data(), n, ra.data(), w, v.data());
            dsp.horizontal(f.taps.data(), n, v.data(), w, out.data());
            for (unsigned j = 0; j < w; ++j)
              ASSERT_EQ(out[j], plain.row(i)[j]) << w << "x" << h << " " << i << "," << j << " " << where;
            dsp.vertical_squares(f.taps.data(), n, ra.data(), w, v.data());
            dsp.horizontal(f.taps.data(), n, v.data(), w, out.data());
            for (unsigned j = 0; j < w; ++j) ASSERT_EQ(out[j], sq.row(i)[j]) << where;
            dsp.vertical_products(f.taps.data(), n, ra.data(), rb.data(), w, v.data());
            dsp.horizontal(f.taps.data(), n, v.data(), w, out.data());
            for (unsigned j = 0; j < w; ++j) ASSERT_EQ(out[j], xy.row(i)[j]) << where;
          }
          FloatImage whole;
          std::vector<float> tmp;
          filter_image(dsp, f, a, whole, tmp);
          EXPECT_EQ(whole.data, plain.data) << where;
        }
      }
    }
  }
}

TEST(CommonGaussian, WidthsAndTapsOfEachScale) {
  // (2^(4 - scale) + 1) * kernelscale rounded up to odd, at least 3.
  EXPECT_EQ(filter_width(0, 1.0f), 17);
  EXPECT_EQ(filter_width(3, 1.0f), 3);
  EXPECT_EQ(filter_width(0, 0.5f), 9);   // 8.5 -> 9
  EXPECT_EQ(filter_width(3, 0.5f), 3);   // 1.5 -> 2 -> 3
  EXPECT_EQ(filter_width(0, 2.0f), 35);  // 34 -> 35
  for (int s = 0; s < 4; ++s) {
    const std::vector<float> t = vif_filter_taps(s, 1.0f);
    const int w = static_cast<int>(t.size());
    double sum = 0;
    for (int i = 0; i < w; ++i) {
      EXPECT_EQ(t[i], t[w - 1 - i]);
      sum += t[i];
    }
    EXPECT_NEAR(sum, 1.0, 1e-6);
    const double sigma = w / 5.0;
    EXPECT_NEAR(t[w / 2] / t[0], std::exp(0.5 * (w / 2) * (w / 2) / (sigma * sigma)), 1e-3 * t[w / 2] / t[0]);
  }
  EXPECT_TRUE(kernelscale_valid(0.5f));
  EXPECT_TRUE(kernelscale_valid(static_cast<float>(360.0 / 97.0)));
  EXPECT_FALSE(kernelscale_valid(1.2f));
}

TEST(CommonResample, FlagsMirrorsBeyondTheSource) {
  // Halving 600 samples never leaves them; lanczos4's 9 taps on 3 samples do.
  EXPECT_TRUE(make_resample_axis(PrescaleMethod::Bilinear, 600, 300).in_bounds);
  EXPECT_TRUE(make_resample_axis(PrescaleMethod::Lanczos4, 600, 1200).in_bounds);
  EXPECT_FALSE(make_resample_axis(PrescaleMethod::Lanczos4, 3, 6).in_bounds);
  EXPECT_FALSE(make_resample_axis(PrescaleMethod::Bicubic, 2, 8).in_bounds);
  EXPECT_EQ(std::string(to_string(parse_prescale_method("bicubic", "x"))), "bicubic");
  EXPECT_EQ(parse_prescale_method("lanczos4", "x"), PrescaleMethod::Lanczos4);
  try {
    parse_prescale_method("area", "vif_prescale_method");
    ADD_FAILURE();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("vif_prescale_method"), std::string::npos);
  }
}

}  // namespace
}  // namespace fastvmaf::common
