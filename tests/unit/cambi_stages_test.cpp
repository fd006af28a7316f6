// CAMBI's CPU stages against straightforward definitions built from the per-element
// routines of cambi_math.hpp (what a GPU twin computes per work-item): conversion, resize
// and anti-dithering, the 7x7 mask by direct counting, the mode filter per pixel, and the
// c-values by counting every window directly. Random pictures, odd sizes, and sizes where
// the window is larger than the frame (short, wide frames; narrow, tall ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "features/cambi/cambi_math.hpp"
#include "features/cambi/cambi_params.hpp"
#include "features/cambi/cambi_stages.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::cambi {
namespace {

struct Image {
  unsigned w, h;
  std::vector<std::uint16_t> px;
  std::uint16_t& at(unsigned i, unsigned j) { return px[i * w + j]; }
  View<std::uint16_t> view() { return {px.data(), static_cast<std::ptrdiff_t>(w), w, h}; }
};

// Smooth ramps with plateaus and noise: flat regions for the mask, steps for contrast.
Image random_image(std::mt19937& rng, unsigned w, unsigned h, int lo = 0, int hi = 1023) {
  Image im{w, h, std::vector<std::uint16_t>(static_cast<std::size_t>(w) * h)};
  std::uniform_int_distribution<int> noise(0, 99), level(lo, hi);
  const int base = level(rng), slope = static_cast<int>(rng() % 5);
  for (unsigned i = 0; i < h; ++i)
    for (unsigned j = 0; j < w; ++j) {
      int v = base + slope * static_cast<int>((i + j) / 7);
      if (noise(rng) < 8) v += noise(rng) % 5 - 2;
      im.at(i, j) = static_cast<std::uint16_t>(std::clamp(v, lo, hi));
    }
  return im;
}

// ---- per-element routines ------------------------------------------------------------

TEST(CambiMath, To10Bit) {
  for (unsigned v = 0; v < 256; ++v) EXPECT_EQ(to_10bit(v, 8), v * 4);
  for (unsigned v = 0; v < 1024; ++v) EXPECT_EQ(to_10bit(v, 10), v);
  for (unsigned v = 0; v < 4096; ++v) EXPECT_EQ(to_10bit(v, 12), (v + 2) / 4);
  for (unsigned v = 0; v < 65536; v += 7) EXPECT_EQ(to_10bit(v, 16), (v + 32) / 64);
  EXPECT_EQ(to_10bit(4095, 12), 1024);  // rounds past the 10-bit range, as libvmaf does
  EXPECT_EQ(to_10bit(511, 9), 1022);
}

TEST(CambiMath, Mode3IsTheSharedValueElseTheMinimum) {
  for (int a = 0; a < 6; ++a)
    for (int b = 0; b < 6; ++b)
      for (int c = 0; c < 6; ++c) {
        int expect;
        if (a == b || a == c)
          expect = a;
        else if (b == c)
          expect = b;
        else
          expect = std::min({a, b, c});
        EXPECT_EQ(mode3(static_cast<std::uint16_t>(a), static_cast<std::uint16_t>(b), static_cast<std::uint16_t>(c)),
                  expect);
      }
}

TEST(CambiMath, CValuePixelPicksTheLargestVisibleCandidate) {
  const CValueTables t = make_contrast_tables(2, 0.019, 0.06, Eotf::Bt1886);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> count(0, 300);
  for (int round = 0; round < 2000; ++round) {
    std::vector<unsigned> hist(static_cast<std::size_t>(t.band_size));
    for (auto& c : hist) c = static_cast<unsigned>(count(rng));
    const int raw = t.band_base + static_cast<int>(rng() % static_cast<unsigned>(t.band_size + 8)) - 4;
    const float c = c_value_pixel(raw, t, kReciprocalLut, [&](int k) { return hist[static_cast<std::size_t>(k)]; });
    // Definition: over the contrasts d = 1..num_diffs visible at this value, the
    // candidate w_d * p0 * max(p(v+d), p(v-d)) / (p0 + that), in libvmaf's float steps.
    float expect = 0.0f;
    const int k0 = raw - t.band_base;
    if (k0 >= 0 && k0 < t.band_size) {
      for (int d = 1; d <= t.num_diffs; ++d) {
        if (raw + t.num_diffs > t.tvi[d - 1] || raw + t.num_diffs + d <= t.vlt_luma) continue;
        const unsigned p0 = hist[static_cast<std::size_t>(k0)];
        const unsigned up = hist[static_cast<std::size_t>(k0 + d)];
        const unsigned down = k0 - d >= 0 ? hist[static_cast<std::size_t>(k0 - d)] : 0u;
        const unsigned pm = std::max(up, down);
        const float v = static_cast<float>(static_cast<int>(t.weights[d - 1] * p0 * pm)) * kReciprocalLut[p0 + pm];
        expect = std::max(expect, v);
      }
    }
    EXPECT_EQ(c, expect) << "raw " << raw;
  }
}

// ---- stages against per-pixel definitions ----------------------------------------------

TEST(CambiStages, PreprocessConvertsResizesAndAntiDithers) {
  std::mt19937 rng(1);
  for (unsigned bpc : {8u, 10u, 12u, 16u})
    for (auto [w, h, ow, oh] : {std::array{37u, 23u, 37u, 23u}, {64u, 48u, 40u, 30u}, {1u, 5u, 1u, 5u}, {9u, 1u, 9u, 1u}}) {
      Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
      const Plane& y = pic.plane(0);
      std::uniform_int_distribution<unsigned> sample(0, (1u << bpc) - 1);
      for (unsigned i = 0; i < h; ++i)
        for (unsigned j = 0; j < w; ++j) {
          test::set_sample(y, bpc, j, i, sample(rng));
        }
      SidePlan side;
      side.width = ow;
      side.height = oh;
      side.source_x = resize_source_indices(w, ow);
      side.source_y = resize_source_indices(h, oh);
      auto src = [&](unsigned i, unsigned j) -> unsigned {
        const unsigned si = side.source_y[i], sj = side.source_x[j];
        return static_cast<int>(test::sample_at(y, bpc, sj, si));
      };
      for (bool dither : {false, true}) {
        Image out{ow, oh, std::vector<std::uint16_t>(static_cast<std::size_t>(ow) * oh)};
        preprocess(y, bpc, side, dither, out.view());
        for (unsigned i = 0; i < oh; ++i)
          for (unsigned j = 0; j < ow; ++j) {
            auto c = [&](unsigned a, unsigned b) { return to_10bit(src(a, b), bpc); };
            std::uint16_t expect = c(i, j);
            if (dither) {
              const bool right = j + 1 < ow, below = i + 1 < oh;
              if (right && below)
                expect = anti_dither_2x2(c(i, j), c(i, j + 1), c(i + 1, j), c(i + 1, j + 1));
              else if (below)
                expect = anti_dither_pair(c(i, j), c(i + 1, j));
              else if (right)
                expect = anti_dither_pair(c(i, j), c(i, j + 1));
            }
            ASSERT_EQ(out.at(i, j), expect) << bpc << " bit " << ow << "x" << oh << " at " << i << "," << j;
          }
      }
    }
}

TEST(CambiStages, SpatialMaskCountsFlatNeighbours) {
  std::mt19937 rng(2);
  for (auto [w, h] : {std::pair{50u, 40u}, {7u, 3u}, {1u, 9u}, {13u, 1u}, {120u, 8u}}) {
    Image im = random_image(rng, w, h, 500, 520);
    const int index = static_cast<int>(rng() % 30);
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(w) * h), flat(7 * w), column(w + 6);
    spatial_mask(View<const std::uint16_t>(im.view()), index, {mask.data(), static_cast<std::ptrdiff_t>(w), w, h},
                 flat.data(), column.data());
    auto is_flat = [&](int i, int j) {
      const bool last_col = j + 1 == static_cast<int>(w), last_row = i + 1 == static_cast<int>(h);
      const std::uint16_t p = im.at(static_cast<unsigned>(i), static_cast<unsigned>(j));
      return zero_derivative(p, last_col ? p : im.at(static_cast<unsigned>(i), static_cast<unsigned>(j + 1)),
                             last_row ? p : im.at(static_cast<unsigned>(i + 1), static_cast<unsigned>(j)), last_col,
                             last_row);
    };
    for (int i = 0; i < static_cast<int>(h); ++i)
      for (int j = 0; j < static_cast<int>(w); ++j) {
        unsigned n = 0;
        for (int a = std::max(0, i - 3); a <= std::min(static_cast<int>(h) - 1, i + 3); ++a)
          for (int b = std::max(0, j - 3); b <= std::min(static_cast<int>(w) - 1, j + 3); ++b) n += is_flat(a, b);
        ASSERT_EQ(mask[static_cast<std::size_t>(i) * w + static_cast<std::size_t>(j)],
                  in_mask(n, static_cast<unsigned>(index)))
            << w << "x" << h << " at " << i << "," << j;
      }
  }
}

