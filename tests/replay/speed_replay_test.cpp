// Host replay of the SpEED twins' kernels (src/features/speed/gpu/speed_kernels_*.cu): the
// same plan (gpu/speed_plan.hpp: make_plan, the scratch and table layout, the grids), the
// same blocks and phases, the same work-item routines (gpu/speed_work.hpp), on frames
// packed with the frame pipeline's layout, and for speed_temporal the ring of luma planes
// kept across frames, against the CPU extractors on many fixtures: 4:2:0, 4:2:2 and 4:4:4
// at 8 to 16 bit, sizes down to the smallest the CPU accepts, odd sizes, every option
// (kernel scales, prescales and their four methods, sigma_nn, nn_floor, max_val, the seven
// variance weightings, use_ref_diff), flat, noisy, smooth and extreme content, flat
// channels (singular covariances), work-items forward and reverse, canaries behind every
// buffer. Every value equal to the CPU's as a double, bit for bit.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "features/speed/gpu/speed_plan.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "features/speed/speed.hpp"
#include "features/speed/speed_options.hpp"
#include "features/speed/speed_params.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "picture_samples.hpp"

namespace fastvmaf {
namespace {

namespace tw = speed::twin;
using replay::Order;

// ---- the replayed kernels -----------------------------------------------------------------

// The twins' device state on the host: the plan's scratch and tables, and what the
// kernels count.
class ReplayAnalysis {
 public:
  ReplayAnalysis(const speed::SpeedSettings& st, const speed::SpeedDims& d, unsigned images, unsigned bpc)
      : plan_(tw::make_plan(st, d, images, bpc, tables_)),
        floats_(tw::scratch_floats(plan_), std::bit_cast<float>(0x7fbadbadu)),
        flags_(images, tw::ImageFlags{0xbad, 0xbad}),
        packed_(tw::pack_tables(tables_)),
        words_(packed_.words.size()) {
    tw::place_scratch(plan_, floats_.data(), flags_.data());
    for (std::size_t i = 0; i < packed_.words.size(); ++i) words_[i] = packed_.words[i];
    if (plan_.resample) tw::place_tables(plan_, packed_, words_.data());
  }

  const tw::Plan& plan() const { return plan_; }

  // enqueue_planes and enqueue_statistics of one frame.
  void run(const tw::Frame& f, Order order) {
    blur(f, order);
    mean(f.plan, order);
    covariance(f.plan, order);
    solve(f.plan, order);
    score(f.plan, f.results, order);
  }

  bool intact() const { return floats_.intact() && flags_.intact() && words_.intact(); }
  unsigned launches = 0;

 private:
  template <typename T>
  void blur_typed(const tw::Frame& f, Order order) {
    const tw::Dim g = tw::blur_grid(f.plan);
    replay::launch<float>({g.x, g.y, g.z}, {tw::kBlurThreads}, tw::kBlurOutputs * tw::kMaxAntialiasTaps, order,
                          [&](replay::Block<float>& b) {
                            b.each([&](const replay::Item& it) {
                              tw::blur_vertical<T>(f.plan, f.src[it.block_idx.z], it.block_idx.x, it.block_idx.y,
                                                   it.thread(), tw::kBlurThreads, b.shared());
                            });
                            b.each([&](const replay::Item& it) {
                              tw::blur_horizontal(f.plan, it.block_idx.z, it.block_idx.x, it.block_idx.y, it.thread(),
                                                  b.shared());
                            });
                          },
                          &launches);
  }
  void blur(const tw::Frame& f, Order order) {
    if (f.plan.bpc == 8)
      blur_typed<std::uint8_t>(f, order);
    else
      blur_typed<std::uint16_t>(f, order);
  }

  void mean(const tw::Plan& p, Order order) {
    const tw::Dim g = tw::mean_grid(p);
    replay::launch<float>({g.x, g.y}, {tw::kMeanThreads}, 1, order, [&](replay::Block<float>& b) {
      b.each([&](const replay::Item& it) {
        tw::local_mean(p, it.block_idx.y, it.block_idx.x * tw::kMeanThreads + it.thread());
      });
    }, &launches);
  }

