// float_psnr, float_moment and float_ansnr: the exact integer sums against the literal
// float/double sums at every depth (random and extreme pictures), ANSNR's 2-D filters
// against a plain transcription, the scores' clamps, and the inputs they refuse.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <random>
#include <string>

#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "features/float_ansnr/float_ansnr.hpp"
#include "features/float_ansnr/float_ansnr_options.hpp"
#include "features/float_ansnr/float_ansnr_params.hpp"
#include "features/float_moment/float_moment.hpp"
#include "features/float_moment/float_moment_params.hpp"
#include "features/float_psnr/float_psnr.hpp"
#include "features/float_psnr/float_psnr_params.hpp"
#include "error_of.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

Picture random_picture(unsigned w, unsigned h, unsigned bpc, std::mt19937& rng, int mode = 0) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      // mode 0: uniform; 1: all at the maximum; 2: 0 or the maximum.
      const unsigned v = mode == 1 ? max : mode == 2 ? (rng() & 1) * max : rng() % (max + 1);
      test::set_sample(p.plane(0), bpc, x, y, v);
    }
  return p;
}

TEST(FloatPsnr, ExactSumsEqualTheLiteralSums) {
  std::mt19937 rng(11);
  for (unsigned bpc : {8u, 10u, 12u, 16u}) {
    for (int mode = 0; mode < 3; ++mode) {
      const unsigned w = 1 + rng() % 97, h = 1 + rng() % 31;
      const Picture a = random_picture(w, h, bpc, rng, mode), b = random_picture(w, h, bpc, rng, mode == 1 ? 0 : mode);
      const double fast = float_psnr::noise_sum(a.plane(0), b.plane(0), bpc, w, h);
      const double lit = float_psnr::noise_sum_literal(a.plane(0), b.plane(0), bpc, w, h);
      EXPECT_EQ(fast, lit) << bpc << " " << mode;
      const float_moment::Moments m = float_moment::moments(a.plane(0), bpc, w, h);
      const float_moment::Moments ml = float_moment::moments_literal(a.plane(0), bpc, w, h);
      EXPECT_EQ(m.first, ml.first) << bpc << " " << mode;
      EXPECT_EQ(m.second, ml.second) << bpc << " " << mode;
    }
  }
}

TEST(FloatPsnr, ScoreIsCappedAndFloored) {
  const common::FloatPeak p = common::float_peak(10);
  EXPECT_EQ(float_psnr::psnr_score(0.0, 4, 4, p), 72.0);  // identical pictures: psnr_max
  // noise / (w h) = 1: 10 log10(255.75^2).
  EXPECT_EQ(float_psnr::psnr_score(16.0, 4, 4, p), 10 * std::log10(255.75 * 255.75 / 1.0));
}

using ::fastvmaf::test::error_of;

template <class E>
std::string init_error(const char* name, unsigned w, unsigned h, unsigned bpc) {
  const OptionSet o(name, Registry::instance().by_name(name)->options, OptionDict{});
  E e(o);
  return error_of([&] { e.init({w, h, PixelFormat::YUV420, bpc}); });
}

TEST(FloatBasic, RefusesDepthsAndSizesLibvmafCannotScore) {
  EXPECT_NE(init_error<float_psnr::FloatPsnrExtractor>("float_psnr", 8, 8, 9).find("bit depth 9"), std::string::npos);
  EXPECT_NE(init_error<float_moment::FloatMomentExtractor>("float_moment", 8, 8, 14).find("bit depth 14"),
            std::string::npos);
  EXPECT_EQ(init_error<float_moment::FloatMomentExtractor>("float_moment", 1, 1, 16), "");
  EXPECT_EQ(init_error<float_psnr::FloatPsnrExtractor>("float_psnr", 1, 1, 12), "");
  const std::string small = init_error<float_ansnr::FloatAnsnrExtractor>("float_ansnr", 2, 9, 8);
  EXPECT_NE(small.find("too small"), std::string::npos) << small;
  EXPECT_NE(small.find("at least 3x3"), std::string::npos) << small;
  EXPECT_EQ(init_error<float_ansnr::FloatAnsnrExtractor>("float_ansnr", 3, 3, 10), "");
  EXPECT_NE(init_error<float_ansnr::FloatAnsnrExtractor>("float_ansnr", 9, 9, 11).find("bit depth 11"),
            std::string::npos);
}

