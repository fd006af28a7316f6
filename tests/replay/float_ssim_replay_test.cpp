// Host replay of the float SSIM twin's kernels (src/features/ssim/gpu/): the same grids,
// blocks and work-items (gpu/float_ssim_work.hpp, gpu/ssim_map_work.hpp) on frames packed with the frame
// pipeline's layout, against the CPU: the four double sums of the map bit for bit (the
// CPU's SsimMap on the CPU's luma_to_float / decimate_box), and every value the CPU
// extractor collects, from the twin's finish (means_of, ssim_values, emit_ssim). Every
// option (enable_lcs, enable_db, clip_db, scale 0 / 1 / 2-10), 8 to 16 bits, sizes from
// 1x1 (no window position) through 11x11 (one) to odd sizes and automatic factors, random,
// textured, extreme, equal and narrow content. Work-items forward and reverse, canaries
// behind every buffer, stale scratch; the whole replay once more with the double type
// hd::SoftF64 (the SYCL kernels'), which must give double's bits.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/cpu.hpp"
#include "core/hd/f64.hpp"
#include "features/ssim/gpu/float_ssim_plan.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/ssim/ssim.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_options.hpp"
#include "float_family.hpp"
#include "ssim_map_sums_replay.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"

namespace fastvmaf {
namespace {

namespace tw = ssim::twin;
using replay::Fill;
using replay::Order;
using replay::Recorded;

using replay::label;
using replay::Opts;

OptionSet options_of(const Opts& opts) { return replay::option_set("float_ssim", ssim::ssim_option_specs(), opts); }

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample, class F>
Replayed replay_frame(const Opts& opts, const Picture& ref, const Picture& dis, Order order) {
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  const tw::TwinPlan plan = tw::make_twin_plan(tw::Options::from(options_of(opts)), g);
  const gpu::FrameLayout layout(g, tw::kPlanes, sizeof(tw::Results));
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<float> state(plan.state_floats, std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<std::uint64_t> terms(plan.terms_words, 0x7ff4badbadbadbadull);
  replay::Buffer<tw::Results> slot(1, tw::Results{});
  const tw::Args a = tw::plan_args(plan, layout, frame.data(), state.data(), terms.data(), slot.data());
  Replayed out;
  const auto grid = [&](const tw::LaunchShape& s, auto&& item) {
    replay::launch_rows(s, tw::kThreads, order, &out.launches, item);
  };
  grid(tw::load_launch(a), [&](unsigned x, unsigned by) {
    const tw::Where w = tw::image_row(by, static_cast<unsigned>(a.map.h));
    tw::load_item<Sample, F>(a, w.side, x, w.y);
  });
  grid(tw::hpass_launch(a.map), [&](unsigned x, unsigned y) { tw::hpass_item<F>(a.map, x, y); });
  grid(tw::terms_launch(a.map), [&](unsigned x, unsigned y) { tw::terms_item<F>(a.map, x, y); });
  replay::replay_map_sums<F>(&a.map, 1, order, &out.launches);
  out.results = slot[0];
  out.canaries_intact = frame.intact() && state.intact() && terms.intact() && slot.intact();
  EXPECT_EQ(out.launches, tw::kLaunchesPerFrame);
  return out;
}

template <class F>
Replayed replay_frame(const Opts& opts, const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t, F>(opts, ref, dis, order)
                        : replay_frame<std::uint16_t, F>(opts, ref, dis, order);
}

// The CPU's sums: the CPU extractor's submit (ssim.cpp) up to the map, on the CPU's dsp.
ssim::SsimSums cpu_sums(const Opts& opts, const Picture& ref, const Picture& dis) {
  const tw::Options o = tw::Options::from(options_of(opts));
  const ssim::SsimPlan p = ssim::plan_ssim(o.scale, o.clip_db, ref.width(), ref.height(), ref.bpc());
  std::vector<float> a(static_cast<std::size_t>(p.w) * p.h), b(a.size());
  int w = 0, h = 0;
  if (p.factor > 1) {
    ssim::decimate_box(ref.plane(0), ref.bpc(), p.factor, a.data(), w, h);
    ssim::decimate_box(dis.plane(0), dis.bpc(), p.factor, b.data(), w, h);
  } else {
    ssim::luma_to_float(ref.plane(0), ref.bpc(), a.data());
    ssim::luma_to_float(dis.plane(0), dis.bpc(), b.data());
    w = p.w;
    h = p.h;
  }
  EXPECT_EQ(w, p.w);
  EXPECT_EQ(h, p.h);
  ssim::SsimMap map(ssim::make_dsp(cpu::active()));
  return map.sums(a.data(), b.data(), w, h);
}

void expect_same_results(const tw::Results& a, const tw::Results& b, const char* what) {
  EXPECT_EQ(a.ssim, b.ssim) << what;
  EXPECT_EQ(a.l, b.l) << what;
  EXPECT_EQ(a.c, b.c) << what;
  EXPECT_EQ(a.s, b.s) << what;
}

void check_pair(const Opts& opts, const Picture& ref, const Picture& dis) {
  SCOPED_TRACE(label(opts));
  const Replayed fwd = replay_frame<double>(opts, ref, dis, Order::Forward);
  const Replayed rev = replay_frame<double>(opts, ref, dis, Order::Reverse);
  const Replayed soft = replay_frame<hd::SoftF64>(opts, ref, dis, Order::Reverse);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_TRUE(soft.canaries_intact);
  expect_same_results(fwd.results, rev.results, "work-items of a phase depend on each other");
  expect_same_results(fwd.results, soft.results, "hd::SoftF64 differs from double");
  const ssim::SsimSums cpu = cpu_sums(opts, ref, dis);
  const ssim::SsimSums twin = tw::sums_of(fwd.results);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.ssim), std::bit_cast<std::uint64_t>(cpu.ssim))
      << twin.ssim << " cpu " << cpu.ssim;
  EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.l), std::bit_cast<std::uint64_t>(cpu.l)) << twin.l << " cpu " << cpu.l;
  EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.c), std::bit_cast<std::uint64_t>(cpu.c)) << twin.c << " cpu " << cpu.c;
  EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.s), std::bit_cast<std::uint64_t>(cpu.s)) << twin.s << " cpu " << cpu.s;

  // The CPU extractor's values against the twin's finish.
  const OptionSet o = options_of(opts);
  ssim::FloatSsimExtractor e(o);
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  e.init(g);
  FrameInput in;
  in.ref = &ref;
  in.dis = &dis;
  e.submit(in);
  Recorded cpu_values, twin_values;
  e.collect(0, cpu_values);
  const tw::Options to = tw::Options::from(o);
  const tw::TwinPlan plan = tw::make_twin_plan(to, g);
  EXPECT_EQ(plan.cpu.factor, e.factor());
  ssim::emit_ssim(tw::values_of(plan, to, fwd.results), to.enable_lcs, 0, twin_values);
  EXPECT_FALSE(cpu_values.values.empty());
  EXPECT_EQ(twin_values.values, cpu_values.values);
}

