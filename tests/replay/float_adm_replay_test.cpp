// Host replay of the float ADM twin's kernels (src/features/float_adm/gpu/): the same
// grids, blocks and work-items (gpu/float_adm_work.hpp) on frames packed with the frame
// pipeline's layout, with the table of this CPU's rcpss (core/rcpss.hpp) that the twin
// uploads, against the CPU extractor (which takes the estimate from the instruction): every
// scale's num, den and aim_num and every value the finish writes, bit for bit. 8 to 16
// bits, the smallest size (17x17), odd sizes, random, textured, extreme, equal and narrow
// content, and the options (adm_enhn_gain_limit, the CSF modes and factors, adm_bypass_cm,
// adm_skip_scale0, adm_skip_aim_scale, adm3_apply_hm, the noise weight, debug). Work-items
// forward and reverse, canaries behind every buffer, stale scratch. adm_p_norm other than 3
// is refused with a message.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "features/float_adm/float_adm.hpp"
#include "features/float_adm/float_adm_options.hpp"
#include "features/float_adm/float_adm_params.hpp"
#include "features/float_adm/gpu/float_adm_plan.hpp"
#include "features/float_adm/gpu/float_adm_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"

namespace fastvmaf {
namespace {

namespace fa = float_adm;
namespace tw = float_adm::twin;
using replay::Fill;
using replay::Order;
using replay::Recorded;
using replay::fbits;

using replay::label;
using replay::Opts;

OptionSet options_of(const Opts& opts) { return replay::option_set("float_adm", fa::option_specs(), opts); }

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample>
Replayed replay_frame(const Opts& opts, const Picture& ref, const Picture& dis, Order order) {
  using replay::Block;
  using replay::Item;
  const fa::Config c = fa::Config::from(options_of(opts));
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  const tw::TwinPlan plan = tw::make_twin_plan(c, g);
  const gpu::FrameLayout layout(g, tw::kPlanes, sizeof(tw::Results));
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<float> state(plan.state_floats, std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<std::uint32_t> rcp(plan.rcp.size());
  for (std::size_t i = 0; i < plan.rcp.size(); ++i) rcp[i] = plan.rcp[i];
  replay::Buffer<tw::Results> slot(1, tw::Results{});
  const tw::Args a = tw::plan_args(plan, c, layout, frame.data(), state.data(), rcp.data(), slot.data());
  Replayed out;
  const auto grid = [&](const tw::LaunchShape& s, auto&& item) {
    replay::launch_rows(s, tw::kThreads, order, &out.launches, item);
  };
  for (unsigned s = 0; s < tw::kScales; ++s) {
    const unsigned rows = static_cast<unsigned>(a.sc[s].h);
    grid(tw::dwt_v_launch(a, s), [&](unsigned x, unsigned by) {
      const tw::Where w = tw::image_row(by, rows);
      tw::dwt_v_item<Sample>(a, s, w.side, x, w.y);
    });
    grid(tw::dwt_h_launch(a, s), [&](unsigned x, unsigned by) {
      const tw::Where w = tw::image_row(by, rows);
      tw::dwt_h_item(a, s, w.side, x, w.y);
    });
    if (s < a.first_scale) continue;
    grid(tw::decouple_launch(a, s), [&](unsigned x, unsigned y) { tw::decouple_item(a, s, x, y); });
    grid(tw::measure_launch(a, s), [&](unsigned x, unsigned y) { tw::measure_item(a, s, x, y); });
  }
  grid(tw::rows_launch(a), [&](unsigned y, unsigned s) { tw::row_item(a, s, y); });
  const tw::LaunchShape total = tw::total_launch();
  replay::launch<std::uint8_t>({total.blocks_x}, {total.threads}, 0, order,
                               [&](Block<std::uint8_t>& b) { b.each([&](const Item& it) { tw::total_item(a, it.thread()); }); },
                               &out.launches);
  out.results = slot[0];
  out.canaries_intact = frame.intact() && state.intact() && rcp.intact() && slot.intact();
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
  for (unsigned s = 0; s < tw::kScales; ++s)
    for (unsigned q = 0; q < tw::kSums; ++q)
      EXPECT_EQ(fbits(fwd.results.sum[s][q]), fbits(rev.results.sum[s][q]))
          << "work-items of a phase depend on each other: scale " << s << " sum " << q;
  // The CPU extractor on the same frame.
  const OptionSet o = options_of(opts);
  fa::FloatAdmExtractor e(o);
  e.init({ref.width(), ref.height(), ref.format(), ref.bpc()});
  FrameInput in;
  in.ref = &ref;
  in.dis = &dis;
  e.submit(in);
  const fa::Config c = fa::Config::from(o);
  const tw::TwinPlan plan = tw::make_twin_plan(c, {ref.width(), ref.height(), ref.format(), ref.bpc()});
  fa::ScaleSums sums[fa::kScales];
  tw::sums_of(plan, c, fwd.results, sums);
  for (unsigned s = 0; s < tw::kScales; ++s) {
    EXPECT_EQ(fbits(sums[s].num), fbits(e.sums()[s].num)) << "scale " << s << " num " << sums[s].num << " cpu "
                                                          << e.sums()[s].num;
    EXPECT_EQ(fbits(sums[s].den), fbits(e.sums()[s].den)) << "scale " << s << " den " << sums[s].den << " cpu "
                                                          << e.sums()[s].den;
    EXPECT_EQ(fbits(sums[s].aim_num), fbits(e.sums()[s].aim_num))
        << "scale " << s << " aim " << sums[s].aim_num << " cpu " << e.sums()[s].aim_num;
  }
  Recorded cpu, twin;
  e.collect(0, cpu);
  fa::emit_scores(c, sums, ref.width(), ref.height(), fa::make_feature_names(o), 0, twin);
  EXPECT_FALSE(cpu.values.empty());
  EXPECT_EQ(twin.values, cpu.values);
}

const std::vector<Opts>& option_sets() {
  static const std::vector<Opts> sets = {
      {},
      {{"debug", "true"}},
      {{"adm_enhn_gain_limit", "1.0"}, {"adm_csf_mode", "1"}},
      {{"adm_enhn_gain_limit", "1.2"}, {"adm_csf_mode", "2"}, {"adm_noise_weight", "0.1"}},
      {{"adm_bypass_cm", "1"}, {"debug", "true"}},
      {{"adm_skip_scale0", "true"}, {"adm_skip_aim_scale", "2"}, {"debug", "true"}},
      {{"adm_adm3_apply_hm", "true"}, {"adm_min_val", "0.5"}, {"adm_csf_scale", "1.3"}},
  };
  return sets;
}

TEST(FloatAdmReplay, EveryOptionEveryDepth) {
  unsigned seed = 1;
  for (const Opts& opts : option_sets())
    for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
      for (unsigned bpc : {8u, 10u, 12u, 16u})
        for (Fill fill : {Fill::Random, Fill::Textured})
          replay::check_fixture(fmt, bpc, 45, 38, fill, seed++,
                                [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
}

TEST(FloatAdmReplay, SmallestAndOddSizes) {
  unsigned seed = 100;
  for (const Opts& opts : option_sets())
    for (const replay::Size s : {replay::Size{17, 17}, {18, 21}, {33, 17}, {257, 19}, {300, 41}})
      replay::check_fixture(PixelFormat::YUV420, 8, s.w, s.h, Fill::Random, seed++,
                            [&](const Picture& r, const Picture& d) { check_pair(opts, r, d); });
}

TEST(FloatAdmReplay, ExtremeEqualAndNarrowContent) {
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

// A frame as large as video: the float sums round at every step.
TEST(FloatAdmReplay, LargeTexturedFrame) {
  replay::check_fixture(PixelFormat::YUV420, 8, 640, 360, Fill::Textured, 21,
                        [&](const Picture& r, const Picture& d) { check_pair({}, r, d); });
  replay::check_fixture(PixelFormat::YUV420, 10, 480, 270, Fill::Random, 22,
                        [&](const Picture& r, const Picture& d) { check_pair({{"debug", "true"}}, r, d); });
}

TEST(FloatAdmReplay, RefusesOtherPNorms) {
  const fa::Config c = fa::Config::from(options_of({{"adm_p_norm", "2.5"}}));
  try {
    (void)tw::make_twin_plan(c, {64, 64, PixelFormat::YUV420, 8});
    ADD_FAILURE() << "adm_p_norm=2.5 was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("adm_p_norm"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fastvmaf
