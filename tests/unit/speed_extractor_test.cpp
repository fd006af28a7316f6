// speed_chroma and speed_temporal end to end on synthetic pictures: equal to a literal
// full-resolution SpEED (speed_reference.hpp) for every prescale method and several
// option sets; 4:2:0 / 4:2:2 / 4:4:4 and 8 / 10 / 12 / 16 bit read the same chroma;
// odd sizes; the minimum size; options libvmaf rejects.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <random>
#include <string>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "features/speed/speed.hpp"
#include "features/speed/speed_options.hpp"
#include "speed_reference.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::speed {
namespace {

// Blocky random content plus per-sample texture (and noise for a distorted picture),
// so that the 25x25 covariances are regular. Samples of 8-bit range, shifted left by
// `shift` for high bit depths.
Picture make_picture(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, unsigned seed, bool noisy,
                     unsigned shift = 0) {
  Picture p = Picture::allocate(fmt, bpc, w, h);
  for (int c = 0; c < 3; ++c) {
    Plane& pl = p.plane(c);
    std::mt19937 g(seed * 31 + c);
    std::mt19937 n(seed * 57 + c + 1000);
    std::uniform_int_distribution<int> u(0, 150), t(0, 100), z(-6, 6);
    std::vector<int> cells((pl.width / 8 + 1) * (pl.height / 8 + 1));
    for (auto& v : cells) v = u(g);
    for (unsigned y = 0; y < pl.height; ++y) {
      for (unsigned x = 0; x < pl.width; ++x) {
        int v = cells[(y / 8) * (pl.width / 8 + 1) + x / 8] + t(g) + (noisy ? z(n) : 0);
        v = std::clamp(v, 0, 255) << shift;
        test::set_sample(pl, bpc, x, y, v);
      }
    }
  }
  return p;
}

OptionSet options_for(const std::string& feature, const std::string& opts) {
  const auto [name, dict] = parse_feature_argument(feature + (opts.empty() ? "" : "=" + opts));
  return OptionSet(name, feature == "speed_chroma" ? &chroma_option_specs() : &temporal_option_specs(), dict);
}

// Runs the extractor over the frames and returns every appended value by name.
std::map<std::string, std::vector<double>> run(const std::string& feature, const std::string& opts,
                                               const std::vector<Picture>& refs, const std::vector<Picture>& dists) {
  const OptionSet o = options_for(feature, opts);
  std::unique_ptr<FeatureExtractor> e;
  if (feature == "speed_chroma")
    e = std::make_unique<SpeedChromaExtractor>(o);
  else
    e = std::make_unique<SpeedTemporalExtractor>(o);
  const Picture& first = refs.front();
  e->init({first.width(), first.height(), first.format(), first.bpc()});
  RecordingSink sink;
  for (unsigned i = 0; i < refs.size(); ++i) {
    FrameInput in;
    in.index = i;
    in.ref = &refs[i];
    in.dis = &dists[i];
    e->submit(in);
    e->collect(i, sink);
  }
  FeatureCollector c;
  sink.replay(c);
  std::map<std::string, std::vector<double>> out;
  for (const auto& s : c.series()) out[s.name] = s.values;
  return out;
}

SpeedSettings settings_of(const OptionSet& o) {
  SpeedSettings s = settings_from(o);
  if (o.feature() == "speed_chroma") s.weight_var_mode = o.get_int("speed_weight_var_mode");
  return s;
}

// The literal pipeline's speed_chroma u, v, uv for one frame.
std::array<double, 3> reference_chroma(const std::string& opts, const Picture& r, const Picture& d) {
  const OptionSet o = options_for("speed_chroma", opts);
  const SpeedSettings s = settings_of(o);
  const int w = static_cast<int>(r.width() >> chroma_shift_x(r.format()));
  const int h = static_cast<int>(r.height() >> chroma_shift_y(r.format()));
  float sc[2];
  bool sing[2];
  for (int c = 0; c < 2; ++c) {
    const auto rs = reference::analyze(reference::from_plane(r.plane(1 + c), r.bpc(), w, h), s);
    const auto ds = reference::analyze(reference::from_plane(d.plane(1 + c), d.bpc(), w, h), s);
    sc[c] = reference::score(rs, ds, s);
    sing[c] = rs.singular || ds.singular;
  }
  const float uv = sing[0] && !sing[1] ? sc[1] : sing[1] && !sing[0] ? sc[0] : static_cast<float>((sc[0] + sc[1]) / 2.0);
  const double mx = o.get_double("speed_max_val");
  auto clip = [mx](float v) { return static_cast<double>(v) < mx ? static_cast<double>(v) : mx; };
  return {clip(sc[0]), clip(sc[1]), clip(uv)};
}

const char* const kChromaOptionSets[] = {
    "",
    "speed_kernelscale=1.0:speed_nn_floor=0.1:speed_sigma_nn=0.19:speed_weight_var_mode=5:speed_max_val=45",
    "speed_nn_floor=0.1:speed_sigma_nn=0.19:speed_weight_var_mode=5:speed_prescale=0.6:speed_prescale_method=bilinear",
    "speed_prescale=0.5:speed_prescale_method=bilinear:speed_weight_var_mode=5",
    "speed_prescale=1.7:speed_prescale_method=bicubic:speed_weight_var_mode=3",
    "speed_prescale=0.8:speed_prescale_method=lanczos4:speed_kernelscale=0.5",
    "speed_prescale=1.3:speed_prescale_method=nearest:speed_weight_var_mode=6",
    "speed_kernelscale=3.7113402:speed_weight_var_mode=1:speed_max_val=3",
    "speed_kernelscale=2:speed_weight_var_mode=2:speed_sigma_nn=1.5:speed_nn_floor=0.7",
    "speed_weight_var_mode=4",
};

TEST(SpeedChroma, EqualsTheLiteralPipelineForEveryOptionSet) {
  const Picture r = make_picture(PixelFormat::YUV444, 8, 520, 500, 1, false);
  const Picture d = make_picture(PixelFormat::YUV444, 8, 520, 500, 1, true);
  for (const char* opts : kChromaOptionSets) {
    const auto got = run("speed_chroma", opts, {r}, {d});
    ASSERT_EQ(got.size(), 3u) << opts;
    const auto want = reference_chroma(opts, r, d);
    std::vector<double> values;
    for (const auto& [name, v] : got) values.push_back(v.at(0));
    // map order: ..._u..., ..._uv..., ..._v...
    EXPECT_EQ(values[0], want[0]) << opts;
    EXPECT_EQ(values[1], want[2]) << opts;
    EXPECT_EQ(values[2], want[1]) << opts;
    EXPECT_GT(want[0], 0.0) << opts;  // a regular, non-trivial case
  }
}

TEST(SpeedChroma, FeatureNamesCarryTheModelOptions) {
  const Picture r = make_picture(PixelFormat::YUV420, 8, 300, 300, 2, false);
  const auto got = run("speed_chroma", kChromaOptionSets[2], {r}, {r});
  EXPECT_EQ(got.count("speed_chroma_uv_mxv_45_nnf_0.1_ps_0.6_psm_bilinear_snn_0.19_wvm_5"), 0u);  // mxv not given
  EXPECT_EQ(got.count("speed_chroma_uv_nnf_0.1_ps_0.6_psm_bilinear_snn_0.19_wvm_5"), 1u);
  const auto v1 = run("speed_chroma", kChromaOptionSets[1], {r}, {r});
  EXPECT_EQ(v1.count("speed_chroma_u_mxv_45_nnf_0.1_snn_0.19_wvm_5"), 1u);
  EXPECT_EQ(v1.count("speed_chroma_uv_mxv_45_nnf_0.1_snn_0.19_wvm_5"), 1u);
  EXPECT_EQ(run("speed_chroma", "", {r}, {r}).count("Speed_chroma_feature_speed_chroma_v_score"), 1u);
}

std::vector<double> chroma_values(const std::string& opts, const Picture& r, const Picture& d) {
  std::vector<double> v;
  for (const auto& [name, vals] : run("speed_chroma", opts, {r}, {d})) v.push_back(vals.at(0));
  return v;
}

TEST(SpeedChroma, HighBitDepthsReadTheSameSamples) {
  // 10, 12 and 16 bit samples v << 2, 4, 8 become the same floats as the 8-bit v.
  const char* opts = kChromaOptionSets[1];
  const auto base = chroma_values(opts, make_picture(PixelFormat::YUV420, 8, 840, 800, 3, false),
                                  make_picture(PixelFormat::YUV420, 8, 840, 800, 3, true));
  EXPECT_GT(base[0], 0.0);
  for (auto [bpc, shift] : {std::pair{10u, 2u}, {12u, 4u}, {16u, 8u}}) {
    EXPECT_EQ(chroma_values(opts, make_picture(PixelFormat::YUV420, bpc, 840, 800, 3, false, shift),
                            make_picture(PixelFormat::YUV420, bpc, 840, 800, 3, true, shift)),
              base)
        << bpc;
  }
}

// A 4:4:4 picture whose chroma planes are the top-left cw x ch of `p`'s.
Picture chroma_as_444(const Picture& p, unsigned cw, unsigned ch) {
  Picture q = Picture::allocate(PixelFormat::YUV444, p.bpc(), cw, ch);
  const unsigned bytes = p.bytes_per_sample();
  for (int c = 1; c < 3; ++c)
    for (unsigned y = 0; y < ch; ++y)
      std::memcpy(q.plane(c).row<std::uint8_t>(y), p.plane(c).row<std::uint8_t>(y), cw * bytes);
  return q;
}

TEST(SpeedChroma, SubsampledFormatsReadTheFlooredChromaPlanes) {
  // libvmaf's init_chroma floors the chroma size; our odd-size pictures hold one more
  // chroma column / row, which speed_chroma must not read.
  struct Case {
    PixelFormat fmt;
    unsigned bpc, w, h, cw, ch;
  };
  const Case cases[] = {
      {PixelFormat::YUV420, 8, 800, 420, 400, 210},   {PixelFormat::YUV420, 8, 853, 481, 426, 240},
      {PixelFormat::YUV422, 10, 802, 300, 401, 300},  {PixelFormat::YUV422, 12, 851, 257, 425, 257},
      {PixelFormat::YUV420, 16, 811, 423, 405, 211},
  };
  for (const Case& k : cases) {
    const unsigned shift = k.bpc == 8 ? 0 : k.bpc - 8;
    const Picture r = make_picture(k.fmt, k.bpc, k.w, k.h, 4, false, shift);
    const Picture d = make_picture(k.fmt, k.bpc, k.w, k.h, 4, true, shift);
    for (const char* opts : {kChromaOptionSets[0], kChromaOptionSets[4]}) {
      const auto sub = chroma_values(opts, r, d);
      EXPECT_EQ(sub, chroma_values(opts, chroma_as_444(r, k.cw, k.ch), chroma_as_444(d, k.cw, k.ch)))
          << k.w << "x" << k.h << " " << opts;
      EXPECT_GT(sub[0], 0.0);
    }
  }
}

TEST(SpeedChroma, FlatChannelsAreSingularAndImputed) {
  Picture r = make_picture(PixelFormat::YUV444, 8, 400, 400, 5, false);
  Picture d = make_picture(PixelFormat::YUV444, 8, 400, 400, 5, true);
  for (Picture* p : {&r, &d})
    for (unsigned y = 0; y < 400; ++y) std::memset(p->plane(2).row<std::uint8_t>(y), 90, 400);  // flat V
  const auto v = run("speed_chroma", "", {r}, {d});
  EXPECT_GT(v.at("Speed_chroma_feature_speed_chroma_u_score")[0], 0.0);
  EXPECT_EQ(v.at("Speed_chroma_feature_speed_chroma_v_score")[0], 0.0);
  EXPECT_EQ(v.at("Speed_chroma_feature_speed_chroma_uv_score")[0], v.at("Speed_chroma_feature_speed_chroma_u_score")[0]);
}

TEST(SpeedChroma, InstancesAndRepeatsAreIndependent) {
  const Picture r0 = make_picture(PixelFormat::YUV420, 8, 840, 800, 6, false);
  const Picture d0 = make_picture(PixelFormat::YUV420, 8, 840, 800, 6, true);
  const Picture r1 = make_picture(PixelFormat::YUV420, 8, 840, 800, 7, false);
  const Picture d1 = make_picture(PixelFormat::YUV420, 8, 840, 800, 7, true);
  const auto both = run("speed_chroma", kChromaOptionSets[1], {r0, r1, r0}, {d0, d1, d0});
  for (const auto& [name, v] : both) {
    EXPECT_EQ(v[0], v[2]) << name;
    EXPECT_NE(v[0], v[1]) << name;
    EXPECT_EQ(v[1], run("speed_chroma", kChromaOptionSets[1], {r1}, {d1}).at(name)[0]) << name;
  }
}

std::string too_small_message(const std::string& feature, const std::string& opts, PixelFormat fmt, unsigned w,
                              unsigned h) {
  const Picture p = make_picture(fmt, 8, w, h, 1, false);
  try {
    run(feature, opts, {p}, {p});
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(SpeedChroma, FramesTooSmallAreRejectedWithTheMinimum) {
  struct Case {
    PixelFormat fmt;
    const char* opts;
    unsigned min_w, min_h;
  };
  const Case cases[] = {
      {PixelFormat::YUV420, "", 160, 160},
      {PixelFormat::YUV422, "", 160, 80},
      {PixelFormat::YUV444, "", 80, 80},
      {PixelFormat::YUV420, "speed_prescale=0.5:speed_prescale_method=bilinear", 318, 318},
      {PixelFormat::YUV420, "speed_prescale=0.6:speed_prescale_method=bilinear", 266, 266},
      {PixelFormat::YUV444, "speed_prescale=2", 40, 40},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(too_small_message("speed_chroma", c.opts, c.fmt, c.min_w, c.min_h), "") << c.opts;
    const std::string want = "a frame of at least " + std::to_string(c.min_w) + "x" + std::to_string(c.min_h);
    for (auto [w, h] : {std::pair{c.min_w - 1, c.min_h}, {c.min_w, c.min_h - 1}}) {
      if (c.fmt != PixelFormat::YUV444 && w % 2 == 1) --w;  // odd luma sizes floor to the same chroma
      const std::string msg = too_small_message("speed_chroma", c.opts, c.fmt, w, h);
      EXPECT_NE(msg.find("image too small"), std::string::npos) << msg;
      EXPECT_NE(msg.find(want), std::string::npos) << msg;
    }
  }
  // The corpus sizes libvmaf fails on.
  EXPECT_NE(too_small_message("speed_chroma", "", PixelFormat::YUV420, 32, 32), "");
  EXPECT_NE(too_small_message("speed_chroma", "", PixelFormat::YUV420, 160, 90), "");
  EXPECT_NE(too_small_message("speed_chroma", "", PixelFormat::YUV420, 1920, 128), "");
  EXPECT_EQ(too_small_message("speed_temporal", "", PixelFormat::YUV420, 80, 80), "");
  EXPECT_NE(too_small_message("speed_temporal", "", PixelFormat::YUV420, 80, 79).find("luma plane of at least 80x80"),
            std::string::npos);
}

TEST(SpeedChroma, RejectsOptionsLibvmafCannotRun) {
  EXPECT_THROW(SpeedChromaExtractor(options_for("speed_chroma", "speed_kernelscale=1.2")), std::invalid_argument);
  EXPECT_THROW(options_for("speed_chroma", "speed_prescale_method=area"), std::invalid_argument);
  EXPECT_THROW(options_for("speed_chroma", "speed_weight_var_mode=7"), std::invalid_argument);
  EXPECT_THROW(options_for("speed_chroma", "speed_prescale=0.05"), std::invalid_argument);
  EXPECT_THROW(SpeedTemporalExtractor(options_for("speed_temporal", "speed_kernelscale=0.9")), std::invalid_argument);
  EXPECT_EQ(options_for("speed_chroma", "").get_int("speed_weight_var_mode"), 0);
}

TEST(SpeedTemporal, EqualsTheLiteralPipelineOnFrameDifferences) {
  std::vector<Picture> refs, dists;
  for (unsigned i = 0; i < 3; ++i) {
    refs.push_back(make_picture(PixelFormat::YUV420, 10, 404, 390, 10 + i, false, 2));
    dists.push_back(make_picture(PixelFormat::YUV420, 10, 404, 390, 10 + i, true, 2));
  }
  for (const char* opts : {"", "speed_use_ref_diff=true:speed_kernelscale=1.5", "speed_prescale=1.5:speed_prescale_method=bicubic",
                           "speed_prescale=0.7:speed_prescale_method=lanczos4:speed_sigma_nn=0.5:speed_nn_floor=0.2"}) {
    const auto got = run("speed_temporal", opts, refs, dists);
    ASSERT_EQ(got.size(), 1u);
    const auto& v = got.begin()->second;
    EXPECT_EQ(v[0], 0.0);
    const OptionSet o = options_for("speed_temporal", opts);
    const SpeedSettings s = settings_of(o);
    const bool urd = o.get_bool("speed_use_ref_diff");
    for (unsigned i = 1; i < 3; ++i) {
      const auto img = [](const Picture& p) { return reference::from_plane(p.plane(0), p.bpc(), 404, 390); };
      reference::Image rd = img(refs[i - 1]), dd = img(dists[i - 1]);
      const reference::Image rc = img(refs[i]), dc = img(urd ? refs[i] : dists[i]);
      for (std::size_t k = 0; k < rd.px.size(); ++k) {
        rd.px[k] -= rc.px[k];
        dd.px[k] -= dc.px[k];
      }
      const float want = reference::score(reference::analyze(rd, s), reference::analyze(dd, s), s);
      EXPECT_EQ(v[i], static_cast<double>(want)) << opts << " frame " << i;
      EXPECT_GT(want, 0.0f);
    }
  }
}

TEST(SpeedTemporal, StaticVideoScoresZero) {
  const Picture r = make_picture(PixelFormat::YUV444, 8, 200, 200, 12, false);
  const Picture d = make_picture(PixelFormat::YUV444, 8, 200, 200, 12, true);
  const auto got = run("speed_temporal", "", {r, r, r}, {d, d, d});
  for (double v : got.begin()->second) EXPECT_EQ(v, 0.0);
}

}  // namespace
}  // namespace fastvmaf::speed
