// Host replay of the CIEDE2000 twin's kernels (src/features/ciede/gpu/): the same grids,
// blocks and work-items (gpu/ciede_work.hpp, with core/hd's glibc transcriptions where
// the CPU calls the host's glibc), on frames packed with the frame pipeline's layout,
// against the CPU extractor: 8, 10, 12 and 16 bits, 4:2:0, 4:2:2 (libvmaf's chroma reads
// running on into the next row, into a row's padding, and past a one-row plane) and
// 4:4:4, random, extreme, equal, textured and narrow content. Work-items forward and
// reverse, canaries behind every buffer, the frame's double sum and its value bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include "features/ciede/ciede.hpp"
#include "features/ciede/ciede_options.hpp"
#include "features/ciede/gpu/ciede_plan.hpp"
#include "features/ciede/gpu/ciede_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "picture_samples.hpp"
#include "replay.hpp"

namespace fastvmaf {
namespace {

namespace tw = ciede::twin;
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
  replay::Buffer<tw::Results> slot(1, tw::Results{});  // zero, as the frame's upload leaves it
  const tw::Args a = tw::plan_args(plan, layout, frame.data(), terms.data(), slot.data());
  Replayed out;

  // Kernel 1: ciede_diff, a work-item per pixel.
  const tw::LaunchShape d = tw::diff_launch(plan);
  replay::launch<int>({d.blocks}, {d.threads}, 0, order, [&](replay::Block<int>& b) {
    b.each([&](const replay::Item& it) {
      const unsigned long long i = static_cast<unsigned long long>(it.block_idx.x) * it.block_dim.x + it.thread_idx.x;
      if (ref.bpc() == 8)
        tw::diff_item<std::uint8_t>(a, i);
      else
        tw::diff_item<std::uint16_t>(a, i);
    });
  }, &out.launches);
  // Kernels 2 and 3: ciede_scan and ciede_units, work-groups that reduce their
  // work-items' parts in local memory and update the slot once.
  const tw::LaunchShape r = tw::reduce_launch(plan);
  auto reduce_groups = [&]<class Part>(auto part_of, auto store) {
    replay::launch<Part>({r.blocks}, {r.threads}, r.threads, order, [&](replay::Block<Part>& b) {
      b.each([&](const replay::Item& it) {
        b.shared()[it.thread()] = part_of(it.block_idx.x * it.block_dim.x + it.thread_idx.x);
      });
      for (unsigned half = r.threads / 2; half > 0; half /= 2)
        b.each([&](const replay::Item& it) { hd::tree_absorb_step(b.shared(), it.thread(), half); });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) store(b.shared()[0]);
      });
    }, &out.launches);
  };
  reduce_groups.operator()<tw::ScanPart>([&](unsigned item) { return tw::scan_part(a, item); },
                                         [&](const tw::ScanPart& p) { tw::scan_store(a, p); });
  if (tw::units_needed(a)) {
    reduce_groups.operator()<tw::UnitsPart>([&](unsigned item) { return tw::units_part(a, item); },
                                            [&](const tw::UnitsPart& p) { tw::units_store(a, p); });
  } else {
    ++out.launches;  // launched; every work-item returns at once
  }
  // Kernel 4: ciede_sum, one work-group, its rounds of phases between barriers until the
  // chain is done.
  const tw::LaunchShape s = tw::sum_launch();
  replay::launch<tw::SumChain::Shared>({s.blocks}, {s.threads}, 1, order, [&](replay::Block<tw::SumChain::Shared>& b) {
    tw::SumChain::Shared& sh = *b.shared();
    std::vector<tw::SumChain::Regs> regs(s.threads);  // each work-item's registers
    tw::SumChain::drive(
        sh,
        [&](unsigned p) {
          b.each([&](const replay::Item& it) { tw::sum_item(a, sh, regs[it.thread()], p, it.thread()); });
        },
        [] {});
    b.each([&](const replay::Item& it) { tw::sum_store_item(a, sh, it.thread()); });
  }, &out.launches);

  out.results = slot[0];
  out.canaries_intact = frame.intact() && terms.intact() && slot.intact();
  return out;
}

std::uint64_t bits(double v) { return std::bit_cast<std::uint64_t>(v); }

// Checks the twin against the CPU; returns whether the twin's sum took the exact path.
bool check_frame(const Picture& ref, const Picture& dis) {
  const Replayed fwd = replay_frame(ref, dis, Order::Forward);
  const Replayed rev = replay_frame(ref, dis, Order::Reverse);
  EXPECT_EQ(fwd.launches, tw::kLaunchesPerFrame);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_EQ(bits(fwd.results.sum), bits(rev.results.sum)) << "work-items depend on each other";
  ciede::LabCache labs(ref.bpc());
  ciede::DifferenceCache differences;
  EXPECT_EQ(bits(fwd.results.sum), bits(ciede::sum_of_differences(ref, dis, labs, differences)))
      << "twin " << fwd.results.sum;
  // The twin's finish against the whole CPU extractor.
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  RecordingSink sink;
  tw::finish_frame(tw::make_twin_plan(g), fwd.results, 0, sink);
  const auto cpu = replay::cpu_values<ciede::CiedeExtractor>("ciede", ciede::option_specs(), ref, dis);
  EXPECT_EQ(sink.entries().size(), cpu.size());
  for (const auto& e : sink.entries()) {
    if (!cpu.count(e.name)) {
      ADD_FAILURE() << "the CPU has no " << e.name;
      continue;
    }
    EXPECT_EQ(std::bit_cast<std::uint64_t>(e.value), cpu.at(e.name)) << e.name << " twin " << e.value;
  }
  return fwd.results.inexact == 0;
}
void check_pair(const Picture& ref, const Picture& dis) { check_frame(ref, dis); }

