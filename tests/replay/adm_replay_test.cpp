// Host replay of the ADM twin's kernels (src/features/adm/gpu/adm_kernels.cu): the same
// plan (gpu/adm_plan.hpp), five stages, blocks and work-item routines (gpu/adm_work.hpp),
// on frames packed with the frame pipeline's layout, the twin's buffers filled with
// garbage first and kept across frames as the twin keeps them, against the CPU reference:
// every scale's integer totals equal AdmCpu's, and every output (adm2, aim, adm3, the
// scales, the debug numerators and denominators) equals the CPU extractor's as a double.
// Fixtures: 8-16 bit, 4:2:0 / 4:2:2 / 4:4:4, sizes from the 17x17 minimum (the scale-3
// reads before libvmaf's buffers) to rows wider than a block, every CSF mode, gain limits
// 1 / 1.2 / 1.37 / 100, AIM and scale 0 skipped, other displays, noise weight 0 on flat
// content; work-items forward and reverse, blocks forward and reverse; canaries behind
// every buffer.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "features/adm/adm.hpp"
#include "features/adm/adm_cpu.hpp"
#include "features/adm/adm_options.hpp"
#include "features/adm/adm_outputs.hpp"
#include "features/adm/gpu/adm_plan.hpp"
#include "features/adm/gpu/adm_work.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "replay_options.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

namespace tw = adm::twin;
using replay::Order;

// The twin's device state, on the host.
class ReplayTwin {
 public:
  ReplayTwin(const adm::AdmConfig& cfg, const VideoGeometry& g)
      : g_(g),
        plan_(tw::make_plan(cfg, g.width, g.height, g.bpc)),
        layout_(g, gpu::kLuma, sizeof(tw::Results)),
        frame_(layout_.upload_bytes()),
        a_{{replay::Buffer<std::int32_t>(plan_.a_elems[0], 0x5A5A5A5A), replay::Buffer<std::int32_t>(plan_.a_elems[0], 0x5A5A5A5A)},
           {replay::Buffer<std::int32_t>(plan_.a_elems[1], 0x5A5A5A5A), replay::Buffer<std::int32_t>(plan_.a_elems[1], 0x5A5A5A5A)}},
        mask_{replay::Buffer<std::int32_t>(tw::kMaskPlanes * plan_.mask_elems[0], -0x3C3C3C3D),
              replay::Buffer<std::int32_t>(tw::kMaskPlanes * plan_.mask_elems[1], -0x3C3C3C3D)},
        leftover_(plan_.leftover_elems, std::int16_t{-12345}),
        div_(adm::kDivLookupSize) {
    std::memcpy(div_.data(), adm::div_lookup(), sizeof(std::int32_t) * adm::kDivLookupSize);
    for (int k = 0; k < 2; ++k) {
      for (int pic = 0; pic < 2; ++pic) buffers_.a[k][pic] = a_[k][pic].data();
      buffers_.mask[k] = mask_[k].data();
    }
    buffers_.leftover = plan_.leftover_elems ? leftover_.data() : nullptr;
    buffers_.div_lookup = div_.data();
  }

  const tw::Plan& plan() const { return plan_; }

  // One frame's five launches, as enqueue() enqueues them; returns the slot.
  tw::Results run(const Picture& ref, const Picture& dis, Order order, bool reverse_blocks) {
    layout_.pack(ref, dis, frame_.data());
    replay::Buffer<tw::Results> slot(1, tw::Results{});
    tw::FrameInput in;
    for (gpu::Side side : {gpu::Side::Ref, gpu::Side::Dis}) {
      const int pic = side == gpu::Side::Ref ? 0 : 1;
      in.luma[pic] = frame_.data() + layout_.slot(side, 0).offset;
      in.pitch[pic] = layout_.slot(side, 0).pitch;
    }
    in.results = slot.data();
    for (int stage = 0; stage < tw::kStages; ++stage) {
      const tw::StageArgs a = tw::stage_args(plan_, buffers_, in, stage);
      launch(a, stage, order, reverse_blocks);
    }
    intact = intact && frame_.intact() && slot.intact() && leftover_.intact() && div_.intact();
    for (int k = 0; k < 2; ++k) intact = intact && a_[k][0].intact() && a_[k][1].intact() && mask_[k].intact();
    return slot[0];
  }

