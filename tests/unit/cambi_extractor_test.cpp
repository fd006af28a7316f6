// The CAMBI extractor end to end on synthetic pictures: size errors, feature names,
// full_ref, heatmap files, and wide, short frames (where libvmaf reads out of bounds),
// whose last scales are checked against direct window counts. Run under the sanitizer
// build to check that every access stays inside its buffer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "core/registry.hpp"
#include "features/cambi/cambi.hpp"
#include "features/cambi/cambi_options.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::cambi {
namespace {

OptionSet options(std::initializer_list<std::pair<const char*, std::string>> kv = {}) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("cambi", &option_specs(), d);
}

// A dark vertical ramp with steps (banding) and a little texture.
Picture banded(unsigned w, unsigned h, unsigned bpc, unsigned seed) {
  Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  std::mt19937 rng(seed);
  const Plane& y = pic.plane(0);
  for (unsigned i = 0; i < h; ++i)
    for (unsigned j = 0; j < w; ++j) {
      unsigned v = 30 + (j * 12) / w + (i * 6) / std::max(h, 256u);  // steps of one 8-bit level
      if (rng() % 50 == 0) v += 1;
      test::set_sample(y, bpc, j, i, v << (bpc - 8));
    }
  return pic;
}

std::map<std::string, double> run(const OptionSet& o, const Picture& ref, const Picture& dis, unsigned index = 0) {
  const auto* factory = Registry::instance().factory("cambi", Backend::Cpu);
  EXPECT_NE(factory, nullptr);
  auto e = (*factory)(o);
  e->init({dis.width(), dis.height(), dis.format(), dis.bpc()});
  FrameInput in;
  in.index = index;
  in.ref = &ref;
  in.dis = &dis;
  e->submit(in);
  RecordingSink sink;
  e->collect(index, sink);
  std::map<std::string, double> out;
  for (const auto& entry : sink.entries()) out[entry.name] = entry.value;
  return out;
}

TEST(CambiExtractor, TooSmallFramesAreAClearError) {
  for (auto [w, h] : {std::pair{160u, 90u}, {32u, 32u}}) {
    auto e = CambiExtractor(options());
    try {
      e.init({w, h, PixelFormat::YUV420, 8});
      FAIL() << w << "x" << h << " accepted";
    } catch (const std::invalid_argument& ex) {
      const std::string msg = ex.what();
      EXPECT_NE(msg.find("cambi"), std::string::npos) << msg;
      EXPECT_NE(msg.find("216"), std::string::npos) << msg;
    }
  }
}

TEST(CambiExtractor, FeatureNamesAndFullReference) {
  const Picture dis = banded(320, 240, 8, 1), ref = banded(320, 240, 8, 2);
  auto plain = run(options(), ref, dis);
  ASSERT_EQ(plain.size(), 1u);
  ASSERT_TRUE(plain.count("Cambi_feature_cambi_score"));
  EXPECT_GT(plain["Cambi_feature_cambi_score"], 0.0);

  auto fr = run(options({{"full_ref", "true"}}), ref, dis);
  ASSERT_EQ(fr.size(), 3u);
  EXPECT_EQ(fr["Cambi_feature_cambi_score"], plain["Cambi_feature_cambi_score"]);
  const double d = fr["Cambi_feature_cambi_score"], s = fr["cambi_source"];
  EXPECT_EQ(fr["cambi_full_reference"], std::max(0.0, d - s));

  // Options decorate the provided feature only (libvmaf's dictionary of provided names);
  // the full-reference outputs keep their names.
  auto named = run(options({{"window_size", "33"}, {"cambi_max_val", "0.001"}, {"full_ref", "true"}}), ref, dis);
  ASSERT_EQ(named.size(), 3u);
  ASSERT_TRUE(named.count("cambi_cmxv_0.001_ws_33"));
  EXPECT_EQ(named["cambi_cmxv_0.001_ws_33"], 0.001);  // clipped to cambi_max_val
  EXPECT_TRUE(named.count("cambi_source"));
  EXPECT_TRUE(named.count("cambi_full_reference"));
}

