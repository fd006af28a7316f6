// float_motion: the extractor, fed frame by frame and flushed into a collector, against
// a transcription of float_motion.c's per-frame rules (motion at i, motion2 / motion3 of
// i - 1, motion3 of frame 0 from frame 1, the flush of the last frame) on whole blurred
// images, for clips of 1 to 5 frames and every filter, scale-1 and chroma option; the
// double-then-float row sums of libvmaf against our float sums; names and refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <string>

#include "common/motion_blend.hpp"
#include "common/resample.hpp"
#include "core/collector.hpp"
#include "core/feature_name.hpp"
#include "features/float_motion/float_motion.hpp"
#include "features/float_motion/float_motion_options.hpp"
#include "features/float_motion/float_motion_params.hpp"
#include "float_reference.hpp"
#include "error_of.hpp"

namespace fastvmaf::float_motion {
namespace {

using common::FloatImage;

OptionSet options(const std::vector<std::pair<const char*, const char*>>& kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return OptionSet("float_motion", &option_specs(), d);
}

using ::fastvmaf::test::error_of;

// vmaf_image_sad_c at one scale, literally: fabs in double, row sums stored as float.
float literal_sad(const FloatImage& a, const FloatImage& b) {
  float accum = 0;
  for (unsigned i = 0; i < a.height; ++i) {
    float line = 0;
    for (unsigned j = 0; j < a.width; ++j)
      line = static_cast<float>(line + std::fabs(static_cast<double>(a.row(i)[j] - b.row(i)[j])));
    accum += line;
  }
  return accum / static_cast<float>(a.width * a.height);
}

TEST(FloatMotionParams, FloatRowSumsEqualLibvmafsDoubleAdds) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 50; ++trial) {
    const unsigned w = 1 + rng() % 300, h = 1 + rng() % 5;
    const FloatImage a = test::random_image(w, h, rng), b = test::random_image(w, h, rng, -3, 3);
    EXPECT_EQ(mean_abs_diff(a, b), literal_sad(a, b));
  }
}

struct Expected {
  std::map<std::pair<std::string, unsigned>, double> values;
};

// float_motion.c's rules on whole images.
Expected reference(const Params& p, const FeatureNames& n, const std::vector<Picture>& clip, unsigned bpc) {
  Expected e;
  auto put = [&](const std::string& name, unsigned i, double v) { e.values[{name, i}] = v; };
  if (p.force_zero) {
    for (unsigned i = 0; i < clip.size(); ++i) {
      put(n.motion2, i, 0);
      put(n.motion3, i, 0);
      if (p.debug) put(n.motion, i, 0);
    }
    return e;
  }
  const std::vector<float> taps = blur_taps(p.filter_size).taps;
  const int planes = p.add_uv ? 3 : 1;
  // blur[frame][plane] and its halving.
  std::vector<std::vector<FloatImage>> blur(clip.size()), half(clip.size());
  for (unsigned i = 0; i < clip.size(); ++i)
    for (int c = 0; c < planes; ++c) {
      const unsigned sx = c ? chroma_shift_x(clip[i].format()) : 0, sy = c ? chroma_shift_y(clip[i].format()) : 0;
      FloatImage in;
      common::convert_plane(clip[i].plane(c), bpc, -128, clip[i].width() >> sx, clip[i].height() >> sy, in);
      blur[i].push_back(test::naive_filter(taps, in));
      if (p.add_scale1) {
        FloatImage s;
        s.resize(scale1_size(in.width), scale1_size(in.height));
        const auto ax = common::make_resample_axis(common::PrescaleMethod::Bilinear, in.width, s.width);
        const auto ay = common::make_resample_axis(common::PrescaleMethod::Bilinear, in.height, s.height);
        common::resample_image(common::PrescaleMethod::Bilinear, ax, ay, blur[i].back(), s);
        half[i].push_back(s);
      }
    }
  auto score = [&](unsigned a, unsigned b) {
    double s = 0;
    for (int c = 0; c < planes; ++c) {
      float v = literal_sad(blur[a][c], blur[b][c]);
      if (p.add_scale1) v = v + literal_sad(half[a][c], half[b][c]);
      s += v;
    }
    return s;
  };
  auto mn = [](double a, double b) { return a < b ? a : b; };
  double last = 0;
  for (unsigned i = 0; i < clip.size(); ++i) {
    if (i == 0) {
      put(n.motion2, 0, 0);
      if (p.debug) put(n.motion, 0, 0);
      continue;
    }
    const double s = score(i - 1, i);
    last = s;
    if (p.debug) put(n.motion, i, mn(s * p.fps_weight, p.max_val));
    if (i == 1) {
      put(n.motion3, 0, mn(common::motion_blend(s * p.fps_weight, p.blend_factor, p.blend_offset), p.max_val));
      continue;
    }
    double s2 = score(i - 1, i - 2);
    s2 = s2 < s ? s2 : s;
    put(n.motion2, i - 1, mn(s2 * p.fps_weight, p.max_val));
    put(n.motion3, i - 1, mn(common::motion_blend(s2 * p.fps_weight, p.blend_factor, p.blend_offset), p.max_val));
  }
  const unsigned l = static_cast<unsigned>(clip.size()) - 1;
  if (l > 0) {
    put(n.motion2, l, mn(last * p.fps_weight, p.max_val));
    put(n.motion3, l, mn(common::motion_blend(last * p.fps_weight, p.blend_factor, p.blend_offset), p.max_val));
  } else {
    put(n.motion3, 0, 0);
  }
  return e;
}