TEST(CiedeReplay, SizesEveryDepthAndFormat) {
  unsigned seed = 1;
  for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444})
    for (unsigned bpc : {8u, 10u, 12u, 16u})
      // 100 and 37 wide: chroma rows with padding (libvmaf's 4:2:2 reads run into it);
      // one row: a 4:2:2 read past the plane.
      for (const replay::Size s : {replay::Size{8, 8}, {100, 7}, {37, 5}, {64, 1}, {130, 33}})
        for (Fill fill : {Fill::Random, Fill::Textured})
          replay::check_fixture(fmt, bpc, s.w, s.h, fill, seed++, check_pair);
}

TEST(CiedeReplay, ExtremeEqualAndNarrowContent) { replay::check_extreme_equal_narrow(check_pair); }

// A frame of 576x324's size: 186624 terms, a double sum whose rounding depends on its
// order, and enough sum steps to use both shared buffers many times.
// Their sums are exact: the twin's takes the units path.
TEST(CiedeReplay, AFrameOfVideoSize) {
  const auto exact = [](const Picture& ref, const Picture& dis) { EXPECT_TRUE(check_frame(ref, dis)); };
  replay::check_fixture(PixelFormat::YUV420, 8, 576, 324, Fill::Textured, 21, exact);
  replay::check_fixture(PixelFormat::YUV422, 10, 576, 324, Fill::Random, 22, exact);
}

// Frames of several work-groups in kernels 2 and 3 (8192 terms each): their parts meet in
// the slot's atomic updates, and the sum still takes the exact path where it holds. The
// grid's size at a few frame sizes.
TEST(CiedeReplay, SeveralWorkGroups) {
  EXPECT_EQ(tw::reduce_blocks(32, 32), 1u);
  EXPECT_EQ(tw::reduce_blocks(1920, 1080), 254u);   // 253.1 work-groups' terms
  EXPECT_EQ(tw::reduce_blocks(3840, 2160), 1013u);  // 1012.5
  EXPECT_EQ(tw::reduce_blocks(7680, 4320), tw::kMaxReduceBlocks);
  unsigned exact = 0;
  for (unsigned bpc : {8u, 10u})
    replay::check_fixture(PixelFormat::YUV420, bpc, 320, 72, Fill::Textured, 40 + bpc,
                          [&](const Picture& ref, const Picture& dis) {
                            const tw::TwinPlan plan = tw::make_twin_plan({ref.width(), ref.height(), ref.format(), ref.bpc()});
                            EXPECT_EQ(tw::reduce_launch(plan).blocks, 3u);
                            exact += check_frame(ref, dis) ? 1 : 0;
                          });
  EXPECT_GT(exact, 0u) << "no frame took the exact path across work-groups";
}

// Most frames' sums are exact (every term a multiple of the smallest term's unit and the
// total below 2^53 of them), so their order cannot show. Here it does: 16-bit samples, half
// the pixels one code value apart (differences near 0.002, units of 2^-32) among large
// differences (a total near 2^22): the sum rounds, forward and backward differ (checked),
// and the twin must give the forward one.
TEST(CiedeReplay, ASumWhoseOrderRounds) {
  const unsigned w = 320, h = 240, bpc = 16;
  std::mt19937 rng(5);
  std::uniform_int_distribution<unsigned> any(0, 65535), near(20000, 45000);
  Picture ref = Picture::allocate(PixelFormat::YUV444, bpc, w, h);
  Picture dis = Picture::allocate(PixelFormat::YUV444, bpc, w, h);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const bool close = (x + y) % 2 == 0;
      for (int p = 0; p < 3; ++p) {
        const unsigned r = near(rng);
        test::set_sample(ref.plane(p), bpc, x, y, r);
        test::set_sample(dis.plane(p), bpc, x, y, close ? r + (p == 0) : any(rng));
      }
    }
  std::vector<float> terms;
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const auto lab = [&](const Picture& pic) {
        return ciede::lab_color(test::sample_at(pic.plane(0), bpc, x, y), test::sample_at(pic.plane(1), bpc, x, y),
                                test::sample_at(pic.plane(2), bpc, x, y), bpc);
      };
      terms.push_back(ciede::ciede2000(lab(ref), lab(dis)));
    }
  double forward = 0, backward = 0;
  for (float t : terms) forward += t;
  for (auto t = terms.rbegin(); t != terms.rend(); ++t) backward += *t;
  ASSERT_NE(bits(forward), bits(backward)) << "the fixture's sum does not round";
  EXPECT_FALSE(check_frame(ref, dis)) << "a sum that rounds taken as exact";
  EXPECT_EQ(bits(replay_frame(ref, dis, Order::Forward).results.sum), bits(forward));
}

// The plan refuses what the CPU extractor refuses, with its message.
TEST(CiedeReplay, OtherDepthsAreRefusedLikeTheCpu) {
  EXPECT_THROW(tw::make_twin_plan({64, 64, PixelFormat::YUV420, 9}), std::invalid_argument);
}

}  // namespace
}  // namespace fastvmaf