  void covariance(const tw::Plan& p, Order order) {
    const tw::Dim g = tw::cov_grid(p);
    replay::launch<float>({g.x, g.y}, {tw::kCovThreads}, tw::kN, order, [&](replay::Block<float>& b) {
      b.each([&](const replay::Item& it) { tw::window_mean(p, it.block_idx.y, it.thread(), b.shared()); });
      b.each([&](const replay::Item& it) {
        tw::covariance_sum(p, it.block_idx.y, it.block_idx.x * tw::kCovThreads + it.thread(), b.shared());
      });
    }, &launches);
  }

  // speed_solve: the eigenvalue blocks, then the linear-system blocks, phase by phase as
  // the kernel runs them.
  void solve(const tw::Plan& p, Order order) {
    const tw::Dim g = tw::solve_grid(p);
    const unsigned n = tw::kSolveThreads;
    for (unsigned x = 0; x < g.x; ++x) {
      if (x < p.images) {
        replay::Block<tw::EigenShared> b({x}, {n}, {g.x}, 1, order);
        tw::EigenShared& s = *b.shared();
        const unsigned image = x;
        b.each([&](const replay::Item& it) { tw::eigen_load(p, image, it.thread(), n, s); });
        for (int i = 0; i + 2 < tw::kN; ++i) {
          b.each([&](const replay::Item& it) { tw::eigen_reflector(i, it.thread(), s); });
          const bool skip = s.skip != 0;
          b.each([&](const replay::Item& it) { tw::eigen_scale_column(i, it.thread(), n, s); });
          if (skip) continue;
          b.each([&](const replay::Item& it) { tw::eigen_take_v(i, it.thread(), n, s); });
          b.each([&](const replay::Item& it) { tw::eigen_w(i, it.thread(), n, s); });
          b.each([&](const replay::Item& it) { tw::eigen_shift(i, it.thread(), s); });
          b.each([&](const replay::Item& it) { tw::eigen_axpy(i, it.thread(), n, s); });
          b.each([&](const replay::Item& it) { tw::eigen_update(i, it.thread(), n, s); });
        }
        b.each([&](const replay::Item& it) { tw::eigen_take_tridiagonal(it.thread(), n, s); });
        b.each([&](const replay::Item& it) { tw::eigen_iterate(p, image, it.thread(), s); });
        continue;
      }
      replay::Block<tw::QrShared> b({x}, {n}, {g.x}, 1, order);
      tw::QrShared& s = *b.shared();
      const unsigned image = x - p.images;
      b.each([&](const replay::Item& it) { tw::qr_load(p, image, it.thread(), n, s); });
      for (int k = 0; k + 1 < tw::kN; ++k) {
        b.each([&](const replay::Item& it) { tw::qr_minor(k, it.thread(), n, s); });
        b.each([&](const replay::Item& it) { tw::qr_vector(k, it.thread(), s); });
        b.each([&](const replay::Item& it) { tw::qr_normalise(it.thread(), n, s); });
        b.each([&](const replay::Item& it) { tw::qr_reflector(k, it.thread(), n, s); });
        if (k + 2 < tw::kN) {
          b.each([&](const replay::Item& it) { tw::qr_apply_z(k, it.thread(), n, s); });
          b.each([&](const replay::Item& it) { tw::qr_copy_z(k, it.thread(), n, s); });
        }
        b.each([&](const replay::Item& it) { tw::qr_apply_qt(k, it.thread(), n, s); });
        b.each([&](const replay::Item& it) { tw::qr_copy_qt(it.thread(), n, s); });
      }
      b.each([&](const replay::Item& it) { tw::qr_r(it.thread(), n, s); });
      b.each([&](const replay::Item& it) { tw::qr_pivots(p, image, it.thread(), s); });
      b.each([&](const replay::Item& it) { tw::qr_solve_blocks(p, image, it.thread(), n, s); });
    }
    ++launches;
  }

