// The ADM extractor: option ranges, configurations libvmaf cannot compute, the minimum
// frame size, output names, and sane scores at odd sizes and every bit depth.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "core/collector.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "features/adm/adm.hpp"
#include "features/adm/adm_options.hpp"
#include "error_of.hpp"
#include "value_sink.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::adm {
namespace {

OptionSet options(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("adm", &option_specs(), d);
}

using ::fastvmaf::test::error_of;

TEST(AdmExtractor, RejectsOptionsOutOfRange) {
  EXPECT_NE(error_of([] { options({{"adm_enhn_gain_limit", "0.5"}}); }).find("adm_enhn_gain_limit"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_csf_mode", "4"}}); }).find("[0, 3]"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_norm_view_dist", "0.5"}}); }).find("adm_norm_view_dist"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_ref_display_height", "5000"}}); }).find("4320"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_noise_weight", "-1"}}); }).find("adm_noise_weight"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"adm_min_val", "2"}}); }).find("adm_min_val"), std::string::npos);
}

TEST(AdmExtractor, RejectsWhatLibvmafCannotCompute) {
  // Below 1080p at 3H libvmaf's extract() fails.
  const std::string low = error_of([] {
    AdmExtractor e(options({{"adm_norm_view_dist", "2.9"}}));
  });
  EXPECT_NE(low.find("3240"), std::string::npos) << low;
  EXPECT_EQ(error_of([] {
              AdmExtractor e(options({{"adm_norm_view_dist", "1.5"}, {"adm_ref_display_height", "2160"}}));
            }),
            "");
  // The blended CSFs know a few displays only.
  const std::string blend = error_of([] {
    AdmExtractor e(options({{"adm_csf_mode", "2"}, {"adm_norm_view_dist", "4"}}));
  });
  EXPECT_NE(blend.find("adm_csf_mode 2"), std::string::npos) << blend;
  EXPECT_EQ(error_of([] { AdmExtractor e(options({{"adm_csf_mode", "3"}, {"adm_norm_view_dist", "5"}})); }), "");
}

TEST(AdmExtractor, RejectsFramesBelow17x17) {
  for (auto [w, h] : {std::pair{16u, 17u}, {17u, 16u}, {8u, 8u}}) {
    AdmExtractor e(options({}));
    const std::string msg = error_of([&] { e.init({w, h, PixelFormat::YUV420, 8}); });
    EXPECT_NE(msg.find("too small"), std::string::npos) << msg;
    EXPECT_NE(msg.find("at least 17x17"), std::string::npos) << msg;
    EXPECT_NE(msg.find(std::to_string(w) + "x" + std::to_string(h)), std::string::npos) << msg;
  }
  AdmExtractor ok(options({}));
  EXPECT_NO_THROW(ok.init({17, 17, PixelFormat::YUV444, 10}));
}

using Sink = ::fastvmaf::test::ValueSink;

Picture textured(unsigned w, unsigned h, unsigned bpc, unsigned seed, int noise) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  std::mt19937 rng(seed);
  const int max = (1 << bpc) - 1;
  for (unsigned y = 0; y < h; ++y) {
    for (unsigned x = 0; x < w; ++x) {
      int v = static_cast<int>((0.5 + 0.4 * std::sin(0.3 * x) * std::cos(0.2 * y)) * max);
      if (noise) v += static_cast<int>(rng() % (2 * noise + 1)) - noise;
      v = std::clamp(v, 0, max);
      test::set_sample(p.plane(0), bpc, x, y, v);
    }
  }
  return p;
}

std::map<std::string, double> score(const OptionSet& o, const Picture& ref, const Picture& dis) {
  AdmExtractor e(o);
  e.init({ref.width(), ref.height(), ref.format(), ref.bpc()});
  FrameInput f;
  f.ref = &ref;
  f.dis = &dis;
  e.submit(f);
  Sink sink;
  e.collect(0, sink);
  return sink.aliased;
}

