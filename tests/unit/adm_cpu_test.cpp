// The CPU ADM pipeline: the C and SIMD tables (core/cpu.hpp) give the same integer
// totals on random pictures of many sizes and depths, and so does the frame cut into
// bands run in any order (core/parallel.hpp). The row functions themselves are checked
// entry by entry in tests/dsp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/cpu.hpp"
#include "core/parallel.hpp"
#include "extractor_values.hpp"
#include "features/adm/adm_cpu.hpp"
#include "features/adm/adm_params.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::adm {
namespace {

// A random plane with smooth areas, edges and noise.
Picture random_picture(std::mt19937& rng, unsigned w, unsigned h, unsigned bpc) {
  Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  const double fx = std::uniform_real_distribution<double>(0.01, 0.3)(rng);
  const double fy = std::uniform_real_distribution<double>(0.01, 0.3)(rng);
  const unsigned noise = std::uniform_int_distribution<unsigned>(0, max / 8)(rng) + 1;
  const Plane& y = pic.plane(0);
  for (unsigned r = 0; r < h; ++r) {
    for (unsigned c = 0; c < w; ++c) {
      double v = 0.5 + 0.35 * std::sin(fx * c) * std::cos(fy * r) + ((c / 7 + r / 5) % 3 == 0 ? 0.1 : 0.0);
      unsigned s = static_cast<unsigned>(std::clamp(v, 0.0, 1.0) * max);
      s = std::min(max, s + static_cast<unsigned>(rng() % noise));
      test::set_sample(y, bpc, c, r, s);
    }
  }
  return pic;
}

Picture distort(std::mt19937& rng, const Picture& ref) {
  Picture d = Picture::allocate(ref.format(), ref.bpc(), ref.width(), ref.height());
  const unsigned max = (1u << ref.bpc()) - 1;
  const int blur = static_cast<int>(rng() % 3);
  const int noise = static_cast<int>(rng() % 9);
  const Plane& in = ref.plane(0);
  const Plane& out = d.plane(0);
  auto at = [&](unsigned r, unsigned c) -> int {
    return static_cast<int>(test::sample_at(in, ref.bpc(), c, r));
  };
  for (unsigned r = 0; r < ref.height(); ++r) {
    for (unsigned c = 0; c < ref.width(); ++c) {
      int v = at(r, c);
      if (blur && c + 1 < ref.width()) v = (v * blur + at(r, c + 1)) / (blur + 1);
      v += noise ? static_cast<int>(rng() % (2 * noise + 1)) - noise : 0;
      v = std::clamp(v, 0, static_cast<int>(max));
      test::set_sample(out, ref.bpc(), c, r, v);
    }
  }
  return d;
}

TEST(AdmCpu, TablesAndBandsGiveTheSameTotals) {
  std::mt19937 rng(777);
  const unsigned sizes[][2] = {{17, 17}, {32, 32}, {17, 40}, {45, 19}, {64, 48}, {853, 480}, {121, 67}, {200, 33},
                               {300, 800}};
  const test::ReversedBands reversed;
  for (const auto& sz : sizes) {
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
      AdmConfig cfg;
      if (rng() % 2) cfg.enhn_gain_limit = 1.2;
      if (rng() % 3 == 0) cfg.csf_mode = CsfMode::Barten;
      cfg.skip_aim = rng() % 5 == 0;
      const Picture ref = random_picture(rng, sz[0], sz[1], bpc);
      const Picture dis = distort(rng, ref);
      AdmCpu c(cfg, sz[0], sz[1], bpc, make_dsp(0)), simd(cfg, sz[0], sz[1], bpc, make_dsp(cpu::active()));
      ScaleSums a[kScales], b[kScales], banded[kScales];
      c.compute(ref.plane(0), dis.plane(0), a);
      simd.compute(ref.plane(0), dis.plane(0), b);
      simd.compute(ref.plane(0), dis.plane(0), banded, &reversed);
      for (int s = 0; s < kScales; ++s) {
        for (int k = 0; k < 3; ++k) {
          const std::string where = std::to_string(sz[0]) + "x" + std::to_string(sz[1]) + " bpc " +
                                    std::to_string(bpc) + " scale " + std::to_string(s);
          EXPECT_EQ(a[s].dlm[k], b[s].dlm[k]) << where;
          EXPECT_EQ(a[s].aim[k], b[s].aim[k]) << where;
          EXPECT_EQ(a[s].den[k], b[s].den[k]) << where;
          EXPECT_EQ(a[s].dlm[k], banded[s].dlm[k]) << where << " in bands";
          EXPECT_EQ(a[s].aim[k], banded[s].aim[k]) << where << " in bands";
          EXPECT_EQ(a[s].den[k], banded[s].den[k]) << where << " in bands";
        }
        EXPECT_NE(a[s].den[0] + a[s].den[1] + a[s].den[2], 0u) << "a textured picture has CSF energy";
      }
    }
  }
  // The tallest size above has several bands at scale 0: the banded runs split it.
  EXPECT_GT(AdmCpu(AdmConfig{}, 300, 800, 8).bands(0), 1u);
}

}  // namespace
}  // namespace fastvmaf::adm