TEST(CambiExtractor, HighBitDepthsAgreeWithEightBit) {
  // The same picture at 8, 10, 12 and 16 bits is the same 10-bit picture after the
  // conversion (shifts of exact multiples), so with enc_bitdepth=8 the scores are equal.
  const double s8 = run(options({{"enc_bitdepth", "8"}}), banded(300, 220, 8, 3), banded(300, 220, 8, 3))
                        .at("cambi_encbd_8");
  for (unsigned bpc : {10u, 12u, 16u}) {
    const Picture p = banded(300, 220, bpc, 3);
    EXPECT_EQ(run(options({{"enc_bitdepth", "8"}}), p, p).at("cambi_encbd_8"), s8) << bpc;
  }
}

TEST(CambiExtractor, InvalidSamplesAreAnError) {
  Picture p = banded(300, 220, 10, 4);
  p.plane(0).row<std::uint16_t>(7)[9] = 1024;
  EXPECT_THROW(run(options(), p, p), std::runtime_error);
}

// c-values by counting every window of the scale directly.
class CheckLastScales final : public ScaleObserver {
 public:
  CheckLastScales(const Plan& plan, const Picture& pic) : plan_(plan), pic_(pic) {}
  void on_scale(int scale, const float* c, unsigned w, unsigned h) override {
    seen_.push_back(scale);
    if (w * h > 40000) return;  // direct counting is slow; the small scales are the edge cases
    // Rebuild this scale's picture and mask with the stages, then count windows directly.
    CambiBuffers b(plan_);
    View<std::uint16_t> img{b.image.data(), b.stride, plan_.dis.width, plan_.dis.height};
    View<std::uint8_t> mask{b.mask.data(), b.stride, plan_.dis.width, plan_.dis.height};
    preprocess(pic_.plane(0), pic_.bpc(), plan_.dis, plan_.anti_dither, img);
    spatial_mask(img, plan_.dis.mask_index, mask, b.flat.data(), b.column.data());
    for (int s = 0; s <= scale; ++s) {
      const ScaleSize z = plan_.dis.scales[s];
      if (s > 0 || plan_.high_res_speedup) {
        decimate(img, z.width, z.height);
        decimate(mask, z.width, z.height);
      }
      img.width = mask.width = z.width;
      img.height = mask.height = z.height;
      mode_filter(img, b.modes.data());
    }
    const int pad = plan_.dis.window / 2;
    const CValueTables& t = plan_.tables;
    std::size_t nonzero = 0;
    for (int i = 0; i < static_cast<int>(h); ++i)
      for (int j = 0; j < static_cast<int>(w); ++j) {
        float expect = 0.0f;
        if (mask.row(static_cast<unsigned>(i))[j]) {
          auto count = [&](int k) {
            unsigned n = 0;
            for (int a = std::max(0, i - pad); a <= std::min(static_cast<int>(h) - 1, i + pad); ++a)
              for (int x = std::max(0, j - pad); x <= std::min(static_cast<int>(w) - 1, j + pad); ++x)
                n += mask.row(static_cast<unsigned>(a))[x] && img.row(static_cast<unsigned>(a))[x] == t.band_base + k;
            return n;
          };
          expect = c_value_pixel(img.row(static_cast<unsigned>(i))[j], t, kReciprocalLut, count);
        }
        ASSERT_EQ(c[static_cast<std::size_t>(i) * w + static_cast<std::size_t>(j)], expect)
            << "scale " << scale << " (" << w << "x" << h << ") at " << i << "," << j;
        nonzero += expect != 0.0f;
      }
    checked_.push_back(scale);
    nonzero_ += nonzero;
  }
  std::vector<int> seen_, checked_;
  std::size_t nonzero_ = 0;

 private:
  const Plan& plan_;
  const Picture& pic_;
};