TEST(CambiStages, ModeFilterEqualsThePerPixelMode) {
  std::mt19937 rng(3);
  for (auto [w, h] : {std::pair{40u, 30u}, {1u, 5u}, {5u, 1u}, {2u, 2u}, {3u, 3u}}) {
    Image im = random_image(rng, w, h, 100, 104);
    const Image original = im;
    std::vector<std::uint16_t> rows(3 * w);
    mode_filter(im.view(), rows.data());
    for (unsigned i = 0; i < h; ++i)
      for (unsigned j = 0; j < w; ++j)
        ASSERT_EQ(im.at(i, j), mode_filter_at(original.px.data(), static_cast<std::ptrdiff_t>(w), static_cast<int>(i),
                                              static_cast<int>(j), static_cast<int>(w), static_cast<int>(h)))
            << w << "x" << h << " at " << i << "," << j;
  }
}

TEST(CambiStages, DecimateKeepsEvenRowsAndColumns) {
  std::mt19937 rng(4);
  Image im = random_image(rng, 33, 17);
  const Image original = im;
  decimate(im.view(), 17u, 9u);
  for (unsigned i = 0; i < 9; ++i)
    for (unsigned j = 0; j < 17; ++j) EXPECT_EQ(im.px[i * 33 + j], original.px[(2 * i) * 33 + 2 * j]);
}

