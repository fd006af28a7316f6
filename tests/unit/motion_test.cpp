// Integer motion: the SAD kernels against a plain reference of libvmaf's pipeline
// (integer_motion.c), and the first / last frame handling of motion2 / motion3 on
// short clips, with and without the five-frame window.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/motion_blend.hpp"
#include "core/collector.hpp"
#include "features/motion/motion.hpp"
#include "features/motion/motion_math.hpp"
#include "features/motion/motion_options.hpp"
#include "features/motion/motion_params.hpp"
#include "features/motion/motion_dsp.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::motion {
namespace {

constexpr std::int64_t kF[5] = {3571, 16004, 26386, 16004, 3571};

int mirror_ref(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * n - i - 2 : i); }

struct Img {
  unsigned w = 0, h = 0;
  std::vector<std::int64_t> px;
  std::int64_t at(int x, int y) const { return px[static_cast<std::size_t>(mirror_ref(y, h)) * w + mirror_ref(x, w)]; }
};

// libvmaf's motion pipeline written plainly, in 64-bit arithmetic.
std::uint64_t ref_sad(const Img& prev, const Img& cur, unsigned bpc) {
  std::uint64_t sad = 0;
  std::vector<std::int64_t> y(prev.w);
  for (int i = 0; i < static_cast<int>(prev.h); ++i) {
    bool any = false;
    for (int x = 0; x < static_cast<int>(prev.w); ++x) {
      std::int64_t s = 0;
      for (int k = 0; k < 5; ++k) s += kF[k] * (prev.at(x, i - 2 + k) - cur.at(x, i - 2 + k));
      y[x] = (s + (std::int64_t{1} << (bpc - 1))) >> bpc;  // arithmetic shift: floor
      any |= y[x] != 0;
    }
    if (!any) continue;
    std::uint32_t row = 0;
    for (int x = 0; x < static_cast<int>(prev.w); ++x) {
      std::int64_t s = 0;
      for (int k = 0; k < 5; ++k) s += kF[k] * y[mirror_ref(x - 2 + k, prev.w)];
      row += static_cast<std::uint32_t>(std::llabs((s + 32768) >> 16));
    }
    sad += row;
  }
  return sad;
}

Img random_img(unsigned w, unsigned h, unsigned bpc, std::mt19937& rng, const Img* base = nullptr) {
  Img m;
  m.w = w;
  m.h = h;
  m.px.resize(static_cast<std::size_t>(w) * h);
  const int mx = (1 << bpc) - 1;
  for (std::size_t i = 0; i < m.px.size(); ++i) {
    if (base && i % 5)
      m.px[i] = std::clamp<std::int64_t>(base->px[i] + static_cast<int>(rng() % 9) - 4, 0, mx);  // small motion
    else
      m.px[i] = rng() % (mx + 1);
  }
  return m;
}

Picture to_picture(const Img& img, unsigned bpc) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, img.w, img.h);
  for (unsigned y = 0; y < img.h; ++y)
    for (unsigned x = 0; x < img.w; ++x) {
      test::set_sample(p.plane(0), bpc, x, y, img.px[y * img.w + x]);
    }
  return p;
}

OptionDict dict(std::initializer_list<std::pair<const char*, const char*>> kv) {
  OptionDict d;
  for (const auto& [k, v] : kv) d.set(k, v);
  return d;
}

OptionSet options(const OptionDict& d = {}) { return OptionSet("motion", &option_specs(), d); }

