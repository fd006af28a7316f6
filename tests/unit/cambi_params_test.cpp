// CAMBI's shared helpers (cambi_params): libvmaf's integer formulas at hand-checked
// points, the window guard at its boundary, the reciprocal table against libvmaf's
// literal values, the thresholds against a linear scan, and the exact top-K sum against
// sorting and long-double sums.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cmath>
#include <functional>
#include <random>
#include <stdexcept>
#include <vector>

#include "core/options.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/cambi_params.hpp"
#include "features/cambi/cambi_stages.hpp"

namespace fastvmaf::cambi {
namespace {

Settings settings(const OptionDict& d = {}) { return settings_from_options(OptionSet("cambi", &option_specs(), d)); }

Settings settings(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return settings(d);
}

VideoGeometry geometry(unsigned w, unsigned h, unsigned bpc = 8) { return {w, h, PixelFormat::YUV420, bpc}; }

// ---- geometry -------------------------------------------------------------------

TEST(CambiParams, AdjustedWindowAtCommonResolutions) {
  // 65 * (w + h) / 375 >> 4, odd; halved (rounding up) with the speed-up.
  EXPECT_EQ(adjusted_window(65, 3840, 2160, false), 65);  // 1040 >> 4 = 65
  EXPECT_EQ(adjusted_window(65, 3840, 2160, true), 33);   // (65 + 1) >> 1 = 33
  EXPECT_EQ(adjusted_window(65, 1920, 1080, false), 33);  // 520 >> 4 = 32 -> 33
  EXPECT_EQ(adjusted_window(65, 1920, 1080, true), 17);   // (32 + 1) >> 1 = 16 -> 17
  EXPECT_EQ(adjusted_window(65, 576, 324, false), 9);     // 156 >> 4 = 9
  EXPECT_EQ(adjusted_window(33, 576, 324, false), 5);     // 79 >> 4 = 4 -> 5
  EXPECT_EQ(adjusted_window(65, 1920, 128, false), 23);   // 354 >> 4 = 22 -> 23
  EXPECT_EQ(adjusted_window(15, 216, 1, false), 1);       // 8 >> 4 = 0 -> 1
  for (unsigned w = 200; w < 8000; w += 377)
    for (int ws = 15; ws <= 127; ws += 7) {
      const int a = adjusted_window(ws, w, w / 2, false);
      EXPECT_EQ(a % 2, 1);
      EXPECT_EQ(a | 1, ((ws * (w + w / 2)) / 375 / 16) | 1);
    }
}

TEST(CambiParams, PixelsInWindowIsTheOddSquare) {
  EXPECT_EQ(pixels_in_window(65), 4225);
  EXPECT_EQ(pixels_in_window(33), 1089);
  EXPECT_EQ(pixels_in_window(9), 81);
}

TEST(CambiParams, MaskIndexMatchesLibvmafFormula) {
  for (std::uint32_t n = 0; n < 5000; ++n) EXPECT_EQ(ceil_log2(n), n == 0 ? 0 : static_cast<int>(std::bit_width(n - 1)));
  // (49 + 3 * (ceil_log2((w >> 6) * (h >> 6)) - 11) - 1) >> 1
  EXPECT_EQ(mask_index(3840, 2160), 24);  // 60 * 33 = 1980 -> 11
  EXPECT_EQ(mask_index(1920, 1080), 21);  // 30 * 16 = 480 -> 9
  EXPECT_EQ(mask_index(576, 324), 16);    // 9 * 5 = 45 -> 6
  EXPECT_EQ(mask_index(1920, 64), 15);    // 30 * 1 = 30 -> 5
  EXPECT_EQ(mask_index(1920, 32), 7);     // 0 -> 0
}

TEST(CambiParams, SpeedupOnlyAtOrAboveItsThreshold) {
  EXPECT_EQ(effective_high_res_speedup(1080, 1920, 1080), 1080);
  EXPECT_EQ(effective_high_res_speedup(1080, 1920, 1079), 0);
  EXPECT_EQ(effective_high_res_speedup(1440, 1920, 1080), 0);
  EXPECT_EQ(effective_high_res_speedup(1440, 2560, 1440), 1440);
  EXPECT_EQ(effective_high_res_speedup(2160, 3840, 2160), 2160);
  EXPECT_EQ(effective_high_res_speedup(2160, 3840, 2159), 0);
  EXPECT_EQ(effective_high_res_speedup(720, 3840, 2160), 0);  // not one of libvmaf's values
  EXPECT_EQ(effective_high_res_speedup(0, 3840, 2160), 0);
}

TEST(CambiParams, ResizeSourceIndices) {
  const auto id = resize_source_indices(1920, 1920);
  for (unsigned j = 0; j < 1920; ++j) EXPECT_EQ(id[j], j);
  // Exact ratios: the centre of output j falls in input floor((j + 0.5) * in / out).
  for (auto [in, out] : {std::pair{3840u, 1920u}, {1920u, 1280u}, {1080u, 720u}, {2160u, 540u}, {1920u, 3840u}}) {
    const auto idx = resize_source_indices(in, out);
    for (unsigned j = 0; j < out; ++j)
      EXPECT_EQ(idx[j], static_cast<unsigned>(std::floor((j + 0.5) * in / out))) << in << "->" << out << " at " << j;
  }
  // Any ratio: non-decreasing, inside the input, each step the ratio give or take one.
  for (unsigned in : {217u, 720u, 1080u, 1366u, 1920u, 2160u, 3840u, 4320u, 7680u})
    for (unsigned out : {216u, 333u, 480u, 1079u, 1280u, 2000u, 3839u, 4320u}) {
      const auto idx = resize_source_indices(in, out);
      ASSERT_EQ(idx.size(), out);
      for (unsigned j = 0; j < out; ++j) {
        ASSERT_LT(idx[j], in);
        const double centre = (j + 0.5) * in / out;
        EXPECT_LE(std::abs(idx[j] + 0.5 - centre), 1.0) << in << "->" << out << " at " << j;
        if (j > 0) {
          EXPECT_GE(idx[j], idx[j - 1]);
        }
      }
    }
}

// ---- the window guard ----------------------------------------------------------------

TEST(CambiParams, WindowGuardBoundary) {
  EXPECT_TRUE(window_fits_lut(65));   // 4225 < 4226
  EXPECT_FALSE(window_fits_lut(66));  // 4356
  EXPECT_EQ(kReciprocalLutSize, 4226);

  // At 4K without the speed-up: window_size 65 gives 65, 66 gives 67.
  WindowCheck ok = check_window(65, 3840, 2160, 3840, 2160, false);
  EXPECT_EQ(ok.error, 0);
  EXPECT_EQ(ok.window, 65);
  WindowCheck bad = check_window(66, 3840, 2160, 3840, 2160, false);
  EXPECT_EQ(bad.error, -EINVAL);
  EXPECT_EQ(bad.window, 67);
  // libvmaf says "window_size 67", the adjusted window; we name the option's value, the
  // size that made it grow and what fits there.
  EXPECT_EQ(bad.message,
            "cambi: window_size 66 too large for reciprocal LUT: at 3840x2160 the window grows to 67 (it scales "
            "with width + height), above 65; window_size can be at most 65 there");
  // With the speed-up the largest option fits at 4K...
  EXPECT_EQ(check_window(127, 3840, 2160, 3840, 2160, true).error, 0);
  EXPECT_EQ(check_window(127, 3840, 2160, 3840, 2160, true).window, 65);
  // ...but not at an 8K source resolution, which the guard checks as well.
  EXPECT_EQ(check_window(65, 3840, 2160, 7680, 4320, true).error, 0);
  const WindowCheck src = check_window(66, 3840, 2160, 7680, 4320, true);
  EXPECT_EQ(src.error, -EINVAL);
  EXPECT_EQ(src.window, 67);
  EXPECT_EQ(check_window(127, 3840, 2160, 7680, 4320, true).message,
            "cambi: window_size 127 too large for reciprocal LUT: at the source size 7680x4320 the window grows to "
            "127 (it scales with width + height, halved by the speed-up), above 65; window_size can be at most 65 "
            "there");
  // Where no window_size of the option's range fits.
  EXPECT_EQ(check_window(15, 16384, 16384, 16384, 16384, false).message,
            "cambi: window_size 15 too large for reciprocal LUT: at 16384x16384 the window grows to 81 (it scales "
            "with width + height), above 65; no window_size of at least 15 fits there");
}

TEST(CambiParams, PlanRunsTheGuard) {
  EXPECT_NO_THROW(make_plan(settings(), geometry(3840, 2160)));
  try {
    make_plan(settings({{"window_size", "66"}}), geometry(3840, 2160));
    FAIL() << "window 67 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "cambi: window_size 66 too large for reciprocal LUT: at 3840x2160 the window grows to 67 (it "
                 "scales with width + height), above 65; window_size can be at most 65 there");
  }
  EXPECT_NO_THROW(make_plan(settings({{"window_size", "127"}, {"cambi_high_res_speedup", "2160"}}), geometry(3840, 2160)));
  EXPECT_THROW(make_plan(settings({{"window_size", "127"}, {"cambi_high_res_speedup", "1080"}, {"src_width", "7680"},
                                   {"src_height", "4320"}}),
                         geometry(3840, 2160)),
               std::invalid_argument);
}

// ---- the reciprocal table -------------------------------------------------------------

// libvmaf's table holds decimal literals; these 42 entries (transcribed from its cambi.h)
// round one ulp away from 1.0f / i. Every other entry is 1.0f / i, and [0] is 0.
TEST(CambiParams, ReciprocalLutIsLibvmafs) {
  const std::pair<int, float> libvmaf_differs[] = {
      {82, 0x1.8f9c1ap-7f},   {83, 0x1.8acb92p-7f},   {244, 0x1.0c9716p-8f},  {488, 0x1.0c9716p-9f},
      {504, 0x1.041040p-9f},  {510, 0x1.010100p-9f},  {528, 0x1.f07c1ep-10f}, {564, 0x1.d0cb5ap-10f},
      {614, 0x1.aaf1d4p-10f}, {664, 0x1.8acb92p-10f}, {749, 0x1.5dfdf2p-10f}, {760, 0x1.58ed22p-10f},
      {892, 0x1.25e226p-10f}, {1419, 0x1.717a24p-11f}, {1699, 0x1.349614p-11f}, {1906, 0x1.13128ap-11f},
      {2040, 0x1.010100p-11f}, {2071, 0x1.fa5058p-12f}, {2112, 0x1.f07c1ep-12f}, {2223, 0x1.d7b1b0p-12f},
      {2443, 0x1.ad3770p-12f}, {2555, 0x1.9a66ccp-12f}, {2740, 0x1.7eb126p-12f}, {2927, 0x1.663e18p-12f},
      {3285, 0x1.3f3382p-12f}, {3515, 0x1.2a508cp-12f}, {3525, 0x1.2977e6p-12f}, {3705, 0x1.1b0436p-12f},
      {3795, 0x1.144dfap-12f}, {3797, 0x1.1428b8p-12f}, {3812, 0x1.13128ap-12f}, {3837, 0x1.1147b8p-12f},
      {3885, 0x1.0de75ap-12f}, {4033, 0x1.03ffbep-12f}, {4080, 0x1.010100p-12f}, {4091, 0x1.005018p-12f},
      {4095, 0x1.001000p-12f}, {4130, 0x1.fbc8f6p-13f}, {4142, 0x1.fa5058p-13f}, {4203, 0x1.f2f72ap-13f},
      {4218, 0x1.f130eap-13f}, {4224, 0x1.f07c1ep-13f},
  };
  EXPECT_EQ(std::size(libvmaf_differs), 42u);
  EXPECT_EQ(kReciprocalLut[0], 0.0f);
  std::size_t next = 0;
  for (int i = 1; i < kReciprocalLutSize; ++i) {
    if (next < std::size(libvmaf_differs) && libvmaf_differs[next].first == i) {
      EXPECT_EQ(kReciprocalLut[i], libvmaf_differs[next].second) << i;
      EXPECT_NE(kReciprocalLut[i], 1.0f / static_cast<float>(i)) << i;
      const float r = 1.0f / static_cast<float>(i);
      EXPECT_TRUE(kReciprocalLut[i] == std::nextafter(r, 1.0f) || kReciprocalLut[i] == std::nextafter(r, 0.0f)) << i;
      ++next;
    } else {
      EXPECT_EQ(kReciprocalLut[i], 1.0f / static_cast<float>(i)) << i;
    }
  }
  EXPECT_EQ(next, std::size(libvmaf_differs));
}

// ---- plan: sizes and options ---------------------------------------------------------

TEST(CambiParams, PlanRejectsSmallFramesNamingTheMinimum) {
  for (auto [w, h] : {std::pair{160u, 90u}, {32u, 32u}, {215u, 215u}}) {
    try {
      make_plan(settings(), geometry(w, h));
      FAIL() << w << "x" << h << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("at least 216"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(std::to_string(w) + "x" + std::to_string(h)), std::string::npos);
    }
  }
  EXPECT_NO_THROW(make_plan(settings(), geometry(216, 16)));
  EXPECT_NO_THROW(make_plan(settings(), geometry(16, 216)));
  EXPECT_NO_THROW(make_plan(settings(), geometry(1920, 1)));
}

TEST(CambiParams, PlanFollowsLibvmafInit) {
  // enc_* larger than the picture fall back to it; smaller ones resize.
  Plan p = make_plan(settings({{"enc_width", "3840"}, {"enc_height", "2160"}}), geometry(1920, 1080, 10));
  EXPECT_EQ(p.dis.width, 1920u);
  EXPECT_EQ(p.enc_bitdepth, 10u);
  EXPECT_FALSE(p.anti_dither);
  p = make_plan(settings({{"enc_width", "960"}, {"enc_height", "540"}, {"enc_bitdepth", "8"}}), geometry(1920, 1080, 10));
  EXPECT_EQ(p.dis.width, 960u);
  EXPECT_EQ(p.dis.height, 540u);
  EXPECT_EQ(p.dis.source_x[1], 3u);
  EXPECT_TRUE(p.anti_dither);
  EXPECT_EQ(p.alloc_width, 960u);
  // A source larger in one dimension and smaller in the other is refused.
  EXPECT_THROW(make_plan(settings({{"src_width", "3840"}, {"src_height", "1000"}}), geometry(1920, 1080)),
               std::invalid_argument);
  // full_ref plans the larger of the two.
  p = make_plan(settings({{"src_width", "3840"}, {"src_height", "2160"}, {"full_ref", "true"}}), geometry(1920, 1080));
  EXPECT_EQ(p.alloc_width, 3840u);
  EXPECT_EQ(p.ref.window, 65);
  EXPECT_EQ(p.dis.window, 33);
  // Scales halve rounding up; the speed-up halves scale 0 as well.
  p = make_plan(settings({{"cambi_high_res_speedup", "1080"}}), geometry(1921, 1081));
  EXPECT_TRUE(p.high_res_speedup);
  EXPECT_EQ(p.dis.scales[0].width, 961u);
  EXPECT_EQ(p.dis.scales[4].width, 61u);
  EXPECT_EQ(p.dis.scales[4].height, 34u);
  // topk: topk when not the default, else cambi_topk; eotf: cambi_eotf when not the default.
  EXPECT_EQ(settings({{"cambi_topk", "0.3"}}).topk, 0.3);
  EXPECT_EQ(settings({{"topk", "0.2"}, {"cambi_topk", "0.3"}}).topk, 0.2);
  EXPECT_EQ(settings({{"eotf", "pq"}}).eotf, Eotf::Pq);
  EXPECT_EQ(settings({{"eotf", "pq"}, {"cambi_eotf", "bt1886"}}).eotf, Eotf::Pq);
  EXPECT_EQ(settings({{"cambi_eotf", "pq"}}).eotf, Eotf::Pq);
}

TEST(CambiParams, OptionsOutOfRangeNameTheOption) {
  for (auto [key, value] : {std::pair{"window_size", "200"}, {"topk", "0"}, {"max_log_contrast", "6"},
                            {"enc_width", "100"}, {"eotf", "hlg"}, {"cambi_vis_lum_threshold", "301"}}) {
    OptionDict d;
    d.set(key, value);
    try {
      OptionSet("cambi", &option_specs(), d);
      FAIL() << key << "=" << value << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(key), std::string::npos) << e.what();
    }
  }
}

// ---- luminance and thresholds ---------------------------------------------------------

TEST(CambiParams, LuminanceEndpoints) {
  EXPECT_NEAR(luminance(64, Eotf::Bt1886), 0.01, 1e-12);  // BT.1886 black level
  EXPECT_NEAR(luminance(940, Eotf::Bt1886), 300.0, 1e-9);  // and white
  EXPECT_EQ(luminance(0, Eotf::Bt1886), luminance(64, Eotf::Bt1886));  // clipped to the range
  EXPECT_EQ(luminance(64, Eotf::Pq), 0.0);
  EXPECT_NEAR(luminance(940, Eotf::Pq), 10000.0, 1e-6);
}

bool visible_step(int s, int diff, double thr, Eotf eotf) {
  return luminance(s + diff, eotf) - luminance(s, eotf) > thr * luminance(s, eotf);
}

// The TVI threshold as a linear scan from the foot: the last sample before the step of
// `diff` levels stops being visible.
int tvi_by_scan(int diff, double thr, Eotf eotf) {
  if (!visible_step(64, diff, thr, eotf)) return 0;
  int s = 64;
  while (s < 940 - diff - 1 && visible_step(s + 1, diff, thr, eotf)) ++s;
  return s == 940 - diff - 1 && visible_step(s + 1, diff, thr, eotf) ? 1023 : s;
}

TEST(CambiParams, TviThresholdsAreVisibilityBoundaries) {
  for (Eotf eotf : {Eotf::Bt1886, Eotf::Pq})
    for (double thr : {0.0001, 0.001, 0.005, 0.012, 0.019, 0.05, 0.1, 0.3, 1.0}) {
      int prev = -1;
      for (int diff = 1; diff <= 32; ++diff) {
        const int t = tvi_for_diff(diff, thr, eotf);
        const int head = 940 - diff - 1;
        if (t == 0) {
          EXPECT_FALSE(visible_step(64, diff, thr, eotf));
        } else if (t == 1023) {
          EXPECT_TRUE(visible_step(head, diff, thr, eotf) && visible_step(head + 1, diff, thr, eotf));
        } else {
          // libvmaf's bisection returns a sample where visibility ends; where visibility
          // is one interval from the foot (BT.1886 at the usual thresholds) that is the
          // linear scan's answer.
          EXPECT_TRUE(visible_step(t, diff, thr, eotf) && !visible_step(t + 1, diff, thr, eotf))
              << "diff " << diff << " thr " << thr;
          if (eotf == Eotf::Bt1886 && thr <= 0.05) {
            EXPECT_EQ(t, tvi_by_scan(diff, thr, eotf));
          }
        }
        EXPECT_GE(t, prev);
        prev = t;
      }
      EXPECT_NO_THROW(make_contrast_tables(5, thr, 0.0, eotf));
    }
}

TEST(CambiParams, VisibilityLuma) {
  EXPECT_EQ(vlt_luma(0.0, Eotf::Bt1886), 0);
  for (double l : {0.06, 1.0, 10.0, 100.0}) {
    const int v = vlt_luma(l, Eotf::Bt1886);
    EXPECT_GE(luminance(v, Eotf::Bt1886), l);
    EXPECT_LT(luminance(v - 1, Eotf::Bt1886), l);
  }
  EXPECT_NO_THROW(vlt_luma(300.0, Eotf::Pq));
}

TEST(CambiParams, ContrastTables) {
  const CValueTables t = make_contrast_tables(2, 0.019, 0.0, Eotf::Bt1886);
  EXPECT_EQ(t.num_diffs, 4);
  EXPECT_EQ(t.weights[0], 1);
  EXPECT_EQ(t.weights[3], 4);
  for (int d = 0; d < 4; ++d) EXPECT_EQ(t.tvi[d], tvi_for_diff(d + 1, 0.019, Eotf::Bt1886) + 4);
  EXPECT_EQ(t.band_base, 0);
  EXPECT_EQ(t.band_size, t.tvi[3] + 1);
  // A visibility luma above every threshold leaves an empty band.
  const CValueTables e = make_contrast_tables(0, 1.0, 200.0, Eotf::Bt1886);
  EXPECT_EQ(e.band_size, 0);
}

// ---- pooling ------------------------------------------------------------------------

TEST(CambiParams, TopKCountAndScaleWeights) {
  EXPECT_EQ(topk_count(0.6, 100), 60);
  EXPECT_EQ(topk_count(0.0001, 100), 1);
  EXPECT_EQ(topk_count(1.0, 7), 7);
  EXPECT_EQ(topk_count(0.6, 5), 3);  // (int)3.0
  const double scores[kNumScales] = {1.5, 2.25, 0.125, 3.0, 7.0};
  EXPECT_EQ(weight_scores(scores, 33), (((((0.0 + 1.5 * 16) + 2.25 * 8) + 0.125 * 4) + 3.0 * 2) + 7.0) / 1089.0);
}

// c-values as c_value_term makes them: (float)(w * p0 * pm) * lut[p0 + pm].
std::vector<float> random_c_values(std::mt19937& rng, std::size_t n, double zero_share, int max_count) {
  std::uniform_real_distribution<double> u(0, 1);
  std::uniform_int_distribution<int> weight(1, 9), count(1, max_count);
  std::vector<float> c(n);
  for (auto& v : c) {
    if (u(rng) < zero_share) continue;
    const int p0 = count(rng), pm = std::min(count(rng), kReciprocalLutSize - 1 - p0);
    v = c_value_term(weight(rng), static_cast<unsigned>(p0), static_cast<unsigned>(pm), kReciprocalLut);
  }
  return c;
}

Fixed128 sorted_exact_sum(std::vector<float> c, std::size_t k) {
  std::sort(c.begin(), c.end(), std::greater<float>());
  Fixed128 s = 0;
  for (std::size_t i = 0; i < k; ++i) s += to_fixed(c[i]);
  return s;
}

TEST(CambiParams, FixedTopKSumIsExact) {
  std::mt19937 rng(7);
  TopKSelector sel;
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 1 + rng() % 20000;
    const auto c = random_c_values(rng, n, (round % 4) * 0.3, round % 3 == 0 ? 3 : 2112);
    for (std::size_t k : {std::size_t{1}, n / 3 + 1, (n * 6) / 10 + 1, n}) {
      k = std::min(k, n);
      const TopKSum top = topk_fixed_sum(c.data(), n, k, sel);
      const Fixed128 fixed = top.sum;
      EXPECT_TRUE(fixed == sorted_exact_sum(c, k)) << "n " << n << " k " << k;
      // The smallest non-zero value among the k largest has the exponent reported.
      std::vector<float> top_k = c;
      std::sort(top_k.begin(), top_k.end(), std::greater<float>());
      top_k.resize(k);
      top_k.erase(std::remove(top_k.begin(), top_k.end(), 0.0f), top_k.end());
      if (!top_k.empty()) {
        EXPECT_EQ(top.min_exponent, std::ilogb(top_k.back())) << "n " << n << " k " << k;
      }
      // Against a long double sum, exact here (64-bit significand, sums < 2^40).
      std::vector<float> sorted = c;
      std::sort(sorted.begin(), sorted.end(), std::greater<float>());
      long double ld = 0;
      for (std::size_t i = 0; i < k; ++i) ld += sorted[i];
      EXPECT_EQ(static_cast<long double>(fixed) * 0x1p-24L, ld);
      EXPECT_EQ(fixed_topk_mean(fixed, k), static_cast<double>(ld) / static_cast<double>(k));
    }
  }
}