  void score(const tw::Plan& p, tw::Results* r, Order order) {
    const tw::Dim g = tw::score_grid(p);
    replay::launch<tw::ScoreShared>({g.x, g.y}, {tw::kScoreThreads}, 1, order,
                                    [&](replay::Block<tw::ScoreShared>& b) {
                                      tw::ScoreShared& s = *b.shared();
                                      b.each([&](const replay::Item& it) {
                                        tw::score_load(p, it.block_idx.y, it.thread(), tw::kScoreThreads, s);
                                      });
                                      b.each([&](const replay::Item& it) {
                                        tw::score_term(p, it.block_idx.y, it.block_idx.x, it.thread(), s);
                                      });
                                      b.each([&](const replay::Item& it) {
                                        tw::score_arrive(p, it.block_idx.y, it.thread(), s, g.x, r);
                                      });
                                      b.each([&](const replay::Item& it) {
                                        tw::score_total(p, it.block_idx.y, it.thread(), s, r);
                                      });
                                    },
                                    &launches);
  }

  tw::PlanTables tables_;
  tw::Plan plan_;
  replay::Buffer<float> floats_;
  replay::Buffer<tw::ImageFlags> flags_;
  tw::PackedTables packed_;
  replay::Buffer<std::uint32_t> words_;
};

OptionSet options_of(const char* feature, const std::vector<std::pair<std::string, std::string>>& kv) {
  OptionDict dict;
  for (const auto& [k, v] : kv) dict.set(k, v);
  return OptionSet(feature,
                   std::string(feature) == "speed_chroma" ? &speed::chroma_option_specs() : &speed::temporal_option_specs(),
                   dict);
}

// speed_chroma's replayed twin: the frame's planes as the pipeline lays them out, the
// kernels, and the finish (SpeedChromaTwin::finish, with the CPU's helpers).
class ReplayChroma {
 public:
  ReplayChroma(const OptionSet& o, const VideoGeometry& g)
      : settings_(speed::settings_from(o)),
        max_val_(o.get_double("speed_max_val")),
        layout_(g,
                gpu::plane_bit(gpu::Side::Ref, 1) | gpu::plane_bit(gpu::Side::Dis, 1) |
                    gpu::plane_bit(gpu::Side::Ref, 2) | gpu::plane_bit(gpu::Side::Dis, 2),
                sizeof(tw::Results)),
        frame_(layout_.upload_bytes()) {
    settings_.weight_var_mode = o.get_int("speed_weight_var_mode");
    const unsigned sx = static_cast<unsigned>(chroma_shift_x(g.format)), sy = static_cast<unsigned>(chroma_shift_y(g.format));
    const speed::SpeedDims d = speed::checked_dims("speed_chroma", "chroma plane", g.width >> sx, g.height >> sy,
                                                   settings_.prescale, 1u << sx, 1u << sy);
    analysis_ = std::make_unique<ReplayAnalysis>(settings_, d, 4, g.bpc);
  }

  // {u, v, uv} of one frame.
  std::vector<double> run(const Picture& ref, const Picture& dis, Order order) {
    layout_.pack(ref, dis, frame_.data());
    replay::Buffer<tw::Results> slot(1, tw::Results{});
    tw::Frame f;
    f.plan = analysis_->plan();
    for (unsigned c = 0; c < 2; ++c)
      for (unsigned side = 0; side < 2; ++side) {
        const gpu::PlaneSlot& s = layout_.slot(side == 0 ? gpu::Side::Ref : gpu::Side::Dis, 1 + static_cast<int>(c));
        f.src[tw::image_of(c, side)] = {frame_.data() + s.offset, s.pitch, nullptr, 0};
      }
    f.results = slot.data();
    const unsigned before = analysis_->launches;
    analysis_->run(f, order);
    launches_per_frame = analysis_->launches - before;
    intact = intact && analysis_->intact() && frame_.intact() && slot.intact();
    const tw::Results& r = slot[0];
    const float u = r.channel[0].score, v = r.channel[1].score;
    const float uv = speed::chroma_uv_score(u, r.channel[0].singular != 0, v, r.channel[1].singular != 0);
    singular_u = r.channel[0].singular;
    singular_v = r.channel[1].singular;
    return {speed::clip_score(u, max_val_), speed::clip_score(v, max_val_), speed::clip_score(uv, max_val_)};
  }