// c-values by counting each window directly (no sliding), clipped to the frame.
std::vector<float> brute_force_c_values(const Image& im, const std::vector<std::uint8_t>& mask, int window,
                                        const CValueTables& t) {
  const int w = static_cast<int>(im.w), h = static_cast<int>(im.h), pad = window / 2;
  std::vector<float> c(im.px.size(), 0.0f);
  for (int i = 0; i < h; ++i)
    for (int j = 0; j < w; ++j) {
      if (!mask[static_cast<std::size_t>(i * w + j)]) continue;
      auto count = [&](int k) {
        unsigned n = 0;
        for (int a = std::max(0, i - pad); a <= std::min(h - 1, i + pad); ++a)
          for (int b = std::max(0, j - pad); b <= std::min(w - 1, j + pad); ++b)
            n += mask[static_cast<std::size_t>(a * w + b)] && im.px[static_cast<std::size_t>(a * w + b)] == t.band_base + k;
        return n;
      };
      c[static_cast<std::size_t>(i * w + j)] = c_value_pixel(im.px[static_cast<std::size_t>(i * w + j)], t, kReciprocalLut, count);
    }
  return c;
}

TEST(CambiStages, CValuesEqualDirectWindowCounts) {
  std::mt19937 rng(6);
  struct Case {
    unsigned w, h;
    int window, mlc;
    double vlt;
    bool bands = false;  // wide flat bands, few mask holes: runs of one key longer than a vector
  };
  // Windows larger than the frame in one or both directions, as at the last scales of
  // 1920x128 (120x8 with a 23 window) or of tall, narrow frames.
  const Case cases[] = {{60, 40, 9, 2, 0.0},       {120, 8, 23, 2, 0.0},      {8, 120, 23, 2, 0.0},
                        {30, 3, 65, 2, 0.06},      {1, 40, 5, 2, 0.0},        {40, 1, 5, 3, 0.0},
                        {45, 45, 17, 5, 0.5},      {25, 19, 7, 0, 0.0},       {301, 30, 9, 2, 0.0, true},
                        {257, 41, 23, 3, 0.0, true}};
  Histograms hist;
  std::vector<std::int16_t> keys;
  TopKSelector sel;
  std::vector<std::uint32_t> positions;
  for (const Case& k : cases) {
    const CValueTables t = make_contrast_tables(k.mlc, 0.019, k.vlt, Eotf::Bt1886);
    for (int round = 0; round < 3; ++round) {  // reuses the histograms: they must be cleared
      // Dark enough for small contrasts to be visible, from just below the visibility luma.
      const int lo = std::max(60, t.vlt_luma - t.num_diffs);
      Image im = random_image(rng, k.w, k.h, lo, lo + 120);
      std::vector<std::uint8_t> mask(im.px.size());
      for (auto& m : mask) m = rng() % 8 != 0;
      if (k.bands) {  // steps of one level every 37 columns, a hole in 200 pixels
        for (unsigned i = 0; i < k.h; ++i)
          for (unsigned j = 0; j < k.w; ++j) im.at(i, j) = static_cast<std::uint16_t>(lo + 4 + (j + 3 * i) / 37);
        for (auto& m : mask) m = rng() % 200 != 0;
      }
      c_values(View<const std::uint16_t>(im.view()), {mask.data(), static_cast<std::ptrdiff_t>(k.w), k.w, k.h}, k.window,
               t, hist, keys, sel, positions);
      std::vector<float> dense(im.px.size());
      scatter_c_values(positions, sel.values(), static_cast<int>(dense.size()), dense.data());
      const std::vector<float> expect = brute_force_c_values(im, mask, k.window, t);
      std::size_t nonzero = 0;
      for (std::size_t p = 0; p < dense.size(); ++p) {
        ASSERT_EQ(dense[p], expect[p]) << k.w << "x" << k.h << " window " << k.window << " pixel " << p;
        nonzero += expect[p] != 0.0f;
      }
      EXPECT_EQ(sel.values().size(), nonzero);
      if (k.w * k.h > 100) {
        EXPECT_GT(nonzero, 0u) << k.w << "x" << k.h << " round " << round << ": the case tests nothing";
      }
    }
  }
}

}  // namespace
}  // namespace fastvmaf::cambi