TEST(CambiParams, FixedTopKSumTiesAndZeros) {
  TopKSelector sel;
  std::vector<float> c(1000, 0.0f);
  EXPECT_TRUE(topk_fixed_sum(c.data(), c.size(), 600, sel).sum == 0);
  std::fill(c.begin(), c.begin() + 700, 0.5f);
  EXPECT_TRUE(topk_fixed_sum(c.data(), c.size(), 600, sel).sum == Fixed128(600) << 23);
  EXPECT_TRUE(topk_fixed_sum(c.data(), c.size(), 1000, sel).sum == Fixed128(700) << 23);
  EXPECT_EQ(topk_fixed_sum(c.data(), c.size(), 1000, sel).min_exponent, -1);
  c[999] = 9506.25f;
  EXPECT_TRUE(topk_fixed_sum(c.data(), c.size(), 1, sel).sum == Fixed128(to_fixed(9506.25f)));
  EXPECT_EQ(topk_fixed_sum(c.data(), c.size(), 1, sel).min_exponent, 13);
  EXPECT_THROW(sel.add(0.25f), std::domain_error);
  EXPECT_THROW(sel.add(16384.0f), std::domain_error);
}

// The CPU's shortcut: where every partial sum is exact, the fixed mean is libvmaf's
// quick-select mean.
TEST(CambiParams, FixedMeanEqualsLibvmafPoolingWhenExact) {
  std::mt19937 rng(11);
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 1 + rng() % 50000;
    auto c = random_c_values(rng, n, 0.5, 2112);
    const int k = topk_count(0.6, static_cast<int>(n));
    TopKSelector sel;
    const TopKSum top = topk_fixed_sum(c.data(), n, static_cast<std::size_t>(k), sel);
    ASSERT_TRUE(top.exact_in_double());
    EXPECT_EQ(fixed_topk_mean(top.sum, static_cast<std::size_t>(k)),
              spatial_pooling_quickselect(c.data(), static_cast<int>(n), k));
  }
}

