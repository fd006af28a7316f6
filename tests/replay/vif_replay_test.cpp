// Host replay of the VIF twin's kernels (src/features/vif/gpu/vif_kernels.cu): the same
// launches, grids, blocks and work-item routines (gpu/vif_work.hpp), the next scales'
// planes kept in scratch buffers across frames as the twin keeps them, on frames packed
// with the frame pipeline's layout, against the CPU reference on many small fixtures: the
// four sums of every scale equal the CPU extractor's with the C entries, and every emitted
// value (scales, integer_vif, num / den) equals the CPU extractor's bit for bit. 8-16 bit,
// odd and tiny sizes (down to the 16x16 minimum), tile edges, flat, noisy, correlated and
// enhanced content, vif_enhn_gain_limit 1.0 / 1.2 / 100, vif_skip_scale0, debug, forward
// and reverse work-item order, canaries behind every buffer, uninitialised shared memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "core/cpu.hpp"
#include "core/options.hpp"
#include "features/vif/gpu/vif_plan.hpp"
#include "features/vif/gpu/vif_work.hpp"
#include "features/vif/vif.hpp"
#include "features/vif/vif_options.hpp"
#include "features/vif/vif_params.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

using replay::Order;
using vif::kScales;
namespace tw = vif::twin;

constexpr std::uint16_t kJunk16 = 0xA5C3;  // what uninitialised memory holds in the replay

// The twin's device state, on the host: the next scales' planes and the log2 table.
class ReplayTwin {
 public:
  ReplayTwin(const VideoGeometry& g, bool skip_scale0, double gain_limit)
      : g_(g),
        skip_scale0_(skip_scale0),
        gain_limit_(gain_limit),
        layout_(g, gpu::kLuma, sizeof(tw::Results)),
        frame_(layout_.upload_bytes()),
        scaled_(2 * tw::scaled_samples(g.width, g.height), kJunk16),
        log2_(vif::kLog2Base + 1) {
    std::copy(vif::log2_table(), vif::log2_table() + vif::kLog2Base + 1, log2_.data());
  }

  // One frame's launches, as enqueue() enqueues them; returns the slot.
  tw::Results run(const Picture& ref, const Picture& dis, Order order) {
    layout_.pack(ref, dis, frame_.data());
    // The pipeline uploads the results block as zeros: the twin's slot is its start.
    replay::Buffer<tw::Results> slot(1, tw::Results{});
    tw::FrameArgs f;
    f.ref = frame_.data() + layout_.slot(gpu::Side::Ref, 0).offset;
    f.dis = frame_.data() + layout_.slot(gpu::Side::Dis, 0).offset;
    f.ref_pitch = layout_.slot(gpu::Side::Ref, 0).pitch;
    f.dis_pitch = layout_.slot(gpu::Side::Dis, 0).pitch;
    f.w = g_.width;
    f.h = g_.height;
    f.bpc = g_.bpc;
    f.skip_scale0 = skip_scale0_;
    f.gain_limit = gain_limit_;
    f.log2 = log2_.data();
    tw::carve_scaled(f, scaled_.data());
    f.results = slot.data();
    if (g_.bpc == 8)
      kernel<0, std::uint8_t>(tw::scale_args(f, 0), order);
    else
      kernel<0, std::uint16_t>(tw::scale_args(f, 0), order);
    kernel<1, std::uint16_t>(tw::scale_args(f, 1), order);
    kernel<2, std::uint16_t>(tw::scale_args(f, 2), order);
    kernel<3, std::uint16_t>(tw::scale_args(f, 3), order);
    intact = intact && frame_.intact() && scaled_.intact() && log2_.intact() && slot.intact();
    return slot[0];
  }

  unsigned launches = 0;
  bool intact = true;

