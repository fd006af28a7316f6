// Host replay of the PSNR twin's kernels (src/features/psnr/gpu/psnr_kernels.cu): the same
// launch plan, the same blocks, the same per-work-item routines (gpu/psnr_work.hpp), on a
// frame packed with the frame pipeline's own layout, against the CPU reference's
// plane_sse on many small fixtures.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "features/psnr/psnr.hpp"
#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

using psnr::twin::kThreads;
using replay::Order;

// The replayed twin: each plane's sum of squared errors, and the launches it took.
struct Replayed {
  std::vector<std::uint64_t> sse;
  unsigned launches = 0;
  bool canaries_intact = false;
};

template <typename Sample>
Replayed replay_sse(const Picture& ref, const Picture& dis, unsigned planes, Order order) {
  const gpu::FrameLayout layout(VideoGeometry{ref.width(), ref.height(), ref.format(), ref.bpc()},
                                psnr::twin::planes_mask(planes));
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  const psnr::twin::SsePlanes s = psnr::twin::plan_planes(layout, frame.data(), planes);
  replay::Buffer<std::uint64_t> row_sums(s.total_rows, 0xdeadbeefdeadbeefull);
  replay::Buffer<std::uint64_t> sse(s.planes, 0xdeadbeefdeadbeefull);
  Replayed out;

  // Kernel 1: row_sse.
  using Acc = typename psnr::twin::RowSum<Sample>::type;
  const psnr::twin::LaunchShape rows = psnr::twin::row_launch(s);
  replay::launch<Acc>({rows.blocks}, {rows.threads}, kThreads, order, [&](replay::Block<Acc>& b) {
    b.each([&](const replay::Item& it) {
      b.shared()[it.thread()] = psnr::twin::row_partial<Sample>(s, it.block_idx.x, it.thread(), it.block_dim.x);
    });
    for (unsigned half = kThreads / 2; half > 0; half /= 2)
      b.each([&](const replay::Item& it) { psnr::twin::tree_step(b.shared(), it.thread(), half); });
    b.each([&](const replay::Item& it) {
      if (it.thread() == 0) row_sums[it.block_idx.x] = b.shared()[0];
    });
  }, &out.launches);

  // Kernel 2: plane_sse.
  const psnr::twin::LaunchShape pl = psnr::twin::plane_launch(s);
  replay::launch<std::uint64_t>({pl.blocks}, {pl.threads}, kThreads, order, [&](replay::Block<std::uint64_t>& b) {
    b.each([&](const replay::Item& it) {
      b.shared()[it.thread()] =
          psnr::twin::plane_partial(s, row_sums.data(), it.block_idx.x, it.thread(), it.block_dim.x);
    });
    for (unsigned half = kThreads / 2; half > 0; half /= 2)
      b.each([&](const replay::Item& it) { psnr::twin::tree_step(b.shared(), it.thread(), half); });
    b.each([&](const replay::Item& it) {
      if (it.thread() == 0) sse[it.block_idx.x] = b.shared()[0];
    });
  }, &out.launches);

  out.sse.assign(sse.data(), sse.data() + s.planes);
  out.canaries_intact = frame.intact() && row_sums.intact() && sse.intact();
  return out;
}

enum class Fill { Random, Extremes, Equal };

Picture make_picture(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, std::mt19937& rng, Fill fill,
                     bool is_ref) {
  Picture p = Picture::allocate(fmt, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  std::uniform_int_distribution<unsigned> dist(0, max);
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.plane(i);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) {
        unsigned v = 0;
        switch (fill) {
          case Fill::Random: v = dist(rng); break;
          case Fill::Extremes: v = is_ref ? max : 0; break;
          case Fill::Equal: v = (x * 7 + y * 3) & max; break;
        }
        test::set_sample(pl, bpc, x, y, v);
      }
  }
  return p;
}