  bool intact = true;
  unsigned launches_per_frame = 0;
  std::uint32_t singular_u = 0, singular_v = 0;

 private:
  speed::SpeedSettings settings_;
  double max_val_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  std::unique_ptr<ReplayAnalysis> analysis_;
};

// speed_temporal's replayed twin, with its ring of luma planes.
class ReplayTemporal {
 public:
  ReplayTemporal(const OptionSet& o, const VideoGeometry& g)
      : settings_(speed::settings_from(o)),
        use_ref_diff_(o.get_bool("speed_use_ref_diff")),
        layout_(g, gpu::kLuma, sizeof(tw::Results)),
        frame_(layout_.upload_bytes()),
        pitch_(Picture::padded_stride(g.width, g.bpc)),
        rows_(g.height),
        ring_(2 * tw::kRing * pitch_ * rows_, 0xA5) {
    const speed::SpeedDims d = speed::checked_dims("speed_temporal", "luma plane", g.width, g.height, settings_.prescale, 1, 1);
    analysis_ = std::make_unique<ReplayAnalysis>(settings_, d, 2, g.bpc);
  }

  double run(unsigned i, const Picture& ref, const Picture& dis, Order order) {
    layout_.pack(ref, dis, frame_.data());
    replay::Buffer<tw::Results> slot(1, tw::Results{});
    const std::uint8_t* cur_ref = frame_.data() + layout_.slot(gpu::Side::Ref, 0).offset;
    const std::uint8_t* cur_dis = frame_.data() + layout_.slot(gpu::Side::Dis, 0).offset;
    const unsigned before = analysis_->launches;
    if (i > 0) {
      tw::Frame f;
      f.plan = analysis_->plan();
      f.src[0] = {ring_plane(0, i - 1), pitch_, cur_ref, pitch_};
      f.src[1] = {ring_plane(1, i - 1), pitch_, use_ref_diff_ ? cur_ref : cur_dis, pitch_};
      f.results = slot.data();
      analysis_->run(f, order);
    }
    tw::KeepArgs k;
    k.src[0] = cur_ref;
    k.src[1] = cur_dis;
    k.dst[0] = ring_plane(0, i);
    k.dst[1] = ring_plane(1, i);
    k.pitch = pitch_;
    k.rows = rows_;
    const tw::Dim g = tw::keep_grid(k);
    replay::launch<float>({g.x, g.y, g.z}, {tw::kKeepThreads}, 1, order, [&](replay::Block<float>& b) {
      b.each([&](const replay::Item& it) {
        tw::keep_chunk(k, it.block_idx.x, it.block_idx.y, it.block_idx.z, it.thread());
      });
    });
    launches_per_frame = analysis_->launches - before + 1;
    intact = intact && analysis_->intact() && frame_.intact() && slot.intact() && ring_.intact();
    return i == 0 ? 0.0f : slot[0].channel[0].score;
  }

  bool intact = true;
  unsigned launches_per_frame = 0;

 private:
  std::uint8_t* ring_plane(unsigned side, unsigned frame) {
    return ring_.data() + (static_cast<std::size_t>(side) * tw::kRing + frame % tw::kRing) * pitch_ * rows_;
  }