  unsigned launches = 0;
  bool intact = true;

 private:
  using Regs = std::vector<std::array<std::uint64_t, tw::kPartials>>;  // each work-item's registers

  // The kernel's reduce_row: partials into shared memory, the tree, work-item 0 finishes.
  template <typename Finish>
  void reduce_row(replay::Block<std::uint64_t>& b, const Regs& regs, int count, Finish finish) {
    b.each([&](const replay::Item& it) {
      for (int k = 0; k < count; ++k) b.shared()[k * tw::kThreads + it.thread()] = regs[it.thread()][k];
    });
    for (unsigned half = tw::kThreads / 2; half > 0; half /= 2)
      b.each([&](const replay::Item& it) { tw::reduce_step(b.shared(), count, it.thread(), half); });
    b.each([&](const replay::Item& it) {
      if (it.thread() != 0) return;
      std::uint64_t total[tw::kPartials];
      for (int k = 0; k < count; ++k) total[k] = b.shared()[k * tw::kThreads];
      finish(total);
    });
  }

  void band_block(const tw::StageArgs& a, int stage, unsigned x, replay::Block<std::uint64_t>& b) {
    const int row = a.band_row0 + static_cast<int>(x);
    Regs regs(tw::kThreads);
    b.each([&](const replay::Item& it) {
      std::uint64_t den[3] = {0, 0, 0};
      if (stage == 0) {
        if (g_.bpc == 8)
          tw::band_item0<std::uint8_t>(a, row, it.thread(), tw::kThreads, den);
        else
          tw::band_item0<std::uint16_t>(a, row, it.thread(), tw::kThreads, den);
      } else {
        tw::band_item123(a, row, it.thread(), tw::kThreads, den);
      }
      std::copy(den, den + 3, regs[it.thread()].begin());
    });
    if (!tw::measured_row(a.band, row)) return;
    reduce_row(b, regs, 3, [&](const std::uint64_t* s) { tw::finish_band_row(a, s); });
  }

  void measure_block(const tw::StageArgs& a, unsigned m, replay::Block<std::uint64_t>& b) {
    const int row = a.meas.measure_top + static_cast<int>(m);
    Regs regs(tw::kThreads);
    b.each([&](const replay::Item& it) {
      std::int64_t acc[tw::kPartials] = {0, 0, 0, 0, 0, 0};
      tw::measure_item(a, row, it.thread(), tw::kThreads, acc);
      for (int k = 0; k < tw::kPartials; ++k) regs[it.thread()][k] = static_cast<std::uint64_t>(acc[k]);
    });
    reduce_row(b, regs, a.aim ? 6 : 3, [&](const std::uint64_t* s) { tw::finish_measure_row(a, s); });
  }

  // A launch of the stage's blocks (band blocks, then measure blocks), in block order or
  // reversed: blocks of one launch must not depend on each other.
  void launch(const tw::StageArgs& a, int stage, Order order, bool reverse_blocks) {
    const unsigned blocks = a.band_blocks + a.measure_blocks;
    ASSERT_GT(blocks, 0u) << "stage " << stage;
    for (unsigned k = 0; k < blocks; ++k) {
      const unsigned x = reverse_blocks ? blocks - 1 - k : k;
      replay::Block<std::uint64_t> b({x}, {tw::kThreads}, {blocks}, tw::kPartials * tw::kThreads, order);
      if (x < a.band_blocks)
        band_block(a, stage, x, b);
      else
        measure_block(a, x - a.band_blocks, b);
    }
    ++launches;
  }

  VideoGeometry g_;
  tw::Plan plan_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  replay::Buffer<std::int32_t> a_[2][2];
  replay::Buffer<std::int32_t> mask_[2];
  replay::Buffer<std::int16_t> leftover_;
  replay::Buffer<std::int32_t> div_;
  tw::Buffers buffers_;
};

enum class Content { Textured, Noise, Enhanced, Flat, Extremes };

const char* name_of(Content c) {
  switch (c) {
    case Content::Textured: return "textured";
    case Content::Noise: return "noise";
    case Content::Enhanced: return "enhanced";
    case Content::Flat: return "flat";
    case Content::Extremes: return "extremes";
  }
  return "?";
}