// Large values only: the sum passes 2^53 units (2^29) but every value is a multiple of
// 2^-14, so libvmaf's double sum is still exact and the criterion says so.
TEST(CambiParams, ExactnessFollowsTheSmallestValue) {
  std::mt19937 rng(12);
  std::uniform_int_distribution<int> big(1u << 23, (1u << 24) - 1);
  std::vector<float> c(400000);
  for (auto& v : c) v = std::ldexp(static_cast<float>(big(rng)), -10);  // in [2^13, 2^14)
  TopKSelector sel;
  const int k = 300000;
  const TopKSum top = topk_fixed_sum(c.data(), c.size(), k, sel);
  EXPECT_EQ(top.min_exponent, 13);
  EXPECT_FALSE(top.sum < (Fixed128(1) << 53));
  ASSERT_TRUE(top.exact_in_double());
  EXPECT_EQ(fixed_topk_mean(top.sum, k), spatial_pooling_quickselect(c.data(), static_cast<int>(c.size()), k));
  // One small value among them makes the sum inexact in double.
  c[7] = 0.75f;
  const TopKSum mixed = topk_fixed_sum(c.data(), c.size(), c.size(), sel);
  EXPECT_EQ(mixed.min_exponent, -1);
  EXPECT_FALSE(mixed.exact_in_double());
}