  speed::SpeedSettings settings_;
  bool use_ref_diff_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  std::size_t pitch_;
  unsigned rows_;
  replay::Buffer<std::uint8_t> ring_;
  std::unique_ptr<ReplayAnalysis> analysis_;
};

// ---- fixtures -----------------------------------------------------------------------------------

enum class Content { Noise, Smooth, Extremes, Flat, FlatU, FlatRef, Still };

// A picture of `content` (frame `t` of a sequence, for the temporal fixtures).
Picture make_picture(const VideoGeometry& g, std::mt19937& rng, Content content, unsigned t, bool is_ref) {
  Picture p = Picture::allocate(g.format, g.bpc, g.width, g.height);
  const unsigned max = (1u << g.bpc) - 1;
  std::uniform_int_distribution<unsigned> dist(0, max);
  std::normal_distribution<double> small(0, max / 64.0 + 1);
  for (int c = 0; c < 3; ++c) {
    Plane& pl = p.plane(c);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) {
        double v;
        switch (content) {
          case Content::Noise: v = dist(rng); break;
          case Content::Smooth:
            v = max * (0.5 + 0.3 * std::sin(0.07 * x + 0.05 * y + 0.4 * t + c) + 0.1 * std::cos(0.31 * x * y / 50.0)) +
                small(rng);
            break;
          case Content::Extremes: v = (dist(rng) & 1) ? max : 0; break;
          case Content::Flat: v = max / 3; break;
          case Content::FlatU: v = c == 1 ? max / 2 : dist(rng); break;
          case Content::FlatRef: v = is_ref ? max / 4 : dist(rng); break;
          default:  // Still: the same picture every frame, but for a moving square
            v = max * (0.4 + 0.2 * std::sin(0.09 * x + 0.13 * y + c));
            if (x >= 8 * t && x < 8 * t + 24 && y >= 16 && y < 40) v = max;
            break;
        }
        const unsigned s = static_cast<unsigned>(std::min<double>(max, std::max(0.0, std::round(v))));
        test::set_sample(pl, g.bpc, x, y, s);
      }
  }
  return p;
}

struct Fixture {
  unsigned w, h;
  PixelFormat format;
  unsigned bpc;
  Content content;
  std::vector<std::pair<std::string, std::string>> options;
  unsigned frames = 2;
};

std::string describe(const Fixture& fx, Order order) {
  std::string s = std::to_string(fx.w) + "x" + std::to_string(fx.h) + " " + to_string(fx.format) + " " +
                  std::to_string(fx.bpc) + "-bit content " + std::to_string(static_cast<int>(fx.content));
  for (const auto& [k, v] : fx.options) s += " " + k + "=" + v;
  return s + (order == Order::Forward ? " forward" : " reverse");
}

void check_chroma(const Fixture& fx, Order order) {
  SCOPED_TRACE(describe(fx, order));
  const OptionSet o = options_of("speed_chroma", fx.options);
  const VideoGeometry g{fx.w, fx.h, fx.format, fx.bpc};
  std::mt19937 rng(fx.w * 131 + fx.h * 7 + fx.bpc + static_cast<unsigned>(fx.content));
  speed::SpeedChromaExtractor cpu(o);
  cpu.init(g);
  ReplayChroma twin(o, g);
  for (unsigned i = 0; i < fx.frames; ++i) {
    const Picture ref = make_picture(g, rng, fx.content, i, true), dis = make_picture(g, rng, fx.content, i, false);
    FrameInput in;
    in.index = i;
    in.ref = &ref;
    in.dis = &dis;
    cpu.submit(in);
    RecordingSink want;
    cpu.collect(i, want);
    const std::vector<double> got = twin.run(ref, dis, order);
    ASSERT_EQ(want.entries().size(), 3u);
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(std::bit_cast<std::uint64_t>(got[k]), std::bit_cast<std::uint64_t>(want.entries()[k].value))
          << "frame " << i << " " << want.entries()[k].name << ": twin " << got[k] << " cpu " << want.entries()[k].value
          << " (singular u " << twin.singular_u << " v " << twin.singular_v << ")";
    EXPECT_EQ(twin.launches_per_frame, tw::kChromaLaunches);
  }
  EXPECT_TRUE(twin.intact) << "a work-item wrote past a buffer";
}

void check_temporal(const Fixture& fx, Order order) {
  SCOPED_TRACE(describe(fx, order));
  const OptionSet o = options_of("speed_temporal", fx.options);
  const VideoGeometry g{fx.w, fx.h, fx.format, fx.bpc};
  std::mt19937 rng(fx.w * 17 + fx.h * 3 + fx.bpc + static_cast<unsigned>(fx.content));
  speed::SpeedTemporalExtractor cpu(o);
  cpu.init(g);
  ReplayTemporal twin(o, g);
  for (unsigned i = 0; i < fx.frames; ++i) {
    const Picture ref = make_picture(g, rng, fx.content, i, true), dis = make_picture(g, rng, fx.content, i, false);
    FrameInput in;
    in.index = i;
    in.ref = &ref;
    in.dis = &dis;
    cpu.submit(in);
    RecordingSink want;
    cpu.collect(i, want);
    const double got = twin.run(i, ref, dis, order);
    ASSERT_EQ(want.entries().size(), 1u);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(got), std::bit_cast<std::uint64_t>(want.entries()[0].value))
        << "frame " << i << ": twin " << got << " cpu " << want.entries()[0].value;
    EXPECT_EQ(twin.launches_per_frame, i == 0 ? 1u : tw::kTemporalLaunches);
  }
  EXPECT_TRUE(twin.intact) << "a work-item wrote past a buffer";
}

