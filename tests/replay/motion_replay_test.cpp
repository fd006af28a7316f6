// Host replay of the motion twin's kernel (src/features/motion/gpu/motion_kernels.cu): the
// same grid, blocks and work-item routines (gpu/motion_work.hpp), the reference ring kept
// across frames as the twin keeps it, on frames packed with the frame pipeline's layout,
// against the CPU extractor's motion_sad on many small fixtures: 8-16 bit, odd and tiny
// sizes, the five-frame window, forward and reverse work-item order, canaries.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "features/motion/gpu/motion_plan.hpp"
#include "features/motion/gpu/motion_work.hpp"
#include "features/motion/motion.hpp"
#include "features/motion/motion_options.hpp"
#include "features/motion/motion_params.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

using motion::twin::kRowChunk;
using replay::Order;

// The twin's device state, on the host: the reference ring.
class ReplayTwin {
 public:
  ReplayTwin(const VideoGeometry& g, const motion::Params& p)
      : g_(g),
        p_(p),
        layout_(g, gpu::plane_bit(gpu::Side::Ref, 0), sizeof(motion::twin::Results)),
        frame_(layout_.upload_bytes()),
        ring_pitch_(Picture::padded_stride(g.width, g.bpc)),
        ring_(motion::twin::kRing * ring_pitch_ * g.height, 0xA5) {}

  // Frame `i`'s kernel, as enqueue() enqueues it; returns its slot.
  motion::twin::Results run(unsigned i, const Picture& ref, Order order) {
    layout_.pack(ref, ref, frame_.data());
    replay::Buffer<motion::twin::Results> slot(1, motion::twin::Results{});
    motion::twin::FrameArgs a;
    a.cur = frame_.data() + layout_.slot(gpu::Side::Ref, 0).offset;
    a.cur_pitch = layout_.slot(gpu::Side::Ref, 0).pitch;
    a.keep = ring_plane(i);
    a.prev = i >= p_.min_index() ? ring_plane(i - p_.min_index()) : nullptr;
    a.ring_pitch = ring_pitch_;
    a.w = g_.width;
    a.h = g_.height;
    a.bpc = g_.bpc;
    a.results = slot.data();
    if (g_.bpc == 8)
      kernel<std::int32_t, std::uint8_t>(a, order);
    else if (g_.bpc <= 15)
      kernel<std::int32_t, std::uint16_t>(a, order);
    else
      kernel<std::int64_t, std::uint16_t>(a, order);
    intact = intact && frame_.intact() && ring_.intact() && slot.intact();
    return slot[0];
  }

  unsigned launches = 0;
  bool intact = true;

 private:
  std::uint8_t* ring_plane(unsigned frame) {
    return ring_.data() + static_cast<std::size_t>(frame % motion::twin::kRing) * ring_pitch_ * g_.height;
  }

  template <typename Acc, typename T>
  void kernel(const motion::twin::FrameArgs& a, Order order) {
    const motion::twin::Grid g = motion::twin::grid_of(a);
    replay::launch<std::uint64_t>({g.x, g.y}, {kRowChunk}, kRowChunk, order, [&](replay::Block<std::uint64_t>& b) {
      replay::Buffer<std::int32_t> v(motion::twin::kHaloChunk, 0x5A5A5A5A);
      b.each([&](const replay::Item& it) {
        motion::twin::vertical_phase<Acc, T>(a, it.block_idx.x, it.block_idx.y, it.thread(), kRowChunk, v.data());
      });
      if (!a.prev) return;
      b.each([&](const replay::Item& it) {
        b.shared()[it.thread()] = motion::twin::horizontal_phase(a, it.block_idx.x, it.thread(), v.data());
      });
      for (unsigned half = kRowChunk / 2; half > 0; half /= 2)
        b.each([&](const replay::Item& it) { motion::twin::tree_step(b.shared(), it.thread(), half); });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) motion::twin::add_block(a, b.shared()[0]);
      });
      intact = intact && v.intact();
    }, &launches);
  }

  VideoGeometry g_;
  motion::Params p_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  std::size_t ring_pitch_;
  replay::Buffer<std::uint8_t> ring_;
};

enum class Content { Noise, Extremes, Still };

