// Host replay of the float VIF twin's kernels (src/features/float_vif/gpu/): the same
// grids, blocks and work-items (gpu/float_vif_work.hpp) on frames packed with the frame
// pipeline's layout, against the CPU extractor: every scale's float totals and every value
// its finish (the CPU's emit_scores) writes, bit for bit. 8 to 16 bits, the smallest sizes
// the filters take, odd sizes, random, textured, extreme, equal and narrow content, and
// every option (vif_enhn_gain_limit, vif_kernelscale, vif_prescale with each method,
// vif_skip_scale0, vif_sigma_nsq, the minimum values, debug). Work-items forward and
// reverse, canaries behind every buffer, stale scratch. The statistic's double operations
// in hd::SoftF64 (the SYCL kernels' type) against double, on the values the fixtures reach
// and on edge cases.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "core/hd/f64.hpp"
#include "features/float_vif/float_vif.hpp"
#include "features/float_vif/float_vif_math.hpp"
#include "features/float_vif/float_vif_options.hpp"
#include "features/float_vif/float_vif_params.hpp"
#include "features/float_vif/gpu/float_vif_plan.hpp"
#include "features/float_vif/gpu/float_vif_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"

namespace fastvmaf {
namespace {

namespace fv = float_vif;
namespace tw = float_vif::twin;
using replay::Fill;
using replay::Order;
using replay::Recorded;
using replay::fbits;

using replay::label;
using replay::Opts;

OptionSet options_of(const Opts& opts) { return replay::option_set("float_vif", fv::option_specs(), opts); }

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample>
Replayed replay_frame(const Opts& opts, const Picture& ref, const Picture& dis, Order order) {
  using replay::Block;
  using replay::Item;
  const fv::Config c = fv::Config::from(options_of(opts));
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  const tw::TwinPlan plan = tw::make_twin_plan(c, g);
  const gpu::FrameLayout layout(g, tw::kPlanes, sizeof(tw::Results));
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<float> state(plan.state_floats, std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<std::uint32_t> tables(plan.tables.size());
  for (std::size_t i = 0; i < plan.tables.size(); ++i) tables[i] = plan.tables[i];
  replay::Buffer<tw::Results> slot(1, tw::Results{});
  const tw::Args a = tw::plan_args(plan, c, layout, frame.data(), state.data(), tables.data(), slot.data());
  Replayed out;
  const auto grid = [&](const tw::LaunchShape& s, auto&& item) {
    replay::launch_rows(s, tw::kThreads, order, &out.launches, item);
  };
  grid(tw::load_launch(a), [&](unsigned x, unsigned by) {
    const tw::Where w = tw::image_row(by, a.h[0]);
    tw::load_item<Sample>(a, w.side, x, w.y);
  });
  for (unsigned s = 0; s < tw::kScales; ++s) {
    if (s > 0) {
      grid(tw::decimate_v_launch(a, s), [&](unsigned x, unsigned by) {
        const tw::Where w = tw::image_row(by, a.h[s]);
        tw::decimate_v_item(a, s, w.side, x, w.y);
      });
      grid(tw::decimate_h_launch(a, s), [&](unsigned x, unsigned by) {
        const tw::Where w = tw::image_row(by, a.h[s]);
        tw::decimate_h_item(a, s, w.side, x, w.y);
      });
    }
    if (s < a.first_scale) continue;
    grid(tw::scale_launch(a, s), [&](unsigned x, unsigned y) { tw::vertical_item(a, s, x, y); });
    grid(tw::scale_launch(a, s), [&](unsigned x, unsigned y) { tw::statistic_item(a, s, x, y); });
  }
  grid(tw::rows_launch(a), [&](unsigned y, unsigned s) { tw::row_item(a, s, y); });
  const tw::LaunchShape total = tw::total_launch();
  replay::launch<std::uint8_t>({total.blocks_x}, {total.threads}, 0, order,
                               [&](Block<std::uint8_t>& b) { b.each([&](const Item& it) { tw::total_item(a, it.thread()); }); },
                               &out.launches);
  out.results = slot[0];
  out.canaries_intact = frame.intact() && state.intact() && tables.intact() && slot.intact();
  EXPECT_EQ(out.launches, tw::launches_per_frame(c));
  return out;
}

Replayed replay_frame(const Opts& opts, const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t>(opts, ref, dis, order)
                        : replay_frame<std::uint16_t>(opts, ref, dis, order);
}

void check_pair(const Opts& opts, const Picture& ref, const Picture& dis) {
  SCOPED_TRACE(label(opts));
  const Replayed fwd = replay_frame(opts, ref, dis, Order::Forward);
  const Replayed rev = replay_frame(opts, ref, dis, Order::Reverse);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  // The CPU extractor on the same frame.
  const OptionSet o = options_of(opts);
  fv::FloatVifExtractor e(o);
  e.init({ref.width(), ref.height(), ref.format(), ref.bpc()});
  FrameInput in;
  in.ref = &ref;
  in.dis = &dis;
  e.submit(in);
  const fv::Config c = fv::Config::from(o);
  for (unsigned s = static_cast<unsigned>(c.first_scale()); s < tw::kScales; ++s) {
    EXPECT_EQ(fbits(fwd.results.num[s]), fbits(rev.results.num[s])) << "work-items of a phase depend on each other";
    EXPECT_EQ(fbits(fwd.results.den[s]), fbits(rev.results.den[s]));
    EXPECT_EQ(fbits(fwd.results.num[s]), fbits(e.sums()[s].num)) << "scale " << s << " num " << fwd.results.num[s]
                                                                 << " cpu " << e.sums()[s].num;
    EXPECT_EQ(fbits(fwd.results.den[s]), fbits(e.sums()[s].den)) << "scale " << s << " den " << fwd.results.den[s]
                                                                 << " cpu " << e.sums()[s].den;
  }
  Recorded cpu, twin;
  e.collect(0, cpu);
  fv::ScaleSums sums[fv::kScales];
  tw::sums_of(fwd.results, sums);
  fv::emit_scores(c, sums, fv::make_feature_names(o), 0, twin);
  EXPECT_FALSE(cpu.values.empty());
  EXPECT_EQ(twin.values, cpu.values);
}

const std::vector<Opts>& option_sets() {
  static const std::vector<Opts> sets = {
      {},
      {{"debug", "true"}},
      {{"vif_enhn_gain_limit", "1.0"}, {"debug", "true"}},
      {{"vif_kernelscale", "0.5"}, {"vif_enhn_gain_limit", "1.0"}},
      {{"vif_kernelscale", "1.5"}},
      {{"vif_skip_scale0", "true"}, {"debug", "true"}},
      {{"vif_sigma_nsq", "0.7"}, {"vif_scale1_min_val", "0.9"}, {"vif_scale3_min_val", "0.5"}},
  };
  return sets;
}

TEST(FloatVifReplay, EveryOptionEveryDepth) {
  unsigned seed = 1;
  for (const Opts& opts : option_sets())
    for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
      for (unsigned bpc : {8u, 10u, 12u, 16u})
        for (Fill fill : {Fill::Random, Fill::Textured})
          replay::check_fixture(fmt, bpc, 45, 38, fill, seed++,
                                [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
}

TEST(FloatVifReplay, SmallestAndOddSizes) {
  unsigned seed = 100;
  for (const Opts& opts : option_sets())
    for (const replay::Size s : {replay::Size{32, 32}, {33, 35}, {257, 40}, {300, 33}}) {
      // kernelscale 1.5 widens every filter: its smallest picture is larger.
      if (s.w < 40 && label(opts).find("1.5") != std::string::npos) continue;
      replay::check_fixture(PixelFormat::YUV420, 8, s.w, s.h, Fill::Random, seed++,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
    }
}

TEST(FloatVifReplay, ExtremeEqualAndNarrowContent) {
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

// vif_prescale with each method, shrinking and enlarging (the scaler's tables uploaded
// with the taps).
TEST(FloatVifReplay, Prescale) {
  unsigned seed = 200;
  for (const char* method : {"nearest", "bilinear", "bicubic", "lanczos4"})
    for (const char* prescale : {"0.5", "1.5", "2.0"}) {
      const Opts opts = {{"vif_prescale", prescale}, {"vif_prescale_method", method}, {"debug", "true"}};
      replay::check_fixture(PixelFormat::YUV420, 8, 80, 72, Fill::Textured, seed++,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
      replay::check_fixture(PixelFormat::YUV420, 10, 81, 70, Fill::Random, seed++,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
    }
}

// A frame as large as video: the float sums round at every step.
TEST(FloatVifReplay, LargeTexturedFrame) {
  replay::check_fixture(PixelFormat::YUV420, 8, 640, 360, Fill::Textured, 21,
                        [&](const Picture& r, const Picture& d) { check_pair({}, r, d); });
  replay::check_fixture(PixelFormat::YUV420, 10, 480, 270, Fill::Random, 22,
                        [&](const Picture& r, const Picture& d) { check_pair({{"debug", "true"}}, r, d); });
}

// The statistic's double operations in hd::SoftF64 (the SYCL kernels') give double's bits:
// random moments around every branch, and edge values.
TEST(FloatVifReplay, StatisticInSoftF64EqualsDouble) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> mu(-128.0f, 128.0f), var(0.0f, 4000.0f), small(0.0f, 3.0f);
  const auto check = [](float m1, float m2, float xx, float yy, float xy, float gain, double nsq, float smi) {
    float n1, d1, n2, d2;
    fv::statistic_in<double>(m1, m2, xx, yy, xy, gain, nsq, smi, n1, d1);
    fv::statistic_in<hd::SoftF64>(m1, m2, xx, yy, xy, gain, hd::SoftF64::from_host_double(nsq), smi, n2, d2);
    ASSERT_EQ(fbits(n1), fbits(n2)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
    ASSERT_EQ(fbits(d1), fbits(d2)) << m1 << " " << m2 << " " << xx << " " << yy << " " << xy;
  };
  for (double nsq : {2.0, 0.7, 0.0, 5.0})
    for (float gain : {100.0f, 1.0f})
      for (int i = 0; i < 100000; ++i) {
        const float m1 = mu(rng), m2 = mu(rng);
        const bool tiny = i % 3 == 0;
        const float xx = m1 * m1 + (tiny ? small(rng) : var(rng));
        const float yy = m2 * m2 + (tiny ? small(rng) : var(rng));
        const float xy = m1 * m2 + (i % 2 ? 1.0f : -1.0f) * (tiny ? small(rng) : var(rng));
        check(m1, m2, xx, yy, xy, gain, nsq, static_cast<float>(nsq * nsq / (255.0 * 255.0)));
      }
  for (float v : {0.0f, -0.0f, 1e-30f, 1e-10f, 1.0f, 1e30f})
    check(0.0f, 0.0f, v, v, v, 100.0f, 2.0, static_cast<float>(4.0 / (255.0 * 255.0)));
}

}  // namespace
}  // namespace fastvmaf