// Where the criterion fails the two may differ; quick select still keeps the k largest.
TEST(CambiParams, QuickSelectKeepsTheTopK) {
  std::mt19937 rng(3);
  auto c = random_c_values(rng, 300000, 0.0, 2112);
  c[5] = 0.5f;
  const int n = static_cast<int>(c.size()), k = n - 10;
  std::vector<float> q = c;
  quick_select_top_k(q.data(), n, k);
  Fixed128 head = 0;
  for (int i = 0; i < k; ++i) head += to_fixed(q[static_cast<std::size_t>(i)]);
  TopKSelector sel;
  const TopKSum top = topk_fixed_sum(c.data(), c.size(), k, sel);
  EXPECT_TRUE(head == top.sum);
  EXPECT_FALSE(top.exact_in_double());  // this case does exercise the slow path
}

// The pooled mean from the sparse c-values, where it answers, is libvmaf's quick-select
// mean on the dense array, bit for bit: real c-value terms (sums inexact in double, so
// the order counts), the non-zero ones spread evenly, packed at either end or in clumps,
// and values far apart (to make the order count in short sums), at densities on both sides of where the first partition stops settling the sum, and k
// at the pooling's fractions and at the edges of the partition's end.
TEST(CambiParams, SparsePoolingEqualsQuickSelect) {
  std::mt19937 rng(21);
  std::uniform_real_distribution<double> u(0, 1);
  int answered = 0, declined = 0;
  for (int round = 0; round < 1200; ++round) {
    const std::size_t n = 1 + rng() % (round < 1000 ? 64 : 60000);
    const double density = std::vector<double>{0.0, 0.01, 0.15, 0.35, 0.45, 0.6, 0.95}[round % 7];
    std::vector<float> c = random_c_values(rng, n, 1.0 - density, 2112);
    if (round % 2)  // values 2^60 apart: even a few terms' double sum depends on their order
      for (auto& v : c)
        if (v != 0.0f) v = std::ldexp(static_cast<float>(1 + rng() % (1u << 23)), static_cast<int>(rng() % 60) - 50);
    if (round % 5 == 1) std::sort(c.begin(), c.end(), std::greater<float>());  // all at the start
    if (round % 5 == 2) std::sort(c.begin(), c.end());                         // all at the end
    if (round % 5 == 3)                                                         // clumps
      for (std::size_t b = 0; b + 64 <= n; b += 128) std::sort(c.begin() + b, c.begin() + b + 64);
    std::vector<std::uint32_t> positions;
    std::vector<float> values;
    for (std::size_t i = 0; i < n; ++i)
      if (c[i] != 0.0f) {
        positions.push_back(static_cast<std::uint32_t>(i));
        values.push_back(c[i]);
      }
    const std::size_t m = values.size(), zeros = n - m;
    std::vector<std::size_t> ks = {1, n, n - 1, n / 2, (n * 6) / 10 + 1, m, zeros, zeros + 1, zeros / 2,
                                   zeros / 2 + 1, n - zeros / 2, n - zeros / 2 - 1, 1 + rng() % n};
    if (n <= 64)  // small pictures: every k
      for (std::size_t k = 1; k <= n; ++k) ks.push_back(k);
    for (std::size_t k : ks) {
      if (k < 1 || k > n) continue;
      double mean = -1;
      if (!sparse_topk_mean(positions, values, static_cast<int>(n), static_cast<int>(k), mean)) {
        ++declined;
        continue;
      }
      ++answered;
      std::vector<float> dense = c;
      const double want = spatial_pooling_quickselect(dense.data(), static_cast<int>(n), static_cast<int>(k));
      ASSERT_EQ(std::bit_cast<std::uint64_t>(mean), std::bit_cast<std::uint64_t>(want))
          << "round " << round << " n " << n << " m " << m << " k " << k;
    }
  }
  // Both ways are taken, the sparse one on most of the cases it is meant for.
  EXPECT_GT(answered, 5000);
  EXPECT_GT(declined, 5000);
}