TEST(CambiExtractor, WideShortFramesStayInsideTheFrame) {
  // libvmaf's cambi reads outside its buffers at these sizes (window taller than the last
  // scales); ours clips every window to the frame.
  for (auto [w, h] : {std::pair{1920u, 128u}, {1920u, 64u}, {3840u, 128u}, {3840u, 160u}, {128u, 1920u}, {1920u, 8u}}) {
    const Picture pic = banded(w, h, 8, w + h);
    const Plan plan = make_plan(settings_from_options(options()), {w, h, PixelFormat::YUV420, 8});
    EXPECT_GT(plan.dis.window / 2, static_cast<int>(std::min(plan.dis.scales[4].width, plan.dis.scales[4].height)))
        << "not a case where the window outgrows the frame";
    CambiScorer scorer(plan);
    CheckLastScales check(plan, pic);
    const double score = scorer.score(pic, plan.dis, &check);
    EXPECT_TRUE(std::isfinite(score));
    EXPECT_GT(score, 0.0) << w << "x" << h;
    EXPECT_EQ(check.seen_, (std::vector<int>{0, 1, 2, 3, 4}));
    EXPECT_FALSE(check.checked_.empty());
    EXPECT_GT(check.nonzero_, 0u) << w << "x" << h;
    // And the same score again: nothing depends on what earlier frames left in buffers.
    EXPECT_EQ(scorer.score(banded(w, h, 8, 99), plan.dis) >= 0.0, true);
    EXPECT_EQ(scorer.score(pic, plan.dis), score);
  }
}

TEST(CambiExtractor, HeatmapsHoldTheScaledCValues) {
  const auto dir = std::filesystem::path(testing::TempDir()) / "cambi_heatmaps_test";
  std::filesystem::remove_all(dir);
  const unsigned w = 300, h = 220;
  const OptionSet o = options({{"heatmaps_path", dir.string()}});
  const auto* factory = Registry::instance().factory("cambi", Backend::Cpu);
  auto e = (*factory)(o);
  e->init({w, h, PixelFormat::YUV420, 8});
  std::vector<Picture> frames = {banded(w, h, 8, 5), banded(w, h, 8, 6)};
  for (unsigned i = 0; i < frames.size(); ++i) {
    FrameInput in;
    in.index = i;
    in.ref = in.dis = &frames[i];
    e->submit(in);
    RecordingSink sink;
    e->collect(i, sink);
  }
  FeatureCollector collector;
  collector.append("Cambi_feature_cambi_score", 0, 1.0);
  collector.append("Cambi_feature_cambi_score", 1, 1.0);
  e->flush(collector);

  // Expected: each frame's c-values times 65535 / (4 * window^2 / 4), truncated.
  const Plan plan = make_plan(settings_from_options(o), {w, h, PixelFormat::YUV420, 8});
  struct Keep final : ScaleObserver {
    std::vector<std::vector<float>> c;
    void on_scale(int, const float* v, unsigned sw, unsigned sh) override { c.emplace_back(v, v + sw * sh); }
  };
  CambiScorer scorer(plan);
  std::vector<Keep> kept(frames.size());
  for (unsigned i = 0; i < frames.size(); ++i) scorer.score(frames[i], plan.dis, &kept[i]);
  const double scaling = 65535.0 / (4 * plan.dis.window * plan.dis.window / 4);
  unsigned sw = w, sh = h;
  for (int s = 0; s < kNumScales; ++s) {
    const auto file = dir / ("cambi_heatmap_scale_" + std::to_string(s) + "_" + std::to_string(sw) + "x" +
                             std::to_string(sh) + "_16b.gray");
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    ASSERT_EQ(std::filesystem::file_size(file), frames.size() * sw * sh * 2);
    std::ifstream in(file, std::ios::binary);
    std::size_t nonzero = 0;
    for (unsigned f = 0; f < frames.size(); ++f)
      for (std::size_t p = 0; p < static_cast<std::size_t>(sw) * sh; ++p) {
        std::uint16_t v;
        in.read(reinterpret_cast<char*>(&v), 2);
        ASSERT_EQ(v, static_cast<std::uint16_t>(static_cast<int>(scaling * kept[f].c[static_cast<std::size_t>(s)][p])));
        nonzero += v != 0;
      }
    if (s < 3) {
      EXPECT_GT(nonzero, 0u) << "scale " << s;
    }
    sw = (sw + 1) / 2;
    sh = (sh + 1) / 2;
  }
  std::filesystem::remove_all(dir);
}

TEST(CambiExtractor, UnwritableHeatmapsPathIsAnError) {
  auto e = CambiExtractor(options({{"heatmaps_path", "/proc/cambi_cannot_be_here"}}));
  EXPECT_THROW(e.init({320, 240, PixelFormat::YUV420, 8}), std::invalid_argument);
}

}  // namespace
}  // namespace fastvmaf::cambi