void check_fixture(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, Fill fill, unsigned seed) {
  SCOPED_TRACE(::testing::Message() << to_string(fmt) << " " << bpc << "-bit " << w << "x" << h << " fill "
                                    << static_cast<int>(fill) << " seed " << seed);
  std::mt19937 rng(seed);
  const Picture ref = make_picture(fmt, bpc, w, h, rng, fill, true);
  const Picture dis = make_picture(fmt, bpc, w, h, rng, fill, false);
  for (unsigned planes : {1u, 3u}) {
    const Replayed fwd = bpc == 8 ? replay_sse<std::uint8_t>(ref, dis, planes, Order::Forward)
                                  : replay_sse<std::uint16_t>(ref, dis, planes, Order::Forward);
    const Replayed rev = bpc == 8 ? replay_sse<std::uint8_t>(ref, dis, planes, Order::Reverse)
                                  : replay_sse<std::uint16_t>(ref, dis, planes, Order::Reverse);
    EXPECT_EQ(fwd.launches, psnr::twin::kLaunchesPerFrame);
    EXPECT_TRUE(fwd.canaries_intact);
    EXPECT_TRUE(rev.canaries_intact);
    EXPECT_EQ(fwd.sse, rev.sse) << "work-items of a phase depend on each other";
    ASSERT_EQ(fwd.sse.size(), planes);
    for (unsigned p = 0; p < planes; ++p)
      EXPECT_EQ(fwd.sse[p], psnr::plane_sse(ref.plane(static_cast<int>(p)), dis.plane(static_cast<int>(p)), bpc))
          << "plane " << p;
  }
}

TEST(PsnrReplay, OddAndEdgeSizesEveryFormatAndDepth) {
  const unsigned sizes[][2] = {{1, 1},   {2, 3},   {17, 5},  {32, 32}, {33, 7},
                               {255, 3}, {256, 2}, {257, 9}, {513, 4}, {1000, 3}};
  unsigned seed = 1;
  for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444})
    for (unsigned bpc : {8u, 10u, 12u, 16u})
      for (const auto& wh : sizes) check_fixture(fmt, bpc, wh[0], wh[1], Fill::Random, seed++);
}

TEST(PsnrReplay, ExtremeAndEqualContent) {
  for (unsigned bpc : {8u, 10u, 16u}) {
    check_fixture(PixelFormat::YUV420, bpc, 301, 11, Fill::Extremes, 7);
    check_fixture(PixelFormat::YUV444, bpc, 64, 9, Fill::Equal, 8);
  }
}

// 8-bit rows wider than 66051 samples overflow libvmaf's uint32 row sum: the twin's
// uint32 reduction wraps the same way.
TEST(PsnrReplay, EightBitRowSumWrapsLikeTheCpu) {
  const unsigned w = 70001, h = 2;
  std::mt19937 rng(3);
  const Picture ref = make_picture(PixelFormat::YUV444, 8, w, h, rng, Fill::Extremes, true);
  const Picture dis = make_picture(PixelFormat::YUV444, 8, w, h, rng, Fill::Extremes, false);
  const Replayed r = replay_sse<std::uint8_t>(ref, dis, 1, Order::Forward);
  const std::uint64_t exact = std::uint64_t{w} * h * 255 * 255;
  const std::uint64_t wrapped = h * ((std::uint64_t{w} * 255 * 255) & 0xffffffffu);
  ASSERT_EQ(r.sse.size(), 1u);
  EXPECT_NE(wrapped, exact);
  EXPECT_EQ(r.sse[0], wrapped);
  EXPECT_EQ(r.sse[0], psnr::plane_sse(ref.plane(0), dis.plane(0), 8));
}

// The framework itself can fail: a write past a buffer, and a phase whose work-items
// read what others write without a barrier.
TEST(ReplayFramework, CanaryCatchesAnOverrun) {
  replay::Buffer<std::uint32_t> b(5);
  EXPECT_TRUE(b.intact());
  b.data()[5] = 1;  // the padding of the last word
  EXPECT_FALSE(b.intact());
  replay::Buffer<std::uint64_t> c(3);
  c.data()[-1] = 0;
  EXPECT_FALSE(c.intact());
  EXPECT_THROW(replay::launch<std::uint32_t>({1}, {4}, 4, Order::Forward,
                                             [](replay::Block<std::uint32_t>& blk) {
                                               blk.each([&](const replay::Item& it) { blk.shared()[it.thread() + 1] = 0; });
                                             }),
               std::logic_error);
}

TEST(ReplayFramework, OrderExposesAMissingBarrier) {
  auto run = [](Order order) {
    std::uint32_t out = 0;
    replay::launch<std::uint32_t>({1}, {8}, 8, order, [&](replay::Block<std::uint32_t>& b) {
      b.each([&](const replay::Item& it) { b.shared()[it.thread()] = it.thread() + 1; });
      // Missing barrier: each work-item adds its neighbour's value, which that neighbour
      // rewrites in the same phase.
      b.each([&](const replay::Item& it) {
        const unsigned t = it.thread();
        if (t + 1 < 8) b.shared()[t] += b.shared()[t + 1];
      });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) out = b.shared()[0];
      });
    });
    return out;
  };
  EXPECT_NE(run(Order::Forward), run(Order::Reverse));
}

}  // namespace
}  // namespace fastvmaf