 private:
  // vif_scale<S, T>: the kernel's phases and barriers, work-items in lockstep.
  template <int S, typename T>
  void kernel(const tw::ScaleArgs& a, Order order) {
    using G = tw::TileShape<S>;
    const tw::Grid grid = tw::grid_of(a);
    replay::launch<std::uint8_t>({grid.x, grid.y}, {tw::kThreads}, 1, order, [&](replay::Block<std::uint8_t>& b) {
      replay::Buffer<std::uint16_t> ref(G::kInput, kJunk16), dis(G::kInput, kJunk16);
      replay::Buffer<std::uint16_t> mu1(G::kVertical, kJunk16), mu2(G::kVertical, kJunk16);
      replay::Buffer<std::uint32_t> xx(G::kVertical, 0xDEADBEEF), yy(G::kVertical, 0xDEADBEEF),
          xy(G::kVertical, 0xDEADBEEF);
      replay::Buffer<std::uint16_t> next_ref(G::kNextVertical, kJunk16), next_dis(G::kNextVertical, kJunk16);
      std::vector<replay::Buffer<std::int64_t>> partial;
      for (int q = 0; q < 4; ++q) partial.emplace_back(tw::kThreads, 0x5A5A5A5A5A5A5A5All);
      const tw::Shared sh{ref.data(), dis.data(), mu1.data(), mu2.data(), xx.data(), yy.data(), xy.data(),
                          next_ref.data(), next_dis.data(),
                          {partial[0].data(), partial[1].data(), partial[2].data(), partial[3].data()}};
      std::vector<vif::VifAccum> acc(tw::kThreads);  // each work-item's registers
      b.each([&](const replay::Item& it) {
        tw::load_phase<S, T>(a, it.block_idx.x, it.block_idx.y, it.thread(), tw::kThreads, sh);
      });
      b.each([&](const replay::Item& it) {
        if (a.stat) tw::vertical_phase<S, T>(a, it.thread(), tw::kThreads, sh);
        tw::next_vertical_phase<S>(a, it.thread(), tw::kThreads, sh);
      });
      b.each([&](const replay::Item& it) {
        if (a.stat) tw::horizontal_phase<S>(a, it.block_idx.x, it.block_idx.y, it.thread(), tw::kThreads, sh,
                                            acc[it.thread()]);
        tw::next_horizontal_phase<S>(a, it.block_idx.x, it.block_idx.y, it.thread(), tw::kThreads, sh);
      });
      if (a.stat) {
        b.each([&](const replay::Item& it) { tw::store_partial(sh, it.thread(), acc[it.thread()]); });
        for (unsigned half = tw::kThreads / 2; half > 0; half /= 2)
          b.each([&](const replay::Item& it) { tw::reduce_step(sh, it.thread(), half); });
        b.each([&](const replay::Item& it) { tw::add_block(a, sh, it.thread()); });
      }
      bool ok = ref.intact() && dis.intact() && mu1.intact() && mu2.intact() && xx.intact() && yy.intact() &&
                xy.intact() && next_ref.intact() && next_dis.intact();
      for (const auto& p : partial) ok = ok && p.intact();
      intact = intact && ok;
    }, &launches);
  }

  VideoGeometry g_;
  bool skip_scale0_;
  double gain_limit_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  replay::Buffer<std::uint16_t> scaled_;
  replay::Buffer<std::uint16_t> log2_;
};

enum class Content {
  Noise,      // ref and dis independent noise
  Flat,       // constant planes: every pixel below sigma_nsq
  Extremes,   // 0 or max
  Distorted,  // dis = ref + small noise
  Enhanced,   // dis = ref with its contrast raised: gains above 1, where the limit acts
  Smooth,     // slow waves with faint noise: both branches of the statistic
};

const char* name_of(Content c) {
  switch (c) {
    case Content::Noise: return "noise";
    case Content::Flat: return "flat";
    case Content::Extremes: return "extremes";
    case Content::Distorted: return "distorted";
    case Content::Enhanced: return "enhanced";
    default: return "smooth";
  }
}

void put(Plane& p, unsigned bpc, unsigned x, unsigned y, long v) {
  const long max = (1l << bpc) - 1;
  v = std::clamp(v, 0l, max);
  test::set_sample(p, bpc, x, y, v);
}

std::pair<Picture, Picture> make_pair(const VideoGeometry& g, std::mt19937& rng, Content content) {
  Picture ref = Picture::allocate(g.format, g.bpc, g.width, g.height);
  Picture dis = Picture::allocate(g.format, g.bpc, g.width, g.height);
  const long max = (1l << g.bpc) - 1;
  const double scale = static_cast<double>(max) / 255.0;
  std::uniform_int_distribution<long> full(0, max);
  std::normal_distribution<double> noise(0.0, 1.0);
  const double phase = std::uniform_real_distribution<double>(0.0, 6.0)(rng);
  for (int c = 0; c < 3; ++c) {
    Plane& pr = ref.plane(c);
    Plane& pd = dis.plane(c);
    for (unsigned y = 0; y < pr.height; ++y)
      for (unsigned x = 0; x < pr.width; ++x) {
        long r = 0, d = 0;
        switch (content) {
          case Content::Noise:
            r = full(rng);
            d = full(rng);
            break;
          case Content::Flat:
            r = max / 3;
            d = max / 3 + 1;
            break;
          case Content::Extremes:
            r = (full(rng) & 1) ? max : 0;
            d = (full(rng) & 1) ? max : 0;
            break;
          case Content::Distorted:
            r = full(rng);
            d = r + std::lround(noise(rng) * 6.0 * scale);
            break;
          case Content::Enhanced: {
            const double base = 128.0 + 60.0 * std::sin(0.35 * x + phase) * std::cos(0.23 * y) + 20.0 * noise(rng);
            r = std::lround(base * scale);
            d = std::lround((128.0 + 1.7 * (base - 128.0) + 2.0 * noise(rng)) * scale);
            break;
          }
          case Content::Smooth: {
            const double base = 128.0 + 50.0 * std::sin(0.05 * x + phase) + 30.0 * std::cos(0.07 * y);
            const bool busy = ((x / 8) + (y / 8)) % 3 == 0;  // some blocks with texture
            r = std::lround((base + (busy ? 25.0 : 0.4) * noise(rng)) * scale);
            d = std::lround((base + (busy ? 18.0 : 0.4) * noise(rng)) * scale);
            break;
          }
        }
        put(pr, g.bpc, x, y, r);
        put(pd, g.bpc, x, y, d);
      }
  }
  return {std::move(ref), std::move(dis)};
}

