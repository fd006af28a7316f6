// Host replay of the float moment twin's kernels (src/features/float_moment/gpu/): the
// same grids, blocks and work-items (gpu/float_moment_work.hpp), on frames packed with the
// frame pipeline's layout, against the CPU extractor on many fixtures: 8 to 16 bits, odd
// and edge sizes, random, extreme, equal, textured content, and at 16 bits a frame whose
// reference's squares reach 2^53 units (its literal double sum on one work-item) while
// the distorted picture's stay below. Work-items forward and reverse, canaries behind
// every buffer, every value bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "common/float_squares.hpp"
#include "features/float_moment/float_moment.hpp"
#include "features/float_moment/float_moment_options.hpp"
#include "features/float_moment/float_moment_params.hpp"
#include "features/float_moment/gpu/float_moment_plan.hpp"
#include "features/float_moment/gpu/float_moment_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"

namespace fastvmaf {
namespace {

namespace tw = float_moment::twin;
using replay::Fill;
using replay::Order;

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample>
Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  const gpu::FrameLayout layout(VideoGeometry{ref.width(), ref.height(), ref.format(), ref.bpc()}, tw::kPlanes);
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<tw::Results> slot(1, tw::Results{});  // zero, as the frame's upload leaves it
  const tw::Args a = tw::plan_args(layout, frame.data(), slot.data());
  Replayed out;

  // Kernel 1: float_moment_rows, blocks (row, picture).
  const tw::LaunchShape rows = tw::rows_launch(a);
  replay::launch<tw::Partial>({rows.blocks_x, rows.blocks_y}, {rows.threads}, tw::kThreads, order,
                              [&](replay::Block<tw::Partial>& b) {
                                b.each([&](const replay::Item& it) {
                                  b.shared()[it.thread()] = tw::row_share<Sample>(a, it.block_idx.y, it.block_idx.x,
                                                                                  it.thread(), it.block_dim.x);
                                });
                                for (unsigned half = tw::kThreads / 2; half > 0; half /= 2)
                                  b.each([&](const replay::Item& it) { tw::tree_step(b.shared(), it.thread(), half); });
                                b.each([&](const replay::Item& it) {
                                  if (it.thread() == 0) tw::add_row(a, it.block_idx.y, b.shared()[0]);
                                });
                              },
                              &out.launches);
  // Kernel 2: float_moment_serial (16 bits), one work-item per picture.
  if (a.bpc == 16) {
    const tw::LaunchShape serial = tw::serial_launch();
    replay::launch<std::uint64_t>({serial.blocks_x}, {serial.threads}, 1, order, [&](replay::Block<std::uint64_t>& b) {
      b.each([&](const replay::Item& it) { tw::float_moment_serial_sum<double>(a, it.thread()); });
    }, &out.launches);
  }
  out.results = slot[0];
  out.canaries_intact = frame.intact() && slot.intact();
  return out;
}

Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t>(ref, dis, order) : replay_frame<std::uint16_t>(ref, dis, order);
}

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

// The replayed twin against the CPU; returns the replayed slot.
tw::Results check_pair(const Picture& ref, const Picture& dis) {
  const unsigned bpc = ref.bpc(), w = ref.width(), h = ref.height();
  const Replayed fwd = replay_frame(ref, dis, Order::Forward);
  const Replayed rev = replay_frame(ref, dis, Order::Reverse);
  EXPECT_EQ(fwd.launches, tw::launches_per_frame(bpc));
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  for (unsigned p = 0; p < tw::kPictures; ++p) {
    EXPECT_EQ(fwd.results.picture[p].sum, rev.results.picture[p].sum) << "work-items of a phase depend on each other";
    EXPECT_EQ(fwd.results.picture[p].squares, rev.results.picture[p].squares);
    EXPECT_EQ(fwd.results.picture[p].serial_bits, rev.results.picture[p].serial_bits);
  }
  // The twin's finish against the whole CPU extractor.
  const float_moment::Moments r = tw::moments_of(fwd.results.picture[0], bpc, w, h);
  const float_moment::Moments d = tw::moments_of(fwd.results.picture[1], bpc, w, h);
  const auto cpu =
      replay::cpu_values<float_moment::FloatMomentExtractor>("float_moment", float_moment::option_specs(), ref, dis);
  EXPECT_EQ(cpu.size(), 4u);
  EXPECT_EQ(cpu.at("float_moment_ref1st"), bits(r.first)) << r.first;
  EXPECT_EQ(cpu.at("float_moment_dis1st"), bits(d.first)) << d.first;
  EXPECT_EQ(cpu.at("float_moment_ref2nd"), bits(r.second)) << r.second;
  EXPECT_EQ(cpu.at("float_moment_dis2nd"), bits(d.second)) << d.second;
  return fwd.results;
}

TEST(FloatMomentReplay, OddAndEdgeSizesEveryDepth) {
  replay::check_sizes_every_depth(
      {{1, 1}, {2, 3}, {17, 5}, {32, 32}, {33, 7}, {255, 3}, {256, 2}, {257, 9}, {1000, 3}},
      check_pair);
}

TEST(FloatMomentReplay, ExtremeEqualAndNarrowContent) {
  replay::check_extreme_equal_narrow(check_pair);
}

// 16 bits: the reference's squares pass 2^53 units (large squares, multiples of 2^8
// units, then 1-unit squares that a sum that large rounds away: libvmaf's double is not
// the unit count's exact value, and the one work-item's literal sum gives its bits); the
// distorted picture's stay below.
TEST(FloatMomentReplay, SixteenBitSumsPastTwoToThe53AddLiterally) {
  const unsigned w = 2048, h = 1100;
  const Picture ref = replay::stepped_picture(w, h, 1040, 65535, 1);
  const Picture dis = replay::stepped_picture(w, h, 1040, 30000, 3);
  const tw::Results r = check_pair(ref, dis);
  ASSERT_GE(r.picture[0].squares, common::kExactSquareUnits);
  ASSERT_LT(r.picture[1].squares, common::kExactSquareUnits);
  EXPECT_NE(bits(static_cast<double>(r.picture[0].squares) / 65536.0), r.picture[0].serial_bits);
  EXPECT_EQ(r.picture[1].serial_bits, 0u);  // no literal sum where the units stand for it
}

// Random values past 2^53 units.
TEST(FloatMomentReplay, SixteenBitNarrowContentPastTwoToThe53) {
  std::mt19937 rng(12);
  const Picture ref = replay::make_picture(PixelFormat::YUV420, 16, 2048, 1200, rng, Fill::Narrow, true);
  const Picture dis = replay::make_picture(PixelFormat::YUV420, 16, 2048, 1200, rng, Fill::Narrow, false);
  EXPECT_GE(check_pair(ref, dis).picture[0].squares, common::kExactSquareUnits);
}

}  // namespace
}  // namespace fastvmaf
