// Host replay of the float ANSNR twin's kernels (src/features/float_ansnr/gpu/): the same
// grids, blocks and work-items (gpu/float_ansnr_work.hpp), on frames packed with the frame
// pipeline's layout, against the CPU extractor on many fixtures: 8 to 16 bits, the
// smallest size (3x3), odd sizes and sizes around the block width, random, extreme,
// equal, textured and narrow content. Work-items forward and reverse, canaries behind
// every buffer; the float sums and both values bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "common/float_picture.hpp"
#include "features/float_ansnr/float_ansnr.hpp"
#include "features/float_ansnr/float_ansnr_options.hpp"
#include "features/float_ansnr/float_ansnr_params.hpp"
#include "features/float_ansnr/gpu/float_ansnr_plan.hpp"
#include "features/float_ansnr/gpu/float_ansnr_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"

namespace fastvmaf {
namespace {

namespace tw = float_ansnr::twin;
using replay::Fill;
using replay::Order;
using replay::fbits;

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample>
Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  const gpu::FrameLayout layout(VideoGeometry{ref.width(), ref.height(), ref.format(), ref.bpc()}, tw::kPlanes);
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  // Stale scratch from an earlier frame: every float the kernels read was written first.
  replay::Buffer<float> scratch(tw::scratch_floats(ref.width(), ref.height()), std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<tw::Results> slot(1, tw::Results{0, 0});
  const tw::Args a = tw::plan_args(layout, frame.data(), scratch.data(), slot.data());
  Replayed out;

  const tw::LaunchShape terms = tw::terms_launch(a), rows = tw::rows_launch(a), total = tw::total_launch();
  replay::launch_rows(terms, tw::kThreads, order, &out.launches,
                      [&](unsigned x, unsigned y) { tw::terms_item<Sample>(a, x, y); });
  replay::launch_rows(rows, tw::kThreads, order, &out.launches, [&](unsigned x, unsigned) { tw::row_item(a, x); });
  replay::launch<std::uint8_t>({total.blocks_x}, {total.threads}, 0, order,
                               [&](replay::Block<std::uint8_t>& b) { b.each([&](const replay::Item&) { tw::total_item(a); }); },
                               &out.launches);
  out.results = slot[0];
  out.canaries_intact = frame.intact() && scratch.intact() && slot.intact();
  return out;
}

Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t>(ref, dis, order) : replay_frame<std::uint16_t>(ref, dis, order);
}

void check_pair(const Picture& ref, const Picture& dis) {
  const unsigned bpc = ref.bpc(), w = ref.width(), h = ref.height();
  const Replayed fwd = replay_frame(ref, dis, Order::Forward);
  const Replayed rev = replay_frame(ref, dis, Order::Reverse);
  EXPECT_EQ(fwd.launches, tw::kLaunchesPerFrame);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_EQ(fbits(fwd.results.signal), fbits(rev.results.signal)) << "work-items of a phase depend on each other";
  EXPECT_EQ(fbits(fwd.results.noise), fbits(rev.results.noise));

  // The sums against the CPU's.
  common::FloatImage rf, df;
  common::convert_plane(ref.plane(0), bpc, -128, w, h, rf);
  common::convert_plane(dis.plane(0), bpc, -128, w, h, df);
  const float_ansnr::SignalNoise cpu_sums = float_ansnr::signal_noise(rf, df);
  EXPECT_EQ(fbits(fwd.results.signal), fbits(cpu_sums.signal)) << fwd.results.signal << " " << cpu_sums.signal;
  EXPECT_EQ(fbits(fwd.results.noise), fbits(cpu_sums.noise)) << fwd.results.noise << " " << cpu_sums.noise;
  // The twin's finish against the whole CPU extractor.
  const float_ansnr::Scores s = float_ansnr::scores(tw::signal_noise_of(fwd.results), w, h, common::float_peak(bpc));
  const auto cpu =
      replay::cpu_values<float_ansnr::FloatAnsnrExtractor>("float_ansnr", float_ansnr::option_specs(), ref, dis);
  EXPECT_EQ(cpu.size(), 2u);
  EXPECT_EQ(cpu.at("float_ansnr"), std::bit_cast<std::uint64_t>(s.ansnr)) << s.ansnr;
  EXPECT_EQ(cpu.at("float_anpsnr"), std::bit_cast<std::uint64_t>(s.anpsnr)) << s.anpsnr;
}

TEST(FloatAnsnrReplay, OddAndEdgeSizesEveryDepth) {
  replay::check_sizes_every_depth(
      {{3, 3}, {4, 3}, {3, 7}, {5, 5}, {17, 6}, {32, 32}, {255, 3}, {256, 4}, {257, 9}, {600, 5}},
      check_pair);
}

TEST(FloatAnsnrReplay, ExtremeEqualAndNarrowContent) {
  // The equal pictures have no noise: psnr_max.
  replay::check_extreme_equal_narrow(check_pair);
}

// A frame as large as video: long rows and many of them, where the float sums round
// at every step (the order of each addition shows).
TEST(FloatAnsnrReplay, LargeTexturedFrame) {
  replay::check_fixture(PixelFormat::YUV420, 8, 1280, 360, Fill::Textured, 21, check_pair);
  replay::check_fixture(PixelFormat::YUV420, 10, 960, 270, Fill::Random, 22, check_pair);
}

}  // namespace
}  // namespace fastvmaf
