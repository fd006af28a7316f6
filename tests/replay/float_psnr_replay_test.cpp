// Host replay of the float PSNR twin's kernels (src/features/float_psnr/gpu/): the same
// grids, blocks and work-items (gpu/float_psnr_work.hpp), on frames packed with the frame
// pipeline's layout, against the CPU extractor on many fixtures: 8 to 16 bits, odd and
// edge sizes, random, extreme, equal, textured content, and at 16 bits frames whose
// squares reach 2^53 units (the literal double sum on one work-item). Work-items forward
// and reverse, canaries behind every buffer, every value bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

#include "common/float_picture.hpp"
#include "common/float_squares.hpp"
#include "features/float_psnr/float_psnr.hpp"
#include "features/float_psnr/float_psnr_options.hpp"
#include "features/float_psnr/float_psnr_params.hpp"
#include "features/float_psnr/gpu/float_psnr_plan.hpp"
#include "features/float_psnr/gpu/float_psnr_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"

namespace fastvmaf {
namespace {

namespace tw = float_psnr::twin;
using replay::Fill;
using replay::Order;

using Replayed = replay::Replayed<tw::Results>;

template <typename Sample>
Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  const gpu::FrameLayout layout(VideoGeometry{ref.width(), ref.height(), ref.format(), ref.bpc()}, tw::kPlanes);
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<tw::Results> slot(1, tw::Results{0, 0});  // zero, as the frame's upload leaves it
  const tw::Args a = tw::plan_args(layout, frame.data(), slot.data());
  Replayed out;

  // Kernel 1: float_psnr_rows.
  const tw::LaunchShape rows = tw::rows_launch(a);
  replay::launch<std::uint64_t>({rows.blocks}, {rows.threads}, tw::kThreads, order,
                                [&](replay::Block<std::uint64_t>& b) {
                                  b.each([&](const replay::Item& it) {
                                    b.shared()[it.thread()] =
                                        tw::row_share<Sample>(a, it.block_idx.x, it.thread(), it.block_dim.x);
                                  });
                                  for (unsigned half = tw::kThreads / 2; half > 0; half /= 2)
                                    b.each([&](const replay::Item& it) { tw::tree_step(b.shared(), it.thread(), half); });
                                  b.each([&](const replay::Item& it) {
                                    if (it.thread() == 0) tw::add_row(a, b.shared()[0]);
                                  });
                                },
                                &out.launches);
  // Kernel 2: float_psnr_serial (16 bits), one work-item.
  if (a.bpc == 16)
    replay::launch<std::uint64_t>({1}, {1}, 1, order, [&](replay::Block<std::uint64_t>& b) {
      b.each([&](const replay::Item&) { tw::float_psnr_serial_sum<double>(a); });
    }, &out.launches);

  out.results = slot[0];
  out.canaries_intact = frame.intact() && slot.intact();
  return out;
}

Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t>(ref, dis, order) : replay_frame<std::uint16_t>(ref, dis, order);
}

// The replayed twin against the CPU; returns the replayed slot.
tw::Results check_pair(const Picture& ref, const Picture& dis) {
  const unsigned bpc = ref.bpc(), w = ref.width(), h = ref.height();
  const Replayed fwd = replay_frame(ref, dis, Order::Forward);
  const Replayed rev = replay_frame(ref, dis, Order::Reverse);
  EXPECT_EQ(fwd.launches, tw::launches_per_frame(bpc));
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_EQ(fwd.results.units, rev.results.units) << "work-items of a phase depend on each other";
  EXPECT_EQ(fwd.results.serial_bits, rev.results.serial_bits);

  const double noise = tw::noise_of(fwd.results, bpc);
  const double cpu_noise = float_psnr::noise_sum(ref.plane(0), dis.plane(0), bpc, w, h);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(noise), std::bit_cast<std::uint64_t>(cpu_noise))
      << "twin " << noise << " cpu " << cpu_noise;
  // The twin's finish against the whole CPU extractor.
  const double score = float_psnr::psnr_score(noise, w, h, common::float_peak(bpc));
  const auto cpu = replay::cpu_values<float_psnr::FloatPsnrExtractor>("float_psnr", float_psnr::option_specs(), ref, dis);
  EXPECT_EQ(cpu.size(), 1u);
  EXPECT_EQ(cpu.at("float_psnr"), std::bit_cast<std::uint64_t>(score));
  return fwd.results;
}

TEST(FloatPsnrReplay, OddAndEdgeSizesEveryDepth) {
  replay::check_sizes_every_depth(
      {{1, 1}, {2, 3}, {17, 5}, {32, 32}, {33, 7}, {255, 3}, {256, 2}, {257, 9}, {1000, 3}},
      check_pair);
}

TEST(FloatPsnrReplay, ExtremeEqualAndNarrowContent) {
  replay::check_extreme_equal_narrow(check_pair);
}

// 16 bits, squares past 2^53 units in all: the unit count can no longer stand for
// libvmaf's double sum, and the one work-item's literal sum gives its bits. Large squares
// (multiples of 2^8 units) take the sum past 2^53 units, then 1-unit squares follow,
// which that sum rounds away: the unit count's exact value is not libvmaf's double.
TEST(FloatPsnrReplay, SixteenBitSumsPastTwoToThe53AddLiterally) {
  const unsigned w = 2048, h = 1100;
  const Picture ref = replay::stepped_picture(w, h, 1040, 65535, 1);
  const Picture dis = replay::stepped_picture(w, h, 1040, 0, 0);
  const tw::Results r = check_pair(ref, dis);
  ASSERT_GE(r.units, common::kExactSquareUnits);
  EXPECT_NE(std::bit_cast<std::uint64_t>(static_cast<double>(r.units) / 65536.0), r.serial_bits);
  EXPECT_EQ(r.serial_bits,
            std::bit_cast<std::uint64_t>(float_psnr::noise_sum_literal(ref.plane(0), dis.plane(0), 16, w, h)));
}

// The same content with rows in random order and random values past 2^53 units.
TEST(FloatPsnrReplay, SixteenBitNarrowContentPastTwoToThe53) {
  std::mt19937 rng(11);
  const Picture ref = replay::make_picture(PixelFormat::YUV420, 16, 2048, 2000, rng, Fill::Narrow, true);
  const Picture dis = replay::make_picture(PixelFormat::YUV420, 16, 2048, 2000, rng, Fill::Narrow, false);
  EXPECT_GE(check_pair(ref, dis).units, common::kExactSquareUnits);
}

// The unit count itself: each square's bits read as a multiple of 2^-16, against the
// float square times 2^16 for every 16-bit difference.
TEST(FloatPsnrReplay, SquareUnitsAreTheFloatSquares) {
  for (int k = -65535; k <= 65535; ++k) {
    const float v = static_cast<float>(k) / 256.0f;
    const float s = v * v;
    ASSERT_EQ(static_cast<double>(common::square_units(v)), static_cast<double>(s) * 65536.0) << k;
  }
}

}  // namespace
}  // namespace fastvmaf
