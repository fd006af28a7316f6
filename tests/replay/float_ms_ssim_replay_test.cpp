// Host replay of the float MS-SSIM twin's kernels (src/features/ssim/gpu/): the same grids,
// blocks and work-items (gpu/float_ms_ssim_work.hpp, gpu/ssim_map_work.hpp) on frames packed
// with the frame pipeline's layout, against the CPU: every scale's image and four double
// sums bit for bit (the CPU's luma_to_float, decimate_lpf and SsimMap on its dispatched
// dsp), and every value the CPU extractor collects, from the twin's finish (means_of,
// ms_ssim_scores, emit_ms_ssim). Every option (enable_lcs, enable_db, clip_db), 8 to 16
// bits, the smallest frame (176x176) and odd sizes (every scale's extra sample), random,
// textured, extreme, equal, narrow and identical content. Work-items forward and reverse,
// canaries behind every buffer, stale scratch; the whole replay once more with the double
// type hd::SoftF64 (the SYCL kernels'), which must give double's bits.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/cpu.hpp"
#include "core/hd/f64.hpp"
#include "features/ssim/gpu/float_ms_ssim_plan.hpp"
#include "features/ssim/gpu/float_ms_ssim_work.hpp"
#include "features/ssim/gpu/ssim_map_plan.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/ssim/ms_ssim.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_options.hpp"
#include "float_family.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"
#include "ssim_map_sums_replay.hpp"

