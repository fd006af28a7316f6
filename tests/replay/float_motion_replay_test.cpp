// Host replay of the float motion twin's kernels (src/features/float_motion/gpu/): the same
// grids, blocks and work-items (gpu/float_motion_work.hpp) on frames packed with the frame
// pipeline's layout, the device state (the ring of blurs and halvings) carried from frame
// to frame as on the device, and the twin's finish (twin::finish_frame), against the CPU
// extractor over whole sequences: every value it appends (motion, motion2, motion3, with
// their indices, in order) and flushes, bit for bit, and its segment carry. 8 to 16 bits,
// 4:2:0 / 4:2:2 / 4:4:4, the smallest sizes each filter takes, odd sizes, random, textured
// and still content, and every option (motion_add_uv, motion_add_scale1, the three
// filter sizes, force_zero, debug, the weights, blend and clip). Work-items forward and
// reverse, canaries behind every buffer.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "features/float_motion/float_motion.hpp"
#include "features/float_motion/float_motion_options.hpp"
#include "features/float_motion/float_motion_params.hpp"
#include "features/float_motion/gpu/float_motion_plan.hpp"
#include "features/float_motion/gpu/float_motion_work.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"

namespace fastvmaf {
namespace {

namespace fm = float_motion;
namespace tw = float_motion::twin;
using replay::Fill;
using replay::Order;

struct Value {
  std::string name;
  unsigned index;
  std::uint64_t bits;
  bool operator==(const Value&) const = default;
};
std::ostream& operator<<(std::ostream& o, const Value& v) {
  return o << v.name << "[" << v.index << "]=" << std::bit_cast<double>(v.bits);
}

struct Outcome {
  std::vector<Value> values;  // what frames from `scored_from` on append, in order
  std::vector<Value> flushed;
  std::vector<std::uint64_t> carry;
  unsigned launches = 0;
  bool canaries_intact = true;
};

// Options as key = value pairs.
using replay::label;
using replay::Opts;

OptionSet options_of(const Opts& opts) { return replay::option_set("float_motion", fm::option_specs(), opts); }

bool has_option(const Opts& opts, const std::string& key) {
  for (const auto& [k, v] : opts)
    if (k == key) return true;
  return false;
}

void keep(std::vector<Value>& out, const std::string& name, unsigned index, double v) {
  out.push_back({name, index, std::bit_cast<std::uint64_t>(v)});
}

struct ValueSink final : FeatureSink {
  std::vector<Value>* out = nullptr;
  void append(const std::string& name, unsigned index, double v) override { keep(*out, name, index, v); }
  void aggregate(const std::string&, double) override {}
};

std::vector<Value> flushed_values(const FeatureCollector& c) {
  std::vector<Value> out;
  for (const auto& series : c.series())
    for (unsigned i = 0; i < series.values.size(); ++i)
      if (series.has(i)) keep(out, series.name, i, series.values[i]);
  return out;
}

// The CPU extractor over frames first .. first + n - 1 (a fresh instance: the first
// frames are a segment's warm-up when first > 0).
Outcome run_cpu(const Opts& opts, const std::vector<Picture>& refs, unsigned first, unsigned scored_from) {
  fm::FloatMotionExtractor e(options_of(opts));
  const Picture& p0 = refs.front();
  e.init({p0.width(), p0.height(), p0.format(), p0.bpc()});
  Outcome out;
  for (unsigned k = 0; k < refs.size(); ++k) {
    FrameInput in;
    in.index = first + k;
    in.ref = &refs[k];
    in.dis = &refs[k];
    e.submit(in);
    std::vector<Value> vals;
    ValueSink sink;
    sink.out = &vals;
    e.collect(in.index, sink);
    if (in.index >= scored_from) out.values.insert(out.values.end(), vals.begin(), vals.end());
  }
  out.carry = e.carry();
  FeatureCollector c;
  e.flush(c);
  out.flushed = flushed_values(c);
  return out;
}

template <typename Sample>
void replay_frame(const tw::Args& a, unsigned frame, Order order, unsigned& launches) {
  const tw::LaunchShape filter = tw::filter_launch(a);
  replay::launch_rows(filter, tw::kThreads, order, &launches, [&](unsigned x, unsigned by) {
    const tw::Where w = tw::plane_row(by, a.plane[0].h);
    tw::vertical_item<Sample>(a, w.c, x, w.y);
  });
  replay::launch_rows(filter, tw::kThreads, order, &launches, [&](unsigned x, unsigned by) {
    const tw::Where w = tw::plane_row(by, a.plane[0].h);
    tw::horizontal_item(a, w.c, x, w.y);
  });
  if (a.scale1)
    replay::launch_rows(tw::scale_launch(a), tw::kThreads, order, &launches, [&](unsigned x, unsigned by) {
      const tw::Where w = tw::plane_row(by, a.plane[0].sh);
      tw::scale_item(a, w.c, x, w.y);
    });
  if (frame == 0) return;
  const tw::LaunchShape rows = tw::rows_launch(a), total = tw::total_launch(a);
  replay::launch_rows(rows, tw::kThreads, order, &launches, [&](unsigned x, unsigned by) {
    const tw::Where w = tw::plane_row(by, 2);
    tw::row_item(a, w.c, w.y, x);
  });
  replay::launch<std::uint8_t>({total.blocks_x, total.blocks_y}, {total.threads}, 0, order,
                               [&](replay::Block<std::uint8_t>& b) {
                                 b.each([&](const replay::Item& it) {
                                   const tw::Where w = tw::plane_row(it.thread(), 2);
                                   tw::total_item(a, w.c, w.y);
                                 });
                               },
                               &launches);
}

// The twin over the same frames: its plan, one state buffer kept from frame to frame (stale
// words in it at first, as a fresh device allocation or a previous segment leaves them),
// the kernels replayed, and its finish.
Outcome run_twin(const Opts& opts, const std::vector<Picture>& refs, unsigned first, unsigned scored_from,
                 Order order) {
  const OptionSet o = options_of(opts);
  const fm::Params p = fm::Params::from(o);
  const fm::FeatureNames names = fm::make_feature_names(o);
  const Picture& p0 = refs.front();
  const VideoGeometry g{p0.width(), p0.height(), p0.format(), p0.bpc()};
  const tw::Plan plan = tw::make_plan(g, p);
  const gpu::FrameLayout layout(g, tw::planes_of(p), sizeof(tw::Results));
  replay::Buffer<float> state(plan.state_floats, std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<std::uint32_t> tables(plan.tables.size());
  for (std::size_t i = 0; i < plan.tables.size(); ++i) tables[i] = plan.tables[i];
  fm::Series series;
  Outcome out;
  for (unsigned k = 0; k < refs.size(); ++k) {
    const unsigned i = first + k;
    replay::Buffer<tw::Results> slot(1, tw::Results{});  // the results block is zero at the frame's start
    if (!p.force_zero) {
      replay::Buffer<std::uint8_t> frame(layout.bytes());
      layout.pack(refs[k], refs[k], frame.data());
      const tw::Args a = tw::plan_args(plan, layout, frame.data(), state.data(), tables.data(), i, slot.data());
      unsigned launches = 0;
      if (p0.bpc() == 8)
        replay_frame<std::uint8_t>(a, i, order, launches);
      else
        replay_frame<std::uint16_t>(a, i, order, launches);
      EXPECT_EQ(launches, tw::launches_of(p, i));
      out.launches += launches;
      out.canaries_intact = out.canaries_intact && frame.intact();
    }
    std::vector<fm::Series::Entry> entries;
    tw::finish_frame(plan, p, names, series, i, slot[0], entries);
    if (i >= scored_from)
      for (const auto& e : entries) keep(out.values, *e.name, e.index, e.value);
    out.canaries_intact = out.canaries_intact && slot.intact();
  }
  out.canaries_intact = out.canaries_intact && state.intact() && tables.intact();
  out.carry = series.carry();
  FeatureCollector c;
  series.flush(c, p, names);
  out.flushed = flushed_values(c);
  return out;
}

// `n` reference pictures of one format, depth and size; `fill` picks their content
// (Equal: the same picture every frame, so every score is 0).
std::vector<Picture> sequence(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, Fill fill, unsigned n,
                              unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<Picture> out;
  for (unsigned k = 0; k < n; ++k) {
    std::mt19937 frame_rng = fill == Fill::Equal ? std::mt19937(seed) : std::mt19937(rng());
    out.push_back(replay::make_picture(fmt, bpc, w, h, frame_rng, fill, true));
  }
  return out;
}

void check_sequence(const Opts& opts, const std::vector<Picture>& refs, unsigned first = 0,
                    unsigned scored_from = 0) {
  const Outcome cpu = run_cpu(opts, refs, first, scored_from);
  const Outcome fwd = run_twin(opts, refs, first, scored_from, Order::Forward);
  const Outcome rev = run_twin(opts, refs, first, scored_from, Order::Reverse);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_EQ(fwd.values, rev.values) << "work-items of a phase depend on each other";
  EXPECT_FALSE(cpu.values.empty());
  EXPECT_EQ(fwd.values, cpu.values);
  EXPECT_EQ(fwd.flushed, cpu.flushed);
  EXPECT_EQ(fwd.carry, cpu.carry);
}

const std::vector<Opts>& option_sets() {
  static const std::vector<Opts> sets = {
      {},
      {{"motion_add_uv", "true"}},
      {{"motion_add_scale1", "true"}},
      {{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}},
      {{"motion_filter_size", "3"}},
      {{"motion_filter_size", "1"}},
      {{"motion_filter_size", "7"}, {"debug", "false"}},
      {{"motion_fps_weight", "2.5"}, {"motion_blend_factor", "0.3"}, {"motion_blend_offset", "0.5"}},
      {{"motion_max_val", "0.75"}, {"motion_fps_weight", "5"}},
      {{"motion_force_zero", "true"}},
  };
  return sets;
}

TEST(FloatMotionReplay, EveryOptionEveryDepth) {
  unsigned seed = 1;
  for (const Opts& opts : option_sets()) {
    SCOPED_TRACE(label(opts));
    for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
      for (unsigned bpc : {8u, 10u, 12u, 16u}) {
        SCOPED_TRACE(::testing::Message() << to_string(fmt) << " " << bpc << "-bit");
        check_sequence(opts, sequence(fmt, bpc, 37, 21, Fill::Random, 5, seed++));
        check_sequence(opts, sequence(fmt, bpc, 64, 30, Fill::Textured, 4, seed++));
      }
  }
}

TEST(FloatMotionReplay, SmallestAndOddSizes) {
  unsigned seed = 100;
  for (const Opts& opts : option_sets())
    for (const replay::Size s : {replay::Size{3, 3}, {6, 6}, {5, 9}, {255, 3}, {257, 7}, {513, 4}}) {
      SCOPED_TRACE(::testing::Message() << label(opts) << s.w << "x" << s.h);
      const bool uv = has_option(opts, "motion_add_uv");
      // The chroma planes of 4:2:0 at the smallest sizes are below the blur's smallest side.
      const PixelFormat fmt = uv ? PixelFormat::YUV444 : PixelFormat::YUV420;
      check_sequence(opts, sequence(fmt, 8, s.w, s.h, Fill::Random, 3, seed++));
      check_sequence(opts, sequence(PixelFormat::YUV422, 10, s.w * 2 + 1, s.h, Fill::Textured, 3, seed++));
    }
}

TEST(FloatMotionReplay, StillAndExtremeContent) {
  for (const Opts& opts : option_sets()) {
    SCOPED_TRACE(label(opts));
    check_sequence(opts, sequence(PixelFormat::YUV420, 8, 40, 12, Fill::Equal, 4, 3));
    check_sequence(opts, sequence(PixelFormat::YUV444, 16, 33, 17, Fill::Extremes, 3, 4));
    check_sequence(opts, sequence(PixelFormat::YUV422, 12, 48, 10, Fill::Narrow, 4, 5));
  }
}

// A segment that starts at frame 7: frames 5 and 6 are its warm-up (history 2), and one
// that starts at frame 1 (frame 0 its warm-up); the values its own frames append, its
// flush and its carry are the CPU's.
TEST(FloatMotionReplay, SegmentWithWarmUp) {
  for (const Opts& opts : option_sets()) {
    SCOPED_TRACE(label(opts));
    check_sequence(opts, sequence(PixelFormat::YUV420, 8, 50, 22, Fill::Random, 6, 9), 5, 7);
    check_sequence(opts, sequence(PixelFormat::YUV420, 10, 50, 22, Fill::Textured, 3, 10), 0, 1);
  }
}

// Video-sized frames, where every float sum rounds at every step (the order of each
// addition shows).
TEST(FloatMotionReplay, LargeTexturedFrames) {
  check_sequence({}, sequence(PixelFormat::YUV420, 8, 1280, 360, Fill::Textured, 3, 21));
  check_sequence(Opts{{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}},
                 sequence(PixelFormat::YUV420, 10, 960, 270, Fill::Random, 3, 22));
}

}  // namespace
}  // namespace fastvmaf