const std::vector<Opts>& option_sets() {
  static const std::vector<Opts> sets = {
      {},
      {{"enable_lcs", "true"}},
      {{"enable_db", "true"}},
      {{"enable_db", "true"}, {"clip_db", "true"}, {"enable_lcs", "true"}},
      {{"clip_db", "true"}},
      {{"scale", "1"}, {"enable_lcs", "true"}},
      {{"scale", "2"}, {"enable_db", "true"}, {"clip_db", "true"}},
      {{"scale", "3"}, {"enable_lcs", "true"}},
  };
  return sets;
}

TEST(FloatSsimReplay, EveryOptionEveryDepth) {
  unsigned seed = 1;
  for (const Opts& opts : option_sets())
    for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
      for (unsigned bpc : {8u, 10u, 12u, 16u})
        for (Fill fill : {Fill::Random, Fill::Textured})
          replay::check_fixture(fmt, bpc, 45, 38, fill, seed++,
                                [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
}

// From no window position (1x1, 10x10, 10 wide) through one (11x11) to odd sizes.
TEST(FloatSsimReplay, SmallestAndOddSizes) {
  unsigned seed = 100;
  for (const Opts& opts : {Opts{{"enable_lcs", "true"}}, Opts{{"enable_db", "true"}, {"clip_db", "true"}}})
    for (const replay::Size s : {replay::Size{1, 1}, {2, 2}, {5, 7}, {10, 10}, {10, 30}, {30, 10}, {11, 11},
                                 {12, 11}, {11, 13}, {33, 35}, {257, 40}, {300, 33}})
      for (unsigned bpc : {8u, 16u})
        replay::check_fixture(PixelFormat::YUV420, bpc, s.w, s.h, Fill::Random, seed++,
                              [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
}

// Every explicit factor, with odd and even sizes (the box's mirrored edges, the odd
// sizes' extra sample), down to the smallest frame each factor takes.
TEST(FloatSsimReplay, EveryScale) {
  unsigned seed = 300;
  for (int scale = 2; scale <= 10; ++scale) {
    const Opts opts = {{"scale", std::to_string(scale)}, {"enable_lcs", "true"}};
    for (const replay::Size s : {replay::Size{97, 61}, {130, 120}, {static_cast<unsigned>(scale), 5u}})
      for (unsigned bpc : {8u, 10u})
        replay::check_fixture(PixelFormat::YUV420, bpc, s.w, s.h, Fill::Textured, seed++, [&](const Picture& r,
                                                                                               const Picture& d) {
          bool cpu_refuses = false;
          try {
            ssim::plan_ssim(scale, false, r.width(), r.height(), r.bpc());
          } catch (const std::invalid_argument&) {
            cpu_refuses = true;
          }
          if (!cpu_refuses) check_pair(opts, r, d);
        });
  }
}

// The automatic factor: 2 from a shorter side of 384, 3 from 640 (a 1080p frame's 4, a
// 4K frame's 8, are the same code with larger loops).
TEST(FloatSsimReplay, AutomaticFactor) {
  replay::check_fixture(PixelFormat::YUV420, 8, 640, 384, Fill::Textured, 21,
                        [&](const Picture& r, const Picture& d) { check_pair({{"enable_lcs", "true"}}, r, d); });
  replay::check_fixture(PixelFormat::YUV420, 10, 641, 641, Fill::Random, 22,
                        [&](const Picture& r, const Picture& d) { check_pair({{"enable_db", "true"}}, r, d); });
  replay::check_fixture(PixelFormat::YUV420, 8, 480, 270, Fill::Textured, 23,
                        [&](const Picture& r, const Picture& d) { check_pair({{"scale", "1"}}, r, d); });
}

TEST(FloatSsimReplay, ExtremeEqualAndNarrowContent) {
  for (const Opts& opts : option_sets())
    for (unsigned bpc : {8u, 10u, 16u}) {
      replay::check_fixture(PixelFormat::YUV420, bpc, 64, 40, Fill::Extremes, 7,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
      replay::check_fixture(PixelFormat::YUV422, bpc, 64, 40, Fill::Equal, 8,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
      replay::check_fixture(PixelFormat::YUV444, bpc, 64, 40, Fill::Narrow, 9,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
    }
}

// The same picture as reference and distorted: every window flat or equal, s's clamp of
// a negative covariance, l = c = s = 1.
TEST(FloatSsimReplay, IdenticalPictures) {
  for (unsigned bpc : {8u, 12u}) {
    std::mt19937 rng(31);
    const Picture p = replay::make_picture(PixelFormat::YUV420, bpc, 50, 44, rng, Fill::Textured, true);
    check_pair({{"enable_lcs", "true"}, {"enable_db", "true"}, {"clip_db", "true"}}, p, p);
    check_pair({{"enable_lcs", "true"}, {"enable_db", "true"}}, p, p);
  }
}

// The twin refuses what the CPU refuses, with the CPU's message.
TEST(FloatSsimReplay, RefusesWhatTheCpuRefuses) {
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  for (const auto& [w, h, bpc, scale] : {std::tuple{3u, 3u, 8u, 10}, std::tuple{64u, 64u, 9u, 0}}) {
    const VideoGeometry g{w, h, PixelFormat::YUV420, bpc};
    const Opts opts = {{"scale", std::to_string(scale)}};
    const std::string cpu = message([&] {
      ssim::FloatSsimExtractor e(options_of(opts));
      e.init(g);
    });
    EXPECT_FALSE(cpu.empty());
    EXPECT_EQ(message([&] { tw::make_twin_plan(tw::Options::from(options_of(opts)), g); }), cpu);
  }
}

// terms_in in hd::SoftF64 against double, on random and edge moments.
TEST(FloatSsimReplay, TermsInSoftF64EqualDouble) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> mu(0.0f, 255.0f), var(0.0f, 4000.0f), small(0.0f, 3.0f);
  const ssim::Constants k = ssim::map_constants();
  const auto check = [&](float m1, float m2, float xx, float yy, float xy) {
    const tw::TermsOf<double> d = tw::terms_in<double>(m1, m2, xx, yy, xy, k);
    const tw::TermsOf<hd::SoftF64> s = tw::terms_in<hd::SoftF64>(m1, m2, xx, yy, xy, k);
    ASSERT_EQ(hd::f64_bits(d.l), hd::f64_bits(s.l)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
    ASSERT_EQ(hd::f64_bits(d.c), hd::f64_bits(s.c)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
    ASSERT_EQ(hd::f64_bits(d.s), hd::f64_bits(s.s)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
    ASSERT_EQ(hd::f64_bits(d.lcs), hd::f64_bits(s.lcs)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
    // And the CPU's pixel_terms.
    const ssim::PixelTerms p = ssim::pixel_terms(m1, m2, xx, yy, xy, k);
    ASSERT_EQ(std::bit_cast<std::uint64_t>(p.l), hd::f64_bits(d.l));
    ASSERT_EQ(std::bit_cast<std::uint64_t>(p.c), hd::f64_bits(d.c));
    ASSERT_EQ(std::bit_cast<std::uint64_t>(p.s), hd::f64_bits(d.s));
    ASSERT_EQ(std::bit_cast<std::uint64_t>(p.l * p.c * p.s), hd::f64_bits(d.lcs));
  };
  for (int i = 0; i < 300000; ++i) {
    const float m1 = mu(rng), m2 = i % 5 == 0 ? m1 : mu(rng);
    const bool tiny = i % 3 == 0;
    const float xx = m1 * m1 + (tiny ? small(rng) : var(rng)) * (i % 7 == 0 ? -0.001f : 1.0f);
    const float yy = m2 * m2 + (tiny ? small(rng) : var(rng));
    const float xy = m1 * m2 + (i % 2 ? 1.0f : -1.0f) * (tiny ? small(rng) : var(rng));
    check(m1, m2, xx, yy, xy);
  }
  for (float v : {0.0f, -0.0f, 1e-30f, 1e-10f, 1.0f, 65025.0f}) {
    check(0.0f, 0.0f, v, v, v);
    check(255.0f, 0.0f, v, v, -v);
  }
}

}  // namespace
}  // namespace fastvmaf