namespace fastvmaf {
namespace {

namespace mt = ssim::ms_twin;
namespace tw = ssim::twin;
using replay::Fill;
using replay::Order;
using replay::Recorded;

using replay::label;
using replay::Opts;

OptionSet options_of(const Opts& opts) { return replay::option_set("float_ms_ssim", ssim::ms_ssim_option_specs(), opts); }

struct Replayed {
  mt::Results results{};
  std::array<std::vector<float>, ssim::kScales> ref, dis;  // every scale's images
  unsigned launches = 0;
  bool canaries_intact = false;
};

template <typename Sample, class F>
Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  const mt::TwinPlan plan = mt::make_twin_plan(mt::Options{}, g);
  const gpu::FrameLayout layout(g, mt::kPlanes, sizeof(mt::Results));
  replay::Buffer<std::uint8_t> frame(layout.bytes());
  layout.pack(ref, dis, frame.data());
  replay::Buffer<float> state(plan.state_floats, std::bit_cast<float>(0x7fbadbadu));
  replay::Buffer<std::uint64_t> terms(plan.terms_words, 0x7ff4badbadbadbadull);
  replay::Buffer<mt::Results> slot(1, mt::Results{});
  const mt::Args a = mt::plan_args(plan, layout, frame.data(), state.data(), terms.data(), slot.data());
  Replayed out;
  const auto grid = [&](const tw::LaunchShape& s, auto&& item) {
    replay::launch_rows(s, tw::kThreads, order, &out.launches, item);
  };
  grid(mt::scale_launch(a, 0), [&](unsigned x, unsigned by) {
    const tw::Where w = tw::image_row(by, static_cast<unsigned>(a.h[0]));
    mt::load_item<Sample>(a, w.side, x, w.y);
  });
  for (unsigned s = 1; s < mt::kScaleCount; ++s)
    grid(mt::scale_launch(a, s), [&](unsigned x, unsigned by) {
      const tw::Where w = tw::image_row(by, static_cast<unsigned>(a.h[s]));
      mt::decimate_item<F>(a, s, w.side, x, w.y);
    });
  for (unsigned s = 0; s < mt::kScaleCount; ++s) {
    grid(tw::hpass_launch(a.map[s]), [&](unsigned x, unsigned y) { tw::hpass_item<F>(a.map[s], x, y); });
    grid(tw::terms_launch(a.map[s]), [&](unsigned x, unsigned y) { tw::terms_item<F>(a.map[s], x, y); });
  }
  replay::replay_map_sums<F>(a.map, mt::kScaleCount, order, &out.launches);
  out.results = slot[0];
  for (int s = 0; s < ssim::kScales; ++s) {
    const std::size_t n = static_cast<std::size_t>(a.w[s]) * a.h[s];
    out.ref[s].assign(a.img[s][0], a.img[s][0] + n);
    out.dis[s].assign(a.img[s][1], a.img[s][1] + n);
  }
  out.canaries_intact = frame.intact() && state.intact() && terms.intact() && slot.intact();
  EXPECT_EQ(out.launches, mt::kLaunchesPerFrame);
  return out;
}

template <class F>
Replayed replay_frame(const Picture& ref, const Picture& dis, Order order) {
  return ref.bpc() == 8 ? replay_frame<std::uint8_t, F>(ref, dis, order)
                        : replay_frame<std::uint16_t, F>(ref, dis, order);
}

std::vector<std::uint32_t> bits_of(const std::vector<float>& v) {
  std::vector<std::uint32_t> b(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) b[i] = std::bit_cast<std::uint32_t>(v[i]);
  return b;
}

void expect_same_results(const mt::Results& a, const mt::Results& b, const char* what) {
  for (int s = 0; s < ssim::kScales; ++s) {
    EXPECT_EQ(a.scale[s].ssim, b.scale[s].ssim) << what << " scale " << s;
    EXPECT_EQ(a.scale[s].l, b.scale[s].l) << what << " scale " << s;
    EXPECT_EQ(a.scale[s].c, b.scale[s].c) << what << " scale " << s;
    EXPECT_EQ(a.scale[s].s, b.scale[s].s) << what << " scale " << s;
  }
}

// The replay (all options share the device work) against the CPU, then each option set's
// values from the twin's finish against the CPU extractor's.
void check_pair(const std::vector<Opts>& option_sets, const Picture& ref, const Picture& dis) {
  const Replayed fwd = replay_frame<double>(ref, dis, Order::Forward);
  const Replayed rev = replay_frame<double>(ref, dis, Order::Reverse);
  const Replayed soft = replay_frame<hd::SoftF64>(ref, dis, Order::Reverse);
  EXPECT_TRUE(fwd.canaries_intact);
  EXPECT_TRUE(rev.canaries_intact);
  EXPECT_TRUE(soft.canaries_intact);
  expect_same_results(fwd.results, rev.results, "work-items of a phase depend on each other");
  expect_same_results(fwd.results, soft.results, "hd::SoftF64 differs from double");

  // The CPU's scales and sums (FloatMsSsimExtractor::submit's steps).
  const ssim::MsSsimPlan p = ssim::plan_ms_ssim(false, ref.width(), ref.height(), ref.bpc());
  ssim::SsimMap map(ssim::make_dsp(cpu::active()));
  std::array<std::vector<float>, ssim::kScales> cr, cd;
  for (int s = 0; s < ssim::kScales; ++s) {
    cr[s].resize(static_cast<std::size_t>(p.w[s]) * p.h[s]);
    cd[s].resize(cr[s].size());
  }
  ssim::luma_to_float(ref.plane(0), ref.bpc(), cr[0].data());
  ssim::luma_to_float(dis.plane(0), dis.bpc(), cd[0].data());
  for (int s = 1; s < ssim::kScales; ++s) {
    int sw = 0, sh = 0;
    ssim::decimate_lpf(cr[s - 1].data(), p.w[s - 1], p.h[s - 1], cr[s].data(), sw, sh, map.dsp());
    ssim::decimate_lpf(cd[s - 1].data(), p.w[s - 1], p.h[s - 1], cd[s].data(), sw, sh, map.dsp());
  }
  for (int s = 0; s < ssim::kScales; ++s) {
    SCOPED_TRACE(::testing::Message() << "scale " << s);
    EXPECT_EQ(bits_of(fwd.ref[s]), bits_of(cr[s]));
    EXPECT_EQ(bits_of(fwd.dis[s]), bits_of(cd[s]));
    const ssim::SsimSums cpu = map.sums(cr[s].data(), cd[s].data(), p.w[s], p.h[s]);
    const ssim::SsimSums twin = tw::sums_of(fwd.results.scale[s]);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.ssim), std::bit_cast<std::uint64_t>(cpu.ssim));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.l), std::bit_cast<std::uint64_t>(cpu.l));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.c), std::bit_cast<std::uint64_t>(cpu.c));
    EXPECT_EQ(std::bit_cast<std::uint64_t>(twin.s), std::bit_cast<std::uint64_t>(cpu.s));
  }

  const VideoGeometry g{ref.width(), ref.height(), ref.format(), ref.bpc()};
  for (const Opts& opts : option_sets) {
    SCOPED_TRACE(label(opts));
    const OptionSet o = options_of(opts);
    ssim::FloatMsSsimExtractor e(o);
    e.init(g);
    FrameInput in;
    in.ref = &ref;
    in.dis = &dis;
    in.index = 3;
    e.submit(in);
    Recorded cpu_values, twin_values;
    e.collect(3, cpu_values);
    const mt::Options mo = mt::Options::from(o);
    const mt::TwinPlan plan = mt::make_twin_plan(mo, g);
    ssim::emit_ms_ssim(mt::scores_of(plan, mo, fwd.results, 3), mo.enable_lcs, 3, twin_values);
    EXPECT_FALSE(cpu_values.values.empty());
    EXPECT_EQ(twin_values.values, cpu_values.values);
  }
}