// Where the first partition does not settle the sum, or the input is not c-values, the
// sparse pooling declines (the dense replay decides).
TEST(CambiParams, SparsePoolingDeclines) {
  std::vector<std::uint32_t> positions = {0, 5, 9};
  std::vector<float> values = {1.5f, 2.0f, 0.75f};
  double mean = 0;
  // k = 5 is a non-zero pixel: the pivot is not 0.
  EXPECT_FALSE(sparse_topk_mean(positions, values, 10, 5, mean));
  // Half the pixels non-zero, k small: the partition leaves values beyond k.
  EXPECT_FALSE(sparse_topk_mean({0, 1, 2, 3, 4}, {1, 2, 3, 4, 5}, 10, 2, mean));
  // A zero, a negative value, a NaN, unsorted or out-of-range positions.
  EXPECT_FALSE(sparse_topk_mean(positions, {1.5f, 0.0f, 0.75f}, 10, 8, mean));
  EXPECT_FALSE(sparse_topk_mean(positions, {1.5f, -2.0f, 0.75f}, 10, 8, mean));
  EXPECT_FALSE(sparse_topk_mean(positions, {1.5f, std::nanf(""), 0.75f}, 10, 8, mean));
  EXPECT_FALSE(sparse_topk_mean({0, 9, 5}, values, 10, 8, mean));
  EXPECT_FALSE(sparse_topk_mean({0, 5, 10}, values, 10, 8, mean));
  // Every pixel non-zero; k = n answers (nothing moves), in position order.
  EXPECT_FALSE(sparse_topk_mean({0, 1}, {1.0f, 2.0f}, 2, 1, mean));
  ASSERT_TRUE(sparse_topk_mean(positions, values, 10, 10, mean));
  EXPECT_EQ(mean, (1.5 + 2.0 + 0.75) / 10);
}

}  // namespace
}  // namespace fastvmaf::cambi