// ansnr_filter2d_s written out, one output at a time.
common::FloatImage naive_ansnr_filter(const float* f, int fw, const common::FloatImage& src) {
  const int w = static_cast<int>(src.width), h = static_cast<int>(src.height), r = fw / 2;
  common::FloatImage out;
  out.resize(src.width, src.height);
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < w; ++j) {
      float acc = 0;
      for (int fi = 0; fi < fw; ++fi) {
        float inner = 0;
        int ii = i - r + fi;
        ii = ii < 0 ? -ii : (ii >= h ? 2 * h - ii - 1 : ii);
        for (int fj = 0; fj < fw; ++fj) {
          int jj = j - r + fj;
          jj = jj < 0 ? -jj : (jj >= w ? 2 * w - jj - 1 : jj);
          inner += f[fi * fw + fj] * src.row(static_cast<unsigned>(ii))[jj];
        }
        acc += inner;
      }
      out.row(static_cast<unsigned>(i))[j] = acc;
    }
  return out;
}

TEST(FloatAnsnr, SumsEqualThePlainFilters) {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 12; ++trial) {
    const unsigned w = float_ansnr::kMinSize + rng() % 30, h = float_ansnr::kMinSize + rng() % 12;
    common::FloatImage ref, dis;
    ref.resize(w, h);
    dis.resize(w, h);
    std::uniform_real_distribution<float> u(-128, 127);
    for (float& v : ref.data) v = u(rng);
    for (std::size_t k = 0; k < dis.data.size(); ++k) dis.data[k] = ref.data[k] + u(rng) / 16;
    const common::FloatImage rf = naive_ansnr_filter(float_ansnr::kRefFilter.data(), 3, ref);
    const common::FloatImage df = naive_ansnr_filter(float_ansnr::kDisFilter.data(), 5, dis);
    float sig = 0, noise = 0;
    for (unsigned i = 0; i < h; ++i) {
      float s = 0, n = 0;
      for (unsigned j = 0; j < w; ++j) {
        const float a = rf.row(i)[j], b = df.row(i)[j];
        s += a * a;
        n += (a - b) * (a - b);
      }
      sig += s;
      noise += n;
    }
    const float_ansnr::SignalNoise got = float_ansnr::signal_noise(ref, dis);
    EXPECT_EQ(got.signal, sig) << w << "x" << h;
    EXPECT_EQ(got.noise, noise) << w << "x" << h;
  }
}

TEST(FloatAnsnr, ScoresAndNames) {
  const common::FloatPeak p = common::float_peak(8);
  const float_ansnr::Scores s = float_ansnr::scores({100.0f, 0.0f}, 10, 10, p);
  EXPECT_EQ(s.ansnr, 60.0);   // no noise: psnr_max
  EXPECT_EQ(s.anpsnr, 60.0);  // 10 log10(255^2 * 100 / 1e-10) is above the cap
  const float_ansnr::Scores t = float_ansnr::scores({1000.0f, 10.0f}, 10, 10, p);
  EXPECT_EQ(t.ansnr, 10.0 * std::log10(100.0));
  EXPECT_EQ(t.anpsnr, 10 * std::log10(255.0 * 255.0 * 10 * 10 / 10.0));
  // libvmaf declares one provided feature for each of the three.
  for (const char* n : {"float_psnr", "float_ansnr", "float_moment"}) {
    const ExtractorInfo* e = Registry::instance().by_name(n);
    ASSERT_NE(e, nullptr) << n;
    EXPECT_EQ(e->provided_features, std::vector<std::string>{n});
    EXPECT_TRUE(e->options->empty());
    EXPECT_FALSE(e->temporal);
    EXPECT_NE(Registry::instance().factory(n, Backend::Cpu), nullptr);
  }
}

}  // namespace
}  // namespace fastvmaf