void put(Picture& p, unsigned x, unsigned y, int v) {
  test::set_sample(p.plane(0), p.bpc(), x, y, v);
}

// A reference and a distorted picture of `content`; frame `k` shifts the pattern.
std::pair<Picture, Picture> make_pair(const VideoGeometry& g, Content content, unsigned k, std::mt19937& rng) {
  Picture ref = Picture::allocate(g.format, g.bpc, g.width, g.height);
  Picture dis = Picture::allocate(g.format, g.bpc, g.width, g.height);
  const int max = (1 << g.bpc) - 1;
  const int noise = std::max(1, max / 24);
  std::uniform_int_distribution<int> any(0, max), small(-noise, noise);
  for (unsigned y = 0; y < g.height; ++y)
    for (unsigned x = 0; x < g.width; ++x) {
      const double wave = 0.5 + 0.35 * std::sin(0.31 * (x + 3 * k)) * std::cos(0.23 * y) + 0.1 * std::sin(0.05 * x * y);
      int r = static_cast<int>(wave * max), d = r;
      switch (content) {
        case Content::Textured:
          r = std::clamp(r + small(rng) / 4, 0, max);
          d = std::clamp(r + small(rng), 0, max);
          break;
        case Content::Noise:
          r = any(rng);
          d = any(rng);
          break;
        case Content::Enhanced: {
          // A contrast boost around mid-grey with a little noise: bands of the distorted
          // picture point where the reference's do, longer, so the decouple's angle test
          // passes and the gain limit decides.
          r = std::clamp(r + small(rng) / 8, 0, max);
          const double boosted = (max / 2.0) + 1.5 * (r - max / 2.0);
          d = std::clamp(static_cast<int>(boosted) + small(rng) / 16, 0, max);
          break;
        }
        case Content::Flat:
          r = max / 3;
          d = max / 3 + ((x + y + k) % 7 == 0 ? 1 : 0);
          break;
        case Content::Extremes:
          r = (rng() & 1) ? max : 0;
          d = (rng() % 3 == 0) ? max - r : r;
          break;
      }
      put(ref, x, y, r);
      put(dis, x, y, d);
    }
  return {std::move(ref), std::move(dis)};
}

using replay::Opts;

struct Fixture {
  unsigned w, h, bpc;
  Content content;
  Opts options;
  PixelFormat format = PixelFormat::YUV420;  // ADM reads luma only: chroma must not matter
};

OptionSet options_of(const Opts& kv) { return replay::option_set("adm", adm::option_specs(), kv); }

std::string describe(const Fixture& fx) {
  std::string s = std::to_string(fx.w) + "x" + std::to_string(fx.h) + " " + to_string(fx.format) + " " +
                  std::to_string(fx.bpc) + "-bit " + name_of(fx.content);
  for (const auto& [k, v] : fx.options) s += " " + k + "=" + v;
  return s;
}

struct Outcome {
  std::vector<adm::ScaleSums> sums;  // of the last frame, per scale
};

