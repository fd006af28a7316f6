// Host replay of the PSNR-HVS twin's kernels (src/features/psnr_hvs/gpu/): the same grids,
// blocks and work-items (gpu/psnr_hvs_work.hpp), on frames packed with the frame
// pipeline's layout, against the CPU extractor: 8 to 12 bits, 4:2:0, 4:2:2 and 4:4:4,
// sizes around the 8x8 block and its 7-sample step (planes with no whole block: NaN),
// random, extreme, equal, textured and narrow content. Work-items forward and reverse,
// canaries behind every buffer, every plane sum and every value bit for bit.
#include <gtest/gtest.h>


#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "core/cpu.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_plan.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_work.hpp"
#include "features/psnr_hvs/psnr_hvs.hpp"
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"
#include "features/psnr_hvs/psnr_hvs_options.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"

namespace fastvmaf {
namespace {

namespace tw = psnr_hvs::twin;
using replay::Fill;
using replay::Order;

using Replayed = replay::Replayed<tw::Results>;

Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  const tw::TwinPlan plan = tw::make_twin_plan(g);
  const gpu::FrameLayout layout(g, tw::kPlanes);
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  // The terms buffer holds the previous frame's terms: every one is written before it is read.
  replay::Buffer<float> terms(plan.terms_floats, -7.0f);
  // And the tiles buffer the previous frame's tiles (every one is written before it is read).
  replay::Buffer<std::uint64_t> tiles(plan.tile_words, 0x5a5a5a5a5a5a5a5aull);
  replay::Buffer<tw::Results> slot(1, tw::Results{});  // zero, as the frame's upload leaves it
  const tw::Args a = tw::plan_args(plan, layout, frame.data(), terms.data(), tiles.data(), slot.data());
  Replayed out;

  // Kernel 1: psnr_hvs_terms, blockIdx.y the plane.
  const tw::LaunchShape t = tw::terms_launch(plan);
  replay::launch<int>({t.blocks_x, t.blocks_y}, {t.threads}, 0, order, [&](replay::Block<int>& b) {
    b.each([&](const replay::Item& it) {
      const unsigned block = it.block_idx.x * it.block_dim.x + it.thread_idx.x;
      if (ref.bpc() == 8)
        tw::terms_item<std::uint8_t>(a, it.block_idx.y, block);
      else
        tw::terms_item<std::uint16_t>(a, it.block_idx.y, block);
    });
  }, &out.launches);
  // The tiles' launches, a work-item per tile of each long plane sum (blockIdx.y the plane).
  const tw::LaunchShape tl = tw::tiles_launch(plan);
  for (auto item : {&tw::tile_estimate_item, &tw::tile_compose_item})
    replay::launch<int>({tl.blocks_x, tl.blocks_y}, {tl.threads}, 0, order, [&](replay::Block<int>& b) {
      b.each([&](const replay::Item& it) { item(a, it.block_idx.y, it.block_idx.x * it.block_dim.x + it.thread_idx.x); });
    }, &out.launches);
  // Kernel 2: psnr_hvs_sum, a work-group per plane, its rounds of phases between barriers
  // until the chain is done.
  const tw::LaunchShape s = tw::sum_launch();
  replay::launch<tw::SumChain::Shared>({s.blocks_x}, {s.threads}, 1, order, [&](replay::Block<tw::SumChain::Shared>& b) {
    const unsigned p = b.block_idx().x;
    tw::SumChain::Shared& sh = *b.shared();
    std::vector<tw::SumChain::Regs> regs(s.threads);  // each work-item's registers
    tw::SumChain::drive(
        sh,
        [&](unsigned ph) {
          b.each([&](const replay::Item& it) { tw::sum_item(a, p, sh, regs[it.thread()], ph, it.thread()); });
        },
        [] {});
    b.each([&](const replay::Item& it) { tw::sum_store_item(a, p, sh, it.thread()); });
  }, &out.launches);