// The CPU's sums of every scale (the reference the extractor finishes), from its C entries.
void cpu_sums(const VideoGeometry& g, const Picture& ref, const Picture& dis, const OptionSet& options,
              vif::VifAccum (&acc)[kScales]) {
  const cpu::ScopedFlags c_entries(0);
  vif::VifExtractor e(options);
  e.init(g);
  FrameInput in;
  in.ref = &ref;
  in.dis = &dis;
  e.submit(in);
  std::copy(std::begin(e.sums()), std::end(e.sums()), acc);
}

struct Fixture {
  unsigned w, h, bpc;
  Content content;
};

using Options = std::vector<std::pair<std::string, std::string>>;

struct Coverage {
  unsigned log_pixels = 0, non_log_pixels = 0, frames = 0;
};

// Two frames of the fixture through one replayed twin (its scratch planes carry over):
// the sums equal the CPU kernels', every emitted value equals the CPU extractor's.
std::vector<tw::Results> check(const Fixture& fx, const Options& opts, Order order, Coverage* coverage = nullptr) {
  SCOPED_TRACE(::testing::Message() << fx.w << "x" << fx.h << " " << fx.bpc << "-bit " << name_of(fx.content)
                                    << (order == Order::Forward ? " forward" : " reverse"));
  OptionDict dict;
  for (const auto& [k, v] : opts) dict.set(k, v);
  const OptionSet options("vif", &vif::option_specs(), dict);
  const bool skip = options.get_bool("vif_skip_scale0");
  const bool debug = options.get_bool("debug");
  const double limit = options.get_double("vif_enhn_gain_limit");
  const vif::FeatureNames names = vif::make_feature_names(options);
  const VideoGeometry g{fx.w, fx.h, PixelFormat::YUV420, fx.bpc};
  std::mt19937 rng(fx.w * 131 + fx.h * 7 + fx.bpc * 3 + static_cast<unsigned>(fx.content));

  vif::VifExtractor cpu(options);
  cpu.init(g);
  ReplayTwin twin(g, skip, limit);
  std::vector<tw::Results> out;
  for (unsigned i = 0; i < 2; ++i) {
    SCOPED_TRACE(::testing::Message() << "frame " << i);
    const auto [ref, dis] = make_pair(g, rng, i == 0 ? fx.content : Content::Distorted);
    const unsigned before = twin.launches;
    const tw::Results got = twin.run(ref, dis, order);
    EXPECT_EQ(twin.launches - before, tw::kLaunchesPerFrame);
    out.push_back(got);

    vif::VifAccum want[kScales];
    cpu_sums(g, ref, dis, options, want);
    for (int s = 0; s < kScales; ++s) {
      EXPECT_EQ(got.scale[s].num_log, want[s].num_log) << "scale " << s;
      EXPECT_EQ(got.scale[s].den_log, want[s].den_log) << "scale " << s;
      EXPECT_EQ(got.scale[s].num_non_log, want[s].num_non_log) << "scale " << s;
      EXPECT_EQ(got.scale[s].den_non_log, want[s].den_non_log) << "scale " << s;
      if (coverage && !(s == 0 && skip)) {
        coverage->non_log_pixels += static_cast<unsigned>(want[s].den_non_log);
        coverage->log_pixels += want[s].den_log != 0 ? 1 : 0;
      }
    }
    if (coverage) ++coverage->frames;

    FrameInput in;
    in.index = i;
    in.ref = &ref;
    in.dis = &dis;
    cpu.submit(in);
    RecordingSink cpu_values, twin_values;
    cpu.collect(i, cpu_values);
    tw::emit_results(got, skip, debug, names, i, twin_values);
    const auto& a = cpu_values.entries();
    const auto& b = twin_values.entries();
    EXPECT_EQ(a.size(), debug ? 15u : 4u);
    EXPECT_EQ(a.size(), b.size());
    for (std::size_t k = 0; k < std::min(a.size(), b.size()); ++k) {
      EXPECT_EQ(a[k].name, b[k].name);
      EXPECT_EQ(a[k].index, b[k].index);
      EXPECT_EQ(std::bit_cast<std::uint64_t>(a[k].value), std::bit_cast<std::uint64_t>(b[k].value))
          << a[k].name << ": cpu " << a[k].value << " twin " << b[k].value;
    }
  }
  EXPECT_TRUE(twin.intact) << "a work-item wrote past a buffer";
  return out;
}