TEST(AdmExtractor, ScoresOddSizesAndEveryBitDepth) {
  for (auto [w, h] : {std::pair{853u, 480u}, {17u, 17u}, {33u, 21u}}) {
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
      const Picture ref = textured(w, h, bpc, 1, 0);
      const int noise = 1 << (bpc - 5);
      const auto same = score(options({}), ref, ref);
      const auto noisy = score(options({}), ref, textured(w, h, bpc, 2, noise));
      EXPECT_NEAR(same.at("integer_adm2"), 1.0, 0.02) << w << "x" << h << " bpc " << bpc;
      EXPECT_GT(noisy.at("integer_aim"), same.at("integer_aim")) << w << "x" << h << " bpc " << bpc;
      // Tiny frames keep almost no measured border-free area; there noise may even
      // read as enhancement.
      if (w > 100) {
        EXPECT_LT(noisy.at("integer_adm2"), same.at("integer_adm2")) << w << "x" << h << " bpc " << bpc;
      }
    }
  }
}

TEST(AdmExtractor, NamesOutputsAsLibvmafDoes) {
  const Picture ref = textured(64, 48, 8, 1, 0), dis = textured(64, 48, 8, 2, 9);
  const auto plain = score(options({}), ref, dis);
  EXPECT_EQ(plain.size(), 7u);
  for (const char* n : {"integer_adm2", "integer_aim", "integer_adm3", "integer_adm_scale0", "integer_adm_scale3"})
    EXPECT_TRUE(plain.count(n)) << n;
  const auto opts = score(options({{"adm_enhn_gain_limit", "1.2"}, {"adm_csf_mode", "1"}}), ref, dis);
  EXPECT_TRUE(opts.count("integer_adm2_csf_1_egl_1.2"));
  EXPECT_TRUE(opts.count("integer_adm_scale1_csf_1_egl_1.2"));
  const auto v1 = score(options({{"adm_csf_mode", "2"}, {"adm_dlm_weight", "0.7"}, {"adm_enhn_gain_limit", "1"},
                                 {"adm_min_val", "0.5"}, {"adm_noise_weight", "0.02"}, {"adm_norm_view_dist", "3.0"},
                                 {"adm_ref_display_height", "1080"}}),
                        ref, dis);
  EXPECT_TRUE(v1.count("integer_adm3_csf_2_dlmw_0.7_egl_1_min_0.5_nw_0.02"));
  // debug adds the numerators and denominators; they compose the scores.
  const auto dbg = score(options({{"debug", "true"}}), ref, dis);
  EXPECT_EQ(dbg.size(), 18u);
  EXPECT_EQ(dbg.at("integer_adm_scale2"), dbg.at("integer_adm_num_scale2") / dbg.at("integer_adm_den_scale2"));
  EXPECT_EQ(dbg.at("integer_adm2"), dbg.at("integer_adm_num") / dbg.at("integer_adm_den"));
  EXPECT_EQ(dbg.at("integer_adm"), dbg.at("integer_adm2"));
  EXPECT_EQ(dbg.at("integer_adm_num"), dbg.at("integer_adm_num_scale0") + dbg.at("integer_adm_num_scale1") +
                                           dbg.at("integer_adm_num_scale2") + dbg.at("integer_adm_num_scale3"));
}

TEST(AdmExtractor, Adm3BlendsDlmAndAimAndClipsAtTheMinimum) {
  const Picture ref = textured(64, 48, 8, 1, 0), dis = textured(64, 48, 8, 2, 20);
  const auto s = score(options({{"adm_dlm_weight", "0.7"}}), ref, dis);
  const double dlm = s.at("integer_adm2_dlmw_0.7"), aim = s.at("integer_aim_dlmw_0.7");
  EXPECT_EQ(s.at("integer_adm3_dlmw_0.7"), dlm * 0.7 + (1 - aim) * (1 - 0.7));
  const auto clipped = score(options({{"adm_min_val", "1"}}), ref, dis);
  EXPECT_EQ(clipped.at("integer_adm3_min_1"), 1.0);
  const auto skip = score(options({{"adm_skip_scale0", "true"}}), ref, dis);
  EXPECT_EQ(skip.at("integer_adm_scale0_ssz"), 0.0);
  EXPECT_EQ(skip.at("integer_adm_scale1_ssz"),
            s.at("integer_adm_scale1_dlmw_0.7"));  // scale 0 only feeds scale 1's input
}

}  // namespace
}  // namespace fastvmaf::adm