// Two frames of `fx` through the CPU extractor and the replayed twin; every scale's
// totals and every output equal.
Outcome check(const Fixture& fx, Order order, bool reverse_blocks) {
  SCOPED_TRACE(describe(fx) + (order == Order::Forward ? " forward" : " reverse") +
               (reverse_blocks ? " blocks-reversed" : ""));
  const OptionSet options = options_of(fx.options);
  const adm::AdmConfig cfg = adm::config_from_options(options);
  const VideoGeometry g{fx.w, fx.h, fx.format, fx.bpc};
  std::mt19937 rng(fx.w * 131 + fx.h * 7 + fx.bpc);

  adm::AdmExtractor cpu(options);
  cpu.init(g);
  adm::AdmCpu sums_cpu(cfg, g.width, g.height, g.bpc);
  ReplayTwin twin(cfg, g);
  const adm::OutputNames names = adm::output_names(options);
  const bool debug = options.get_bool("debug");
  Outcome out;
  for (unsigned i = 0; i < 2; ++i) {
    const auto [ref, dis] = make_pair(g, fx.content, i, rng);
    FrameInput in;
    in.index = i;
    in.ref = &ref;
    in.dis = &dis;
    cpu.submit(in);
    RecordingSink want;
    cpu.collect(i, want);
    adm::ScaleSums cpu_sums[adm::kScales];
    sums_cpu.compute(ref.plane(0), dis.plane(0), cpu_sums);

    const unsigned before = twin.launches;
    const tw::Results r = twin.run(ref, dis, order, reverse_blocks);
    EXPECT_EQ(twin.launches - before, tw::kLaunchesPerFrame);
    adm::ScaleSums got_sums[adm::kScales];
    tw::scale_sums(r, got_sums);
    for (int s = 0; s < adm::kScales; ++s)
      for (int b = 0; b < 3; ++b) {
        EXPECT_EQ(got_sums[s].dlm[b], cpu_sums[s].dlm[b]) << "frame " << i << " scale " << s << " band " << b << " dlm";
        EXPECT_EQ(got_sums[s].aim[b], cpu_sums[s].aim[b]) << "frame " << i << " scale " << s << " band " << b << " aim";
        EXPECT_EQ(got_sums[s].den[b], cpu_sums[s].den[b]) << "frame " << i << " scale " << s << " band " << b << " den";
      }
    RecordingSink got;
    adm::append_scores(names, debug,
                       adm::finish_frame(cfg, twin.plan().p, got_sums, g.width, g.height), i, got);
    EXPECT_EQ(got.entries().size(), debug ? 18u : 7u);
    EXPECT_EQ(got.entries().size(), want.entries().size());
    for (std::size_t k = 0; k < std::min(got.entries().size(), want.entries().size()); ++k) {
      const auto& a = want.entries()[k];
      const auto& b = got.entries()[k];
      EXPECT_EQ(a.name, b.name);
      EXPECT_EQ(std::bit_cast<std::uint64_t>(a.value), std::bit_cast<std::uint64_t>(b.value))
          << a.name << " frame " << i << ": cpu " << a.value << " twin " << b.value;
    }
    out.sums.assign(got_sums, got_sums + adm::kScales);
  }
  EXPECT_TRUE(twin.intact) << "a work-item wrote past a buffer";
  return out;
}

void check_all(const std::vector<Fixture>& fixtures) {
  for (const auto& fx : fixtures) {
    check(fx, Order::Forward, false);
    check(fx, Order::Reverse, true);
  }
}

const Opts kV1 = {{"adm_csf_mode", "2"},       {"adm_dlm_weight", "0.7"},      {"adm_enhn_gain_limit", "1"},
                  {"adm_min_val", "0.5"},      {"adm_noise_weight", "0.02"},   {"adm_norm_view_dist", "3.0"},
                  {"adm_ref_display_height", "1080"}};
// `base` with the options of `over` replaced.
Opts with(Opts base, const Opts& over) {
  for (const auto& [k, v] : over) {
    auto it = std::find_if(base.begin(), base.end(), [&](const auto& e) { return e.first == k; });
    if (it != base.end())
      it->second = v;
    else
      base.emplace_back(k, v);
  }
  return base;
}
const Opts kGoldenOpts = {{"adm_enhn_gain_limit", "1.2"}, {"adm_csf_mode", "1"}};

TEST(AdmReplay, SizesFromTheMinimumToWiderThanABlock) {
  check_all({
      {17, 17, 8, Content::Textured, {}},   // scale 3 reads row and column -1
      {17, 32, 8, Content::Textured, {}},
      {32, 17, 10, Content::Textured, {}},
      {18, 23, 8, Content::Noise, {}},
      {32, 32, 8, Content::Textured, {{"debug", "true"}}},
      {33, 33, 12, Content::Textured, {}},  // the first size without reads before the buffers
      {45, 29, 16, Content::Noise, {}},
      {64, 36, 8, Content::Extremes, {}},
      {97, 61, 10, Content::Textured, {}},
      {513, 19, 8, Content::Textured, {}},  // band rows of 257: two columns for work-item 0
      {1031, 35, 9, Content::Noise, {}},
      {19, 140, 15, Content::Textured, {}},
      {576, 324, 8, Content::Textured, {}},
      {65, 37, 10, Content::Textured, {}, PixelFormat::YUV422},
      {65, 37, 8, Content::Textured, {}, PixelFormat::YUV444},
      {31, 18, 12, Content::Noise, {}, PixelFormat::YUV444},
  });
}