TEST(FloatMotionExtractor, FollowsLibvmafsPerFrameRules) {
  std::mt19937 rng(41);
  const std::vector<std::vector<std::pair<const char*, const char*>>> option_sets = {
      {},
      {{"motion_filter_size", "3"}, {"debug", "false"}},
      {{"motion_filter_size", "1"}, {"motion_fps_weight", "2.5"}},
      {{"motion_add_scale1", "true"}, {"motion_blend_factor", "0.4"}, {"motion_blend_offset", "1.5"}},
      {{"motion_add_uv", "true"}, {"motion_max_val", "2"}},
      {{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}, {"motion_filter_size", "7"}},
      {{"motion_force_zero", "true"}},
  };
  for (const auto& kv : option_sets) {
    const OptionSet o = options(kv);
    const Params p = Params::from(o);
    const FeatureNames names = make_feature_names(o);
    for (unsigned frames : {1u, 2u, 3u, 5u}) {
      const PixelFormat fmt = frames % 2 ? PixelFormat::YUV420 : PixelFormat::YUV444;
      const unsigned bpc = frames == 3 ? 10 : 8;
      const unsigned w = 12 + rng() % 30, h = 10 + rng() % 20;
      std::vector<Picture> clip;
      clip.push_back(test::textured_picture(fmt, w, h, bpc, rng));
      for (unsigned i = 1; i < frames; ++i)
        clip.push_back(test::textured_picture(fmt, w, h, bpc, rng, &clip.back(), 9));
      FloatMotionExtractor e(o);
      e.init({w, h, fmt, bpc});
      FeatureCollector c;
      for (unsigned i = 0; i < frames; ++i) {
        FrameInput in;
        in.index = i;
        in.ref = &clip[i];
        in.dis = &clip[i];
        e.submit(in);
        e.collect(i, c);
      }
      e.flush(c);
      const Expected want = reference(p, names, clip, bpc);
      std::size_t got = 0;
      for (const auto& s : c.series())
        for (unsigned i = 0; i < s.values.size(); ++i)
          if (s.has(i)) ++got;
      EXPECT_EQ(got, want.values.size()) << frames << " frames";
      for (const auto& [key, v] : want.values) {
        const auto g = c.get(key.first, key.second);
        ASSERT_TRUE(g.has_value()) << key.first << " at " << key.second << ", " << frames << " frames";
        EXPECT_EQ(*g, v) << key.first << " at " << key.second << ", " << frames << " frames";
      }
    }
  }
}

TEST(FloatMotionExtractor, NamesAndRefusals) {
  const FeatureNames n = make_feature_names(options({{"motion_add_scale1", "true"}, {"motion_force_zero", "false"}}));
  EXPECT_EQ(n.motion2, "motion2_mdc");
  EXPECT_EQ(make_feature_names(options({})).motion3, "VMAF_feature_motion3_score");
  auto init_error = [](const std::vector<std::pair<const char*, const char*>>& kv, unsigned w, unsigned h,
                       PixelFormat f = PixelFormat::YUV420) {
    return error_of([&] {
      FloatMotionExtractor e(options(kv));
      e.init({w, h, f, 8});
    });
  };
  EXPECT_EQ(init_error({}, 3, 3), "");
  EXPECT_NE(init_error({}, 2, 9).find("at least 3x3"), std::string::npos);
  EXPECT_EQ(init_error({{"motion_filter_size", "3"}}, 2, 2), "");
  EXPECT_NE(init_error({{"motion_add_uv", "true"}}, 5, 5).find("chroma plane is 2x2"), std::string::npos);
  EXPECT_EQ(init_error({{"motion_add_uv", "true"}}, 5, 5, PixelFormat::YUV444), "");
  EXPECT_NE(init_error({{"motion_add_scale1", "true"}}, 15362, 8).find("7680"), std::string::npos);
  EXPECT_EQ(init_error({{"motion_add_scale1", "true"}}, 15360, 8), "");
  EXPECT_NE(error_of([] { options({{"motion_filter_size", "10"}}); }).find("[0, 9]"), std::string::npos);
  EXPECT_NE(error_of([] { options({{"motion_fps_weight", "6"}}); }).find("motion_fps_weight"), std::string::npos);
}

}  // namespace
}  // namespace fastvmaf::float_motion