Picture make_picture(const VideoGeometry& g, std::mt19937& rng, Content content, const Picture* previous) {
  Picture p = Picture::allocate(g.format, g.bpc, g.width, g.height);
  const unsigned max = (1u << g.bpc) - 1;
  std::uniform_int_distribution<unsigned> dist(0, max);
  for (int c = 0; c < 3; ++c) {
    Plane& pl = p.plane(c);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) {
        unsigned v = dist(rng);
        if (content == Content::Extremes) v = (v & 1) ? max : 0;
        if (content == Content::Still && previous) {
          v = test::sample_at(previous->plane(c), g.bpc, x, y);
          if ((x * 7 + y * 3) % 11 == 0) v = dist(rng);  // a few pixels move
        }
        test::set_sample(pl, g.bpc, x, y, v);
      }
  }
  return p;
}

struct Fixture {
  unsigned w, h, bpc;
  Content content;
  std::vector<std::pair<std::string, std::string>> options;
};

// The CPU extractor's motion_sad of every frame, and the replayed twin's, equal as doubles.
void check(const Fixture& fx, Order order) {
  SCOPED_TRACE(::testing::Message() << fx.w << "x" << fx.h << " " << fx.bpc << "-bit"
                                    << (order == Order::Forward ? " forward" : " reverse"));
  OptionDict dict;
  for (const auto& [k, v] : fx.options) dict.set(k, v);
  const OptionSet options("motion", &motion::option_specs(), dict);
  const motion::Params p = motion::Params::from(options);
  const VideoGeometry g{fx.w, fx.h, PixelFormat::YUV420, fx.bpc};
  std::mt19937 rng(fx.w * 131 + fx.h * 7 + fx.bpc);
  std::vector<Picture> frames;
  for (unsigned i = 0; i < 5; ++i) frames.push_back(make_picture(g, rng, fx.content, i ? &frames.back() : nullptr));

  motion::MotionExtractor cpu(options);
  cpu.init(g);
  ReplayTwin twin(g, p);
  for (unsigned i = 0; i < frames.size(); ++i) {
    FrameInput in;
    in.index = i;
    in.ref = in.dis = &frames[i];
    in.prev_ref = i >= 1 ? &frames[i - 1] : nullptr;
    in.prev_prev_ref = i >= 2 ? &frames[i - 2] : nullptr;
    cpu.submit(in);
    RecordingSink want;
    cpu.collect(i, want);
    const unsigned before = twin.launches;
    const motion::twin::Results r = twin.run(i, frames[i], order);
    EXPECT_EQ(twin.launches - before, motion::twin::kLaunchesPerFrame);
    const double got = i >= p.min_index() ? motion::sad_score(r.sad, g.width, g.height, p) : 0.0;
    ASSERT_FALSE(want.entries().empty());
    const double cpu_sad = want.entries().front().value;
    EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(cpu_sad))
        << "frame " << i << ": twin " << got << " (sad " << r.sad << ") cpu " << cpu_sad;
    if (i >= p.min_index() && fx.content != Content::Still) {
      EXPECT_GT(r.sad, 0u) << "frame " << i;
    }
  }
  EXPECT_TRUE(twin.intact) << "a work-item wrote past a buffer";
}

TEST(MotionReplay, EqualsTheCpuOnEveryFixture) {
  const std::vector<Fixture> fixtures = {
      {3, 3, 8, Content::Noise, {}},
      {4, 7, 8, Content::Noise, {}},
      {5, 3, 10, Content::Noise, {}},
      {31, 17, 8, Content::Noise, {}},
      {256, 4, 8, Content::Noise, {}},  // one block exactly
      {257, 5, 12, Content::Noise, {}},  // one column into the second block
      {258, 3, 8, Content::Noise, {}},   // the second block's halo is mirrored
      {300, 9, 16, Content::Extremes, {}},
      {511, 6, 15, Content::Extremes, {}},
      {64, 36, 10, Content::Still, {}},
      {97, 33, 8, Content::Noise, {{"motion_five_frame_window", "true"}}},
      {40, 21, 16, Content::Noise, {{"motion_five_frame_window", "true"}, {"motion_fps_weight", "0.5"}}},
      {33, 18, 8, Content::Noise, {{"motion_max_val", "2.5"}, {"debug", "true"}}},
  };
  for (const auto& fx : fixtures)
    for (Order order : {Order::Forward, Order::Reverse}) check(fx, order);
}

}  // namespace
}  // namespace fastvmaf