const std::vector<Opts>& option_sets() {
  static const std::vector<Opts> sets = {
      {},
      {{"enable_lcs", "true"}},
      {{"enable_db", "true"}},
      {{"enable_db", "true"}, {"clip_db", "true"}, {"enable_lcs", "true"}},
      {{"clip_db", "true"}},
  };
  return sets;
}

TEST(FloatMsSsimReplay, EveryOptionEveryDepth) {
  unsigned seed = 1;
  for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444})
    for (unsigned bpc : {8u, 10u, 12u, 16u})
      for (Fill fill : {Fill::Random, Fill::Textured})
        replay::check_fixture(fmt, bpc, 176, 176, fill, seed++,
                              [&](const Picture& r, const Picture& d) { check_pair(option_sets(), r, d); });
}

// Odd sizes at every scale (each adds one sample), wider than tall and taller than wide.
TEST(FloatMsSsimReplay, OddSizes) {
  unsigned seed = 100;
  for (const replay::Size s : {replay::Size{177, 181}, {199, 176}, {176, 211}, {255, 190}})
    for (unsigned bpc : {8u, 12u})
      replay::check_fixture(PixelFormat::YUV420, bpc, s.w, s.h, Fill::Textured, seed++,
                            [&](const Picture& r, const Picture& d) { check_pair(option_sets(), r, d); });
}

TEST(FloatMsSsimReplay, ExtremeEqualAndNarrowContent) {
  for (unsigned bpc : {8u, 10u, 16u}) {
    replay::check_fixture(PixelFormat::YUV420, bpc, 180, 177, Fill::Extremes, 7,
                          [&](const Picture& r, const Picture& d) { check_pair(option_sets(), r, d); });
    replay::check_fixture(PixelFormat::YUV422, bpc, 180, 177, Fill::Equal, 8,
                          [&](const Picture& r, const Picture& d) { check_pair(option_sets(), r, d); });
    replay::check_fixture(PixelFormat::YUV444, bpc, 180, 177, Fill::Narrow, 9,
                          [&](const Picture& r, const Picture& d) { check_pair(option_sets(), r, d); });
  }
}

// Scale 0 of 1034 x 1034 has 1024 x 1024 window positions (hd::kChainTiledFrom):
// its four sums take tiles ("tile estimate", "tile compose", then the chains over them).
TEST(FloatMsSsimReplay, LongSumsTakeTiles) {
  ASSERT_GT(ssim::twin::map_shape(1034, 1034).tiles(), 0u);
  replay::check_fixture(PixelFormat::YUV420, 8, 1034, 1034, Fill::Textured, 41,
                        [&](const Picture& r, const Picture& d) { check_pair({option_sets().front()}, r, d); });
}

TEST(FloatMsSsimReplay, IdenticalPictures) {
  std::mt19937 rng(31);
  const Picture p = replay::make_picture(PixelFormat::YUV420, 10, 190, 180, rng, Fill::Textured, true);
  check_pair(option_sets(), p, p);
}

// The twin refuses what the CPU refuses, with the CPU's message.
TEST(FloatMsSsimReplay, RefusesWhatTheCpuRefuses) {
  const auto message = [](auto&& f) {
    try {
      f();
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  for (const auto& [w, h, bpc] : {std::tuple{175u, 200u, 8u}, std::tuple{200u, 175u, 8u}, std::tuple{200u, 200u, 9u}}) {
    const VideoGeometry g{w, h, PixelFormat::YUV420, bpc};
    const std::string cpu = message([&] {
      ssim::FloatMsSsimExtractor e(options_of({}));
      e.init(g);
    });
    EXPECT_FALSE(cpu.empty());
    EXPECT_EQ(message([&] { mt::make_twin_plan(mt::Options{}, g); }), cpu);
  }
}

}  // namespace
}  // namespace fastvmaf