const std::vector<Fixture>& fixtures() {
  static const std::vector<Fixture> f = {
      {16, 16, 8, Content::Noise},       // the minimum: scale 3 is 2x2
      {16, 16, 16, Content::Extremes},
      {17, 16, 8, Content::Enhanced},
      {16, 17, 10, Content::Distorted},
      {19, 23, 12, Content::Smooth},
      {31, 33, 15, Content::Enhanced},
      {64, 16, 8, Content::Distorted},   // one tile exactly
      {65, 17, 8, Content::Enhanced},    // one column and row into the second tiles
      {66, 34, 16, Content::Smooth},
      {97, 41, 8, Content::Flat},
      {128, 32, 10, Content::Smooth},    // scale 1 is one tile
      {130, 50, 16, Content::Enhanced},
      {33, 129, 8, Content::Distorted},  // tall
      {200, 70, 12, Content::Noise},
      {259, 37, 8, Content::Smooth},     // scale 2 one column past a tile
  };
  return f;
}

TEST(VifReplay, EqualsTheCpuWithDefaultOptions) {
  Coverage cov;
  for (const auto& fx : fixtures())
    for (Order order : {Order::Forward, Order::Reverse}) check(fx, {}, order, &cov);
  // The fixtures reach both branches of the statistic.
  EXPECT_GT(cov.non_log_pixels, 0u);
  EXPECT_GT(cov.log_pixels, 0u);
}

TEST(VifReplay, EqualsTheCpuWithEveryOption) {
  const std::vector<Options> option_sets = {
      {{"vif_enhn_gain_limit", "1.0"}},  // vif_motion_opts, vmaf_v0.6.1neg
      {{"vif_enhn_gain_limit", "1.2"}, {"debug", "true"}},
      {{"vif_skip_scale0", "true"}},
      {{"vif_skip_scale0", "true"}, {"debug", "true"}, {"vif_enhn_gain_limit", "1.0"}},
      {{"debug", "true"}},
  };
  for (const auto& opts : option_sets)
    for (const auto& fx : fixtures()) check(fx, opts, fx.w % 2 ? Order::Reverse : Order::Forward);
}

// The enhanced content reaches the gain limit: 1.0, a fractional 1.2 and the default 100
// give three different results (and each equals the CPU, checked inside).
TEST(VifReplay, TheGainLimitActs) {
  for (const Fixture fx : {Fixture{130, 50, 8, Content::Enhanced}, Fixture{66, 40, 10, Content::Enhanced}}) {
    const auto one = check(fx, {{"vif_enhn_gain_limit", "1.0"}}, Order::Forward);
    const auto frac = check(fx, {{"vif_enhn_gain_limit", "1.2"}}, Order::Forward);
    const auto dflt = check(fx, {}, Order::Forward);
    ASSERT_FALSE(one.empty());
    EXPECT_LT(one[0].scale[0].num_log, frac[0].scale[0].num_log);
    EXPECT_LT(frac[0].scale[0].num_log, dflt[0].scale[0].num_log);
    for (int s = 0; s < kScales; ++s) EXPECT_EQ(one[0].scale[s].den_log, dflt[0].scale[s].den_log);
  }
}

// vif_skip_scale0 leaves the slot's scale 0 at zero and the other scales as they were.
TEST(VifReplay, SkipScale0LeavesScale0Zero) {
  const Fixture fx{70, 36, 8, Content::Distorted};
  const auto skipped = check(fx, {{"vif_skip_scale0", "true"}}, Order::Forward);
  const auto full = check(fx, {}, Order::Forward);
  for (std::size_t i = 0; i < skipped.size(); ++i) {
    EXPECT_EQ(skipped[i].scale[0].den_log, 0);
    EXPECT_EQ(skipped[i].scale[0].den_non_log, 0);
    EXPECT_NE(full[i].scale[0].den_log + full[i].scale[0].den_non_log, 0);
    for (int s = 1; s < kScales; ++s) EXPECT_EQ(skipped[i].scale[s].num_log, full[i].scale[s].num_log);
  }
}

}  // namespace
}  // namespace fastvmaf