TEST(MotionMath, PerElementHelpersMatchReference) {
  std::mt19937 rng(1);
  for (unsigned bpc : {8u, 10u, 12u, 15u, 16u}) {
    const Img a = random_img(9, 7, bpc, rng), b = random_img(9, 7, bpc, rng);
    const Picture pa = to_picture(a, bpc), pb = to_picture(b, bpc);
    for (int i = 0; i < 7; ++i) {
      std::vector<std::int32_t> y(9);
      for (int x = 0; x < 9; ++x) {
        std::int64_t s = 0;
        for (int k = 0; k < 5; ++k) s += kF[k] * (a.at(x, i - 2 + k) - b.at(x, i - 2 + k));
        const std::int64_t want = (s + (std::int64_t{1} << (bpc - 1))) >> bpc;
        if (bpc == 8) {
          const std::uint8_t* pr[5];
          const std::uint8_t* cr[5];
          for (int k = 0; k < 5; ++k) {
            pr[k] = pa.plane(0).row<std::uint8_t>(mirror(i - 2 + k, 7));
            cr[k] = pb.plane(0).row<std::uint8_t>(mirror(i - 2 + k, 7));
          }
          y[x] = vertical_diff<std::int32_t>(pr, cr, x, bpc);
        } else {
          const std::uint16_t* pr[5];
          const std::uint16_t* cr[5];
          for (int k = 0; k < 5; ++k) {
            pr[k] = pa.plane(0).row<std::uint16_t>(mirror(i - 2 + k, 7));
            cr[k] = pb.plane(0).row<std::uint16_t>(mirror(i - 2 + k, 7));
          }
          y[x] = vertical_diff<std::int64_t>(pr, cr, x, bpc);
        }
        ASSERT_EQ(y[x], want) << "bpc " << bpc;
      }
      for (int x = 0; x < 9; ++x) {
        std::int64_t s = 0;
        for (int k = 0; k < 5; ++k) s += kF[k] * y[mirror_ref(x - 2 + k, 9)];
        ASSERT_EQ(horizontal_value(y.data(), x, 9), (s + 32768) >> 16);
        if (x >= 2 && x < 7) {
          ASSERT_EQ(horizontal_value_inner(y.data(), x), (s + 32768) >> 16);
        }
      }
    }
  }
}

TEST(MotionMath, BlendIsLibvmafs) {
  EXPECT_EQ(common::motion_blend(10.0, 1.0, 40.0), 10.0);
  EXPECT_EQ(common::motion_blend(50.0, 0.5, 40.0), 50.0 * 0.5 + 0.5 * 40.0);
  EXPECT_EQ(common::motion_blend(30.0, 0.25, 40.0), 30.0 * 0.25 + 0.75 * 30.0);
}

struct Case {
  unsigned w, h, bpc;
};

class MotionSad : public ::testing::TestWithParam<Case> {};