TEST(AdmReplay, EveryBitDepth) {
  std::vector<Fixture> f;
  for (unsigned bpc : {8u, 9u, 10u, 11u, 12u, 14u, 15u, 16u}) {
    f.push_back({41, 27, bpc, Content::Textured, {}});
    f.push_back({40, 26, bpc, Content::Extremes, {}});
  }
  check_all(f);
}

TEST(AdmReplay, EveryCsfModeAndDisplay) {
  check_all({
      {96, 54, 8, Content::Textured, kGoldenOpts},
      {96, 54, 10, Content::Textured, kV1},
      {96, 54, 8, Content::Enhanced, with(kV1, {{"adm_norm_view_dist", "5.0"}})},       // vmaf_v1.0.16_5d0h
      {96, 54, 8, Content::Textured, with(kV1, {{"adm_ref_display_height", "2160"}})},  // vmaf_v1.0.16_3d0h_2160
      {96, 54, 8, Content::Textured,
       with(kV1, {{"adm_ref_display_height", "2160"}, {"adm_norm_view_dist", "1.5"}})},  // vmaf_v1.0.16_1d5h_2160
      {80, 45, 8, Content::Textured, {{"adm_csf_mode", "3"}}},
      {80, 45, 8, Content::Textured, {{"adm_csf_mode", "3"}, {"adm_norm_view_dist", "5"}}},
      {80, 45, 12, Content::Textured, {{"adm_csf_mode", "2"}, {"adm_ref_display_height", "2160"}, {"adm_norm_view_dist", "1.5"}}},
      {80, 45, 8, Content::Textured, {{"adm_norm_view_dist", "5"}}},  // scale 0's weights computed, not fixed
      {80, 45, 8, Content::Textured, {{"adm_ref_display_height", "2160"}}},
      {80, 45, 8, Content::Textured, {{"adm_csf_mode", "1"}, {"adm_csf_scale", "0.8"}, {"adm_csf_diag_scale", "1.3"}}},
      {80, 45, 16, Content::Noise, {{"adm_csf_mode", "1"}, {"adm_norm_view_dist", "24"}}},
  });
}

TEST(AdmReplay, SkippedPassesAndScoreOptions) {
  check_all({
      {70, 40, 8, Content::Textured, {{"adm_skip_aim", "true"}}},
      {17, 20, 8, Content::Textured, {{"adm_skip_aim", "true"}}},  // the leftover row without AIM
      {70, 40, 10, Content::Textured, {{"adm_skip_scale0", "true"}}},
      {24, 17, 8, Content::Textured, {{"adm_skip_scale0", "true"}}},
      {70, 40, 8, Content::Noise, {{"adm_skip_scale0", "true"}, {"adm_skip_aim", "true"}, {"debug", "true"}}},
      {70, 40, 8, Content::Textured, {{"adm_dlm_weight", "0.25"}, {"adm_min_val", "0.9"}, {"debug", "true"}}},
      {70, 40, 8, Content::Flat, {{"adm_noise_weight", "0"}, {"debug", "true"}}},  // denominators of 0
      {70, 40, 12, Content::Flat, {}},
      {70, 40, 8, Content::Textured, {{"adm_noise_weight", "1500"}}},
  });
}

// The gain limit decides where the distorted bands are longer: 1 (off), libvmaf's
// default 100, the golden 1.2 and a fractional value whose double product rounds.
TEST(AdmReplay, GainLimitsAreExact) {
  std::vector<Outcome> outcomes;
  for (const char* gain : {"1.0", "1.2", "1.37", "100"}) {
    const Fixture fx{88, 50, 8, Content::Enhanced, {{"adm_enhn_gain_limit", gain}, {"debug", "true"}}};
    check(fx, Order::Reverse, true);
    outcomes.push_back(check(fx, Order::Forward, false));
    check({66, 38, 10, Content::Enhanced, {{"adm_enhn_gain_limit", gain}, {"adm_csf_mode", "1"}}}, Order::Forward, false);
  }
  // The enhancement was reached: each gain limit gives other totals.
  for (std::size_t a = 0; a < outcomes.size(); ++a)
    for (std::size_t b = a + 1; b < outcomes.size(); ++b)
      EXPECT_NE(outcomes[a].sums[0].dlm[0], outcomes[b].sums[0].dlm[0]) << a << " vs " << b;
}

}  // namespace
}  // namespace fastvmaf