using P = PixelFormat;
using KV = std::vector<std::pair<std::string, std::string>>;

TEST(SpeedReplay, ChromaEqualsTheCpuOnEveryFormatDepthAndSize) {
  const std::vector<Fixture> fixtures = {
      {160, 160, P::YUV420, 8, Content::Noise, {}},  // the smallest 4:2:0 frame
      {161, 163, P::YUV420, 8, Content::Smooth, {}},  // odd: the last chroma column and row are not read
      {175, 80, P::YUV422, 10, Content::Smooth, {}},
      {80, 81, P::YUV444, 12, Content::Noise, {}},
      {96, 90, P::YUV444, 16, Content::Extremes, {}},
      {114, 100, P::YUV444, 9, Content::Smooth, {}},    // divided by 256 above 8 bits but at 10 and 12
      {590, 84, P::YUV444, 8, Content::Smooth, {}},     // two blur tiles, 36 decimated columns
      {352, 288, P::YUV420, 10, Content::Smooth, {}, 3},
  };
  for (const auto& fx : fixtures)
    for (Order order : {Order::Forward, Order::Reverse}) check_chroma(fx, order);
}

TEST(SpeedReplay, ChromaEqualsTheCpuOnFlatAndSingularContent) {
  const std::vector<Fixture> fixtures = {
      {160, 160, P::YUV420, 8, Content::Flat, {}},     // every covariance singular
      {168, 170, P::YUV420, 8, Content::FlatU, {}},    // U singular: uv takes V
      {96, 96, P::YUV444, 10, Content::FlatRef, {}},   // ref singular, dis not: scores 0
      {96, 88, P::YUV444, 16, Content::Flat, {{"speed_weight_var_mode", "5"}}},
  };
  for (const auto& fx : fixtures)
    for (Order order : {Order::Forward, Order::Reverse}) check_chroma(fx, order);
}