  out.results = slot[0];
  out.canaries_intact = frame.intact() && terms.intact() && tiles.intact() && slot.intact();
  return out;
}

std::uint32_t bits(float v) { return std::bit_cast<std::uint32_t>(v); }

// The CPU's float sum of plane p's terms, in libvmaf's order, through the C block terms.
float cpu_plane_sum(const Picture& ref, const Picture& dis, int p) {
  int coefficients = 0;
  return psnr_hvs::plane_sum(ref.plane(p), dis.plane(p), ref.bpc(), p, psnr_hvs::make_dsp(cpu::Flags{0}), coefficients);
}

void check_pair(const Picture& ref, const Picture& dis) {
  const Replayed fwd = replay_frame(ref, dis, Order::Forward);
  const Replayed rev = replay_frame(ref, dis, Order::Reverse);
  EXPECT_EQ(fwd.launches, tw::kLaunchesPerFrame);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(bits(fwd.results.sum[p]), bits(rev.results.sum[p])) << "plane " << p << ": work-items depend on each other";
    EXPECT_EQ(bits(fwd.results.sum[p]), bits(cpu_plane_sum(ref, dis, p))) << "plane " << p;
  }
  // The twin's finish against the whole CPU extractor (its SIMD level's terms).
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  RecordingSink sink;
  tw::finish_frame(tw::make_twin_plan(g), fwd.results, 0, sink);
  const auto cpu = replay::cpu_values<psnr_hvs::PsnrHvsExtractor>("psnr_hvs", psnr_hvs::option_specs(), ref, dis);
  ASSERT_EQ(sink.entries().size(), cpu.size());
  for (const auto& e : sink.entries()) {
    ASSERT_TRUE(cpu.count(e.name)) << e.name;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(e.value), cpu.at(e.name)) << e.name << " twin " << e.value;
  }
}

TEST(PsnrHvsReplay, SizesAroundTheBlockEveryDepthAndFormat) {
  unsigned seed = 1;
  for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444})
    for (unsigned bpc : {8u, 10u, 12u})
      for (const replay::Size s : {replay::Size{8, 8}, {7, 30}, {15, 9}, {16, 16}, {22, 22}, {57, 23}, {130, 66}})
        for (Fill fill : {Fill::Random, Fill::Textured})
          replay::check_fixture(fmt, bpc, s.w, s.h, fill, seed++, check_pair);
}

TEST(PsnrHvsReplay, ExtremeEqualAndNarrowContent) {
  for (unsigned bpc : {8u, 10u, 12u}) {
    replay::check_fixture(PixelFormat::YUV420, bpc, 301, 11, Fill::Extremes, 7, check_pair);
    replay::check_fixture(PixelFormat::YUV422, bpc, 64, 9, Fill::Equal, 8, check_pair);
    replay::check_fixture(PixelFormat::YUV444, bpc, 129, 13, Fill::Narrow, 9, check_pair);
  }
}

// A frame of 576x324's size: enough terms (3 planes, ~5800 blocks) for a float sum whose
// rounding depends on its order.
TEST(PsnrHvsReplay, AFrameOfVideoSize) {
  replay::check_fixture(PixelFormat::YUV420, 8, 576, 324, Fill::Textured, 21, check_pair);
  replay::check_fixture(PixelFormat::YUV420, 10, 576, 324, Fill::Random, 22, check_pair);
}

// A luma plane of 910 x 910 has 129 x 129 blocks, 1 065 024 terms (hd::kChainTiledFrom and
// more): its sum goes over tiles (ADR 0213), still the CPU's float sum bit for bit; the
// chroma planes' sums take none.
TEST(PsnrHvsReplay, LongSumsTakeTiles) {
  const tw::TwinPlan plan = tw::make_twin_plan({910, 910, PixelFormat::YUV420, 8});
  ASSERT_GT(plan.tiles[0], 0u);
  EXPECT_EQ(plan.tiles[1], 0u);
  replay::check_fixture(PixelFormat::YUV420, 8, 910, 910, Fill::Textured, 23, check_pair);
}

// The plan refuses what the CPU extractor refuses, with its message.
TEST(PsnrHvsReplay, SixteenBitsAreRefusedLikeTheCpu) {
  EXPECT_THROW(tw::make_twin_plan({64, 64, PixelFormat::YUV420, 16}), std::invalid_argument);
}

}  // namespace
}  // namespace fastvmaf