TEST_P(MotionSad, BothPathsMatchTheReference) {
  const Case c = GetParam();
  std::mt19937 rng(c.w * 31 + c.h + c.bpc);
  const Img a = random_img(c.w, c.h, c.bpc, rng);
  const Img b = random_img(c.w, c.h, c.bpc, rng, &a);
  const Picture pa = to_picture(a, c.bpc), pb = to_picture(b, c.bpc);
  const std::uint64_t want = ref_sad(a, b, c.bpc);
  // The C entries and this CPU's SIMD ones (core/cpu.hpp), whole and in bands.
  for (cpu::Flags flags : {cpu::Flags{0}, cpu::active()}) {
    const Dsp dsp = make_dsp(flags);
    SadScratch s;
    EXPECT_EQ(sad_rows(pa.plane(0), pb.plane(0), c.bpc, 0, c.h, dsp, s), want) << cpu::describe(flags);
    const unsigned cut = c.h / 3;
    EXPECT_EQ(sad_rows(pa.plane(0), pb.plane(0), c.bpc, 0, cut, dsp, s) +
                  sad_rows(pa.plane(0), pb.plane(0), c.bpc, cut, c.h, dsp, s),
              want)
        << "in bands, " << cpu::describe(flags);
    // Identical pictures: every row is skipped.
    EXPECT_EQ(sad_rows(pa.plane(0), pa.plane(0), c.bpc, 0, c.h, dsp, s), 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, MotionSad,
                         ::testing::Values(Case{3, 3, 8}, Case{4, 3, 10}, Case{3, 5, 16}, Case{5, 5, 8},
                                           Case{17, 17, 8}, Case{17, 17, 12}, Case{33, 9, 16}, Case{853, 480, 8},
                                           Case{853, 480, 10}, Case{101, 60, 16}, Case{64, 31, 15},
                                           Case{1920, 6, 8}));

TEST(MotionSad, ScoreFromSad) {
  Params p;
  EXPECT_EQ(sad_score(123456, 17, 9, p), 123456 / 256. / (17 * 9));
  p.fps_weight = 2.5;
  EXPECT_EQ(sad_score(123456, 17, 9, p), 123456 / 256. / (17 * 9) * 2.5);
  p.max_val = 3.0;
  EXPECT_EQ(sad_score(123456, 17, 9, p), 3.0);
}

// Runs the extractor over n random frames the way the engine does (prev_ref of
// frame i is the reference of i - 1) and flushes.
struct Clip {
  std::vector<Picture> refs;
  std::vector<Img> imgs;
};

Clip make_clip(unsigned n, unsigned w, unsigned h, unsigned bpc) {
  std::mt19937 rng(n * 7 + w);
  Clip c;
  for (unsigned i = 0; i < n; ++i) {
    c.imgs.push_back(random_img(w, h, bpc, rng, i ? &c.imgs.back() : nullptr));
    c.refs.push_back(to_picture(c.imgs.back(), bpc));
  }
  return c;
}

void run_clip(const Clip& clip, const OptionDict& opts, unsigned bpc, FeatureCollector& c) {
  MotionExtractor e(options(opts));
  e.init({clip.imgs[0].w, clip.imgs[0].h, PixelFormat::YUV420, bpc});
  for (unsigned i = 0; i < clip.refs.size(); ++i) {
    FrameInput in;
    in.index = i;
    in.ref = &clip.refs[i];
    in.dis = &clip.refs[i];  // motion ignores the distorted picture
    in.prev_ref = i >= 1 ? &clip.refs[i - 1] : nullptr;
    in.prev_prev_ref = i >= 2 ? &clip.refs[i - 2] : nullptr;
    e.submit(in);
    e.collect(i, c);
  }
  e.flush(c);
}

std::vector<double> series(const FeatureCollector& c, const std::string& name, unsigned n) {
  std::vector<double> v;
  for (unsigned i = 0; i < n; ++i) {
    auto x = c.get(name, i);
    EXPECT_TRUE(x.has_value()) << name << " " << i;
    v.push_back(x.value_or(-1.0));
  }
  EXPECT_FALSE(c.get(name, n).has_value()) << name << " written past the last frame";
  return v;
}

TEST(MotionClip, ShortClipsDefaultWindow) {
  const unsigned w = 24, h = 18;
  for (unsigned n : {1u, 2u, 3u, 5u}) {
    const Clip clip = make_clip(n, w, h, 8);
    FeatureCollector c;
    run_clip(clip, {}, 8, c);
    std::vector<double> sad(n, 0.0);
    for (unsigned i = 1; i < n; ++i) sad[i] = ref_sad(clip.imgs[i - 1], clip.imgs[i], 8) / 256. / (w * h);
    EXPECT_EQ(series(c, "VMAF_integer_feature_motion_sad_score", n), sad);
    // motion2: 0 at frame 0, min(sad[i], sad[i+1]) inside, sad of the last frame.
    std::vector<double> m2(n, 0.0);
    for (unsigned i = 1; i < n; ++i) m2[i] = i + 1 < n ? std::min(sad[i], sad[i + 1]) : sad[i];
    EXPECT_EQ(series(c, "VMAF_integer_feature_motion2_score", n), m2);
    // motion3 (no blending by default): motion2, with frame 0 taking frame 1's SAD.
    std::vector<double> m3 = m2;
    m3[0] = n > 1 ? sad[1] : 0.0;
    EXPECT_EQ(series(c, "VMAF_integer_feature_motion3_score", n), m3);
    EXPECT_FALSE(c.get("VMAF_integer_feature_motion_score", 0).has_value());  // debug only
  }
}

TEST(MotionClip, ShortClipsFiveFrameWindow) {
  const unsigned w = 20, h = 11;
  for (unsigned n : {1u, 2u, 3u, 4u, 6u}) {
    const Clip clip = make_clip(n, w, h, 10);
    FeatureCollector c;
    run_clip(clip, dict({{"motion_five_frame_window", "true"}}), 10, c);
    std::vector<double> sad(n, 0.0);
    for (unsigned i = 2; i < n; ++i) sad[i] = ref_sad(clip.imgs[i - 2], clip.imgs[i], 10) / 256. / (w * h);
    EXPECT_EQ(series(c, "VMAF_integer_feature_motion_sad_score_mffw", n), sad);
    // motion2: 0 for frames 0 and 1; sad[i+1] at frame 2; min(sad[i-1], sad[i+1])
    // later; the last frame keeps its own SAD.
    std::vector<double> m2(n, 0.0);
    for (unsigned i = 2; i < n; ++i) {
      if (i + 1 >= n)
        m2[i] = sad[i];
      else if (i >= 3)
        m2[i] = std::min(sad[i - 1], sad[i + 1]);
      else
        m2[i] = sad[i + 1];
    }
    EXPECT_EQ(series(c, "integer_motion2_mffw", n), m2);
    std::vector<double> m3 = m2;
    for (unsigned i = 0; i < std::min(n, 2u); ++i) m3[i] = n > 2 ? sad[2] : 0.0;
    EXPECT_EQ(series(c, "integer_motion3_mffw", n), m3);
  }
}

TEST(MotionClip, BlendMaxValMovingAverageAndDebug) {
  const unsigned n = 5, w = 16, h = 16;
  const Clip clip = make_clip(n, w, h, 8);
  FeatureCollector c;
  run_clip(clip,
           dict({{"motion_blend_factor", "0.5"},
                 {"motion_blend_offset", "3"},
                 {"motion_max_val", "6"},
                 {"motion_fps_weight", "1.5"},
                 {"motion_moving_average", "true"},
                 {"debug", "true"}}),
           8, c);
  const std::string sfx = "_mbf_0.5_mbo_3_mfw_1.5_mmxv_6_mma";
  std::vector<double> sad(n, 0.0);
  for (unsigned i = 1; i < n; ++i)
    sad[i] = std::min(ref_sad(clip.imgs[i - 1], clip.imgs[i], 8) / 256. / (w * h) * 1.5, 6.0);
  EXPECT_EQ(series(c, "VMAF_integer_feature_motion_sad_score" + sfx, n), sad);
  EXPECT_EQ(series(c, "integer_motion" + sfx, n), sad);
  std::vector<double> m2(n, 0.0);
  for (unsigned i = 1; i < n; ++i) m2[i] = i + 1 < n ? std::min(sad[i], sad[i + 1]) : sad[i];
  EXPECT_EQ(series(c, "integer_motion2" + sfx, n), m2);
  auto processed = [](double m) { return std::min(m * 0.5 + (1 - 0.5) * std::min(3.0, m), 6.0); };
  std::vector<double> m3(n);
  const double stamp = processed(sad[1]);
  m3[0] = stamp;
  double prev = stamp;
  for (unsigned i = 1; i < n; ++i) {
    const double p = processed(m2[i]);
    m3[i] = (p + prev) / 2.0;
    prev = p;
  }
  EXPECT_EQ(series(c, "integer_motion3" + sfx, n), m3);
}

TEST(MotionClip, ForceZero) {
  const Clip clip = make_clip(4, 16, 16, 8);
  FeatureCollector c;
  run_clip(clip, dict({{"motion_force_zero", "true"}}), 8, c);
  EXPECT_EQ(series(c, "VMAF_integer_feature_motion_sad_score_force_0", 4), std::vector<double>(4, 0.0));
  EXPECT_EQ(series(c, "integer_motion2_force_0", 4), std::vector<double>(4, 0.0));
  EXPECT_EQ(series(c, "integer_motion3_force_0", 4), std::vector<double>(4, 0.0));
}

TEST(MotionClip, MissingPreviousReferenceIsAnError) {
  const Clip clip = make_clip(2, 16, 16, 8);
  MotionExtractor e(options());
  e.init({16, 16, PixelFormat::YUV420, 8});
  FrameInput in;
  in.index = 1;
  in.ref = in.dis = &clip.refs[1];
  EXPECT_THROW(e.submit(in), std::logic_error);
}

TEST(MotionExtractor, RejectsPicturesBelowTheMinimumSize) {
  MotionExtractor e(options());
  for (auto [w, h] : {std::pair{2u, 100u}, {100u, 2u}, {1u, 1u}}) {
    try {
      e.init({w, h, PixelFormat::YUV420, 8});
      FAIL() << w << "x" << h;
    } catch (const std::invalid_argument& ex) {
      EXPECT_NE(std::string(ex.what()).find("at least 3x3"), std::string::npos) << ex.what();
    }
  }
  EXPECT_NO_THROW(e.init({3, 3, PixelFormat::YUV420, 8}));
}

TEST(MotionExtractor, RejectsOptionsOutOfRange) {
  EXPECT_THROW(options(dict({{"motion_blend_factor", "1.5"}})), std::invalid_argument);
  EXPECT_THROW(options(dict({{"motion_blend_offset", "-1"}})), std::invalid_argument);
  EXPECT_THROW(options(dict({{"motion_fps_weight", "5.5"}})), std::invalid_argument);
  EXPECT_THROW(options(dict({{"motion_max_val", "10001"}})), std::invalid_argument);
  EXPECT_NO_THROW(options(dict({{"motion_max_val", "18.0"}, {"motion_five_frame_window", "true"}})));
}

}  // namespace
}  // namespace fastvmaf::motion