TEST(SpeedReplay, ChromaEqualsTheCpuForEveryOption) {
  const std::vector<Fixture> fixtures = {
      // The v1 models' options, and every variance weighting.
      {192, 176, P::YUV420, 8, Content::Smooth,
       {{"speed_kernelscale", "1.0"}, {"speed_nn_floor", "0.1"}, {"speed_sigma_nn", "0.19"},
        {"speed_weight_var_mode", "5"}, {"speed_max_val", "45.0"}}},
      {90, 84, P::YUV444, 8, Content::Noise, {{"speed_weight_var_mode", "1"}}},
      {90, 84, P::YUV444, 10, Content::Smooth, {{"speed_weight_var_mode", "2"}}},
      {90, 84, P::YUV444, 8, Content::Smooth, {{"speed_weight_var_mode", "3"}}},
      {90, 84, P::YUV444, 12, Content::Noise, {{"speed_weight_var_mode", "4"}}},
      {90, 84, P::YUV444, 8, Content::Smooth, {{"speed_weight_var_mode", "6"}, {"speed_sigma_nn", "2.0"}}},
      {90, 84, P::YUV444, 8, Content::Noise, {{"speed_nn_floor", "1.0"}, {"speed_max_val", "0.5"}}},  // clipped
      // Kernel scales: narrower, wider, the widest (35 and 9 taps).
      {96, 96, P::YUV444, 8, Content::Smooth, {{"speed_kernelscale", "0.5"}}},
      {96, 96, P::YUV444, 8, Content::Smooth, {{"speed_kernelscale", "2"}}},
      {100, 90, P::YUV444, 10, Content::Smooth, {{"speed_kernelscale", "3.7113402"}}},
      {96, 96, P::YUV444, 8, Content::Noise, {{"speed_kernelscale", "1.4746"}}},
      // Prescales, with each method: down, up, and within 1e-3 of 1 (no resampling, but the
      // operating size one sample past the plane).
      {170, 172, P::YUV444, 8, Content::Smooth, {{"speed_prescale", "0.5"}, {"speed_prescale_method", "nearest"}}},
      {85, 90, P::YUV444, 8, Content::Smooth, {{"speed_prescale", "1.5"}, {"speed_prescale_method", "bilinear"}}},
      {90, 85, P::YUV444, 10, Content::Noise, {{"speed_prescale", "1.3"}, {"speed_prescale_method", "bicubic"}}},
      {81, 82, P::YUV444, 8, Content::Smooth, {{"speed_prescale", "1.1"}, {"speed_prescale_method", "lanczos4"}}},
      {200, 202, P::YUV420, 8, Content::Smooth, {{"speed_prescale", "0.8"}, {"speed_prescale_method", "lanczos4"}}},
      {180, 164, P::YUV422, 12, Content::Smooth, {{"speed_prescale", "1.2"}, {"speed_prescale_method", "bicubic"}}},
      {81, 95, P::YUV444, 8, Content::Smooth, {{"speed_prescale", "1.0009"}}},
      {96, 96, P::YUV444, 8, Content::Smooth, {{"speed_prescale", "1.5"}, {"speed_prescale_method", "nearest"}}},
  };
  for (const auto& fx : fixtures)
    for (Order order : {Order::Forward, Order::Reverse}) check_chroma(fx, order);
}

TEST(SpeedReplay, TemporalEqualsTheCpuAcrossFrames) {
  const std::vector<Fixture> fixtures = {
      {80, 80, P::YUV420, 8, Content::Smooth, {}, 4},  // the smallest luma
      {97, 83, P::YUV420, 10, Content::Noise, {}, 3},
      {96, 81, P::YUV444, 16, Content::Smooth, {}, 3},
      {88, 90, P::YUV422, 12, Content::Still, {}, 4},
      {90, 90, P::YUV420, 8, Content::Flat, {}, 3},  // no motion: every difference singular
      {92, 84, P::YUV420, 8, Content::Smooth, {{"speed_use_ref_diff", "true"}}, 3},
      {100, 96, P::YUV420, 10, Content::Smooth,
       {{"speed_kernelscale", "0.5"}, {"speed_sigma_nn", "0.5"}, {"speed_nn_floor", "0.3"}}, 3},
      {88, 86, P::YUV420, 8, Content::Smooth, {{"speed_prescale", "1.5"}, {"speed_prescale_method", "bicubic"}}, 3},
      {170, 166, P::YUV420, 8, Content::Noise, {{"speed_prescale", "0.5"}, {"speed_prescale_method", "bilinear"}}, 3},
      {84, 84, P::YUV420, 8, Content::Smooth, {{"speed_prescale", "1.2"}, {"speed_prescale_method", "lanczos4"}}, 3},
      {590, 84, P::YUV420, 8, Content::Smooth, {{"speed_kernelscale", "2"}}, 3},
  };
  for (const auto& fx : fixtures)
    for (Order order : {Order::Forward, Order::Reverse}) check_temporal(fx, order);
}

}  // namespace
}  // namespace fastvmaf
