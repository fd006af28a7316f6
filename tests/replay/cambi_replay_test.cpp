// Host replay of the CAMBI twin's kernels (src/features/cambi/gpu/cambi_kernels_*.cu): the
// same launch plan (gpu/cambi_plan.hpp), the same blocks and phases, the same
// work-items (gpu/cambi_work.hpp), warp ballots as votes gathered after a barrier, atomics as
// plain updates, every buffer behind canaries and filled with garbage where the device's
// would be uninitialised. Compared with the CPU reference on many small fixtures: every
// scale's c-value plane bit for bit, each scale's exact top-K sum against the CPU's
// fixed-point sum of its own c-values, and the score, which must equal the CPU's wherever
// the CPU's double sum is exact. Every fixture runs two frames on one state (the
// histograms must be empty again between uses), in forward and reverse work-item order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/options.hpp"
#include "features/cambi/cambi.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/gpu/cambi_plan.hpp"
#include "gpu/frame_layout.hpp"
#include "replay.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::cambi {
namespace {

using replay::Order;
using namespace twin;  // NOLINT(build/namespaces)

constexpr unsigned kTileThreads = kTileW * kTileH;

// Garbage for buffers the device would hand over uninitialised.
template <typename T>
replay::Buffer<T> garbage(std::size_t n) {
  return replay::Buffer<T>(n, static_cast<T>(0xA5A5A5A5A5A5A5A5ull));
}

// The twin's device state, on the host.
class ReplayTwin {
 public:
  ReplayTwin(const Plan& plan, const VideoGeometry& g, unsigned chunk_rows, int cols)
      : launch_(make_launch_plan(plan, g, chunk_rows, cols)),
        layout_(g, gpu::plane_bit(gpu::Side::Dis, 0)),
        frame_(layout_.bytes()),
        init_(init_block(launch_).words),
        image_(garbage<std::uint16_t>(launch_.image)),
        mask_(garbage<std::uint8_t>(launch_.image)),
        filtered_(garbage<std::uint16_t>(launch_.planes)),
        keys_(garbage<std::uint16_t>(launch_.planes)),
        bits_(garbage<std::uint32_t>(launch_.bits)),
        c_(garbage<float>(launch_.planes)) {
    fill_init_block(launch_, plan.dis, init_.data());
    const InitBlock b = init_block(launch_);
    std::uint32_t* base = init_.data();
    f_.lut = reinterpret_cast<const float*>(base + b.lut);
    f_.src_x = base + b.src_x;
    f_.src_y = base + b.src_y;
    f_.state = reinterpret_cast<FrameState*>(base + b.state);
    f_.image = image_.data();
    f_.mask = mask_.data();
    f_.filtered = filtered_.data();
    f_.keys = keys_.data();
    f_.bits = bits_.data();
    f_.c_values = c_.data();
  }

  const LaunchPlan& launch_plan() const { return launch_; }

  // One frame, as enqueue() enqueues it, into a zeroed slot (the frame pipeline's
  // guarantee); returns the slot.
  Results run(const Picture& dis, Order order) {
    layout_.pack(dis, dis, frame_.data());
    replay::Buffer<Results> slot(1, Results{});
    FramePointers f = f_;
    f.luma = frame_.data() + layout_.slot(gpu::Side::Dis, 0).offset;
    f.pitch = layout_.slot(gpu::Side::Dis, 0).pitch;
    f.results = slot.data();
    launches = 0;
    if (launch_.bpc <= 8)
      picture<std::uint8_t>(f, order);
    else
      picture<std::uint16_t>(f, order);
    for (int n = 0; n <= kScales; ++n) scale(f, n, order);
    cvalues(f, order);
    pass1(f, order);
    for (int s = 0; s < kScales; ++s) stage_after_pass1[s] = f.results->scale[s].stage;
    boundary(f, kPass2, order);
    for (int s = 0; s < kScales; ++s) stage_after_pass2[s] = f.results->scale[s].stage;
    boundary(f, kPass3, order);
    slot_intact = slot.intact();
    return slot[0];
  }

  std::vector<float> c_plane(int s) const {
    const ScaleLaunch& sc = launch_.scales[s];
    const float* p = c_.data() + sc.offset;
    return std::vector<float>(p, p + static_cast<std::size_t>(sc.w) * sc.h);
  }

  bool canaries_intact() const {
    return frame_.intact() && init_.intact() && image_.intact() && mask_.intact() && filtered_.intact() &&
           keys_.intact() && bits_.intact() && c_.intact();
  }

  unsigned launches = 0;
  bool slot_intact = false;  // the last frame wrote only inside its slot
  std::uint32_t stage_after_pass1[kScales] = {}, stage_after_pass2[kScales] = {};

 private:
  static replay::Dim3 dim(Grid g) { return {g.x, g.y, 1}; }

  template <typename T>
  void picture(const FramePointers& f, Order order) {
    const PictureArgs a = picture_args(launch_, f);
    const Grid g = launch_.picture_grid();
    replay::launch<std::uint16_t>(dim(g), {kTileW, kTileH}, kMaskImgH * kMaskImgW, order,
                                  [&](replay::Block<std::uint16_t>& b) {
      replay::Buffer<std::uint8_t> flat(kMaskFlatH * kMaskFlatW), column(kTileH * kMaskFlatW);
      auto origin = [](const replay::Item& it) {
        return std::pair<int, int>(static_cast<int>(it.block_idx.y) * kTileH, static_cast<int>(it.block_idx.x) * kTileW);
      };
      b.each([&](const replay::Item& it) {
        const std::size_t item = std::size_t{it.block_idx.y * g.x + it.block_idx.x} * kTileThreads + it.thread();
        const std::size_t items = std::size_t{g.x} * g.y * kTileThreads;
        reset_state(a, item, items);
        if (!check_samples<T>(a, item, items)) atomic_or(a.status, kStatusSampleRange);
        const auto [i0, j0] = origin(it);
        picture_load<T>(a, i0, j0, static_cast<int>(it.thread()), kTileThreads, b.shared());
      });
      b.each([&](const replay::Item& it) {
        const auto [i0, j0] = origin(it);
        mask_flat(a, i0, j0, static_cast<int>(it.thread()), kTileThreads, b.shared(), flat.data());
      });
      b.each([&](const replay::Item& it) {
        mask_columns(static_cast<int>(it.thread()), kTileThreads, flat.data(), column.data());
      });
      b.each([&](const replay::Item& it) {
        const auto [i0, j0] = origin(it);
        picture_store(a, i0, j0, static_cast<int>(it.thread_idx.y), static_cast<int>(it.thread_idx.x), b.shared(),
                      column.data());
      });
      ASSERT_TRUE(flat.intact() && column.intact());
    }, &launches);
  }

  // Bit blocks: a ballot is each lane's vote, read by the storing lane after the votes.
  void scale(const FramePointers& f, int n, Order order) {
    const ScaleArgs a = scale_args(launch_, f, n);
    replay::launch<std::uint16_t>({a.bits_blocks + a.mode_blocks}, {kTileW, kTileH}, kModeH * kModeW, order,
                                  [&](replay::Block<std::uint16_t>& b) {
      replay::Buffer<std::uint16_t> rows(kModeH * kTileW);
      replay::Buffer<RowBits> votes(kTileThreads);
      unsigned block = 0;
      b.each([&](const replay::Item& it) { block = it.block_idx.x; });
      if (block < a.bits_blocks) {
        const unsigned tx = block % a.bits_tiles_x, ty = block / a.bits_tiles_x;
        b.each([&](const replay::Item& it) {
          const int r = static_cast<int>(ty * kTileH + it.thread_idx.y), x = static_cast<int>(tx * kTileW + it.thread_idx.x);
          votes[it.thread()] = row_bits(a.bits, r, x);
        });
        b.each([&](const replay::Item& it) {
          if (it.thread_idx.x != 0) return;
          const RowBits* v = votes.data() + it.thread_idx.y * kTileW;
          std::uint32_t start = 0, valid = 0, change = 0;
          for (unsigned lane = 0; lane < kTileW; ++lane) {
            start |= static_cast<std::uint32_t>(v[lane].start) << lane;
            valid |= static_cast<std::uint32_t>(v[lane].valid) << lane;
            change |= static_cast<std::uint32_t>(v[lane].change) << lane;
          }
          store_row_bits(a.bits, static_cast<int>(ty * kTileH + it.thread_idx.y), tx, start, valid, change);
        });
      } else {
        const unsigned m = block - a.bits_blocks;
        const int i0 = static_cast<int>(m / a.mode_tiles_x) * kTileH, j0 = static_cast<int>(m % a.mode_tiles_x) * kTileW;
        b.each([&](const replay::Item& it) { mode_load(a.mode, i0, j0, static_cast<int>(it.thread()), kTileThreads, b.shared()); });
        b.each([&](const replay::Item& it) { mode_rows(a.mode, j0, static_cast<int>(it.thread()), kTileThreads, b.shared(), rows.data()); });
        b.each([&](const replay::Item& it) {
          mode_store(a.mode, i0, j0, static_cast<int>(it.thread_idx.y), static_cast<int>(it.thread_idx.x), b.shared(),
                     rows.data());
        });
      }
      ASSERT_TRUE(rows.intact() && votes.intact());
    }, &launches);
  }

  // One warp a block; each lane's registers (its share of the next stage, its own pixel)
  // live in per-lane arrays between phases.
  void cvalues(const FramePointers& f, Order order) {
    const CValueLaunch l = cvalue_launch(launch_, f);
    const std::size_t counts = static_cast<std::size_t>(l.tables.band_size) * static_cast<std::size_t>(l.cols);
    replay::launch<std::uint16_t>({launch_.cvalue_blocks}, {kCValueLanes}, counts, order,
                                  [&](replay::Block<std::uint16_t>& blk) {
      replay::Buffer<CValueStage> stage(2);
      std::vector<StageLoad> own(kCValueLanes), next(kCValueLanes);
      CValueBlock b;
      blk.each([&](const replay::Item& it) {
        const int lane = static_cast<int>(it.thread());
        b = cvalue_block(l, it.block_idx.x);
        clear_hist(blk.shared(), static_cast<int>(counts), lane);
        own[lane] = stage_load(l, b, cvalue_step(l, b, 0), lane);
        stage_store(own[lane], lane, stage[0]);
      });
      for (int k = 0; k < b.steps; ++k)
        blk.each([&](const replay::Item& it) {
          const int lane = static_cast<int>(it.thread());
          next[lane] = stage_load(l, b, cvalue_step(l, b, k + 1), lane);
          cvalue_apply(l, b, cvalue_step(l, b, k), stage[k & 1], own[lane], lane, blk.shared());
          stage_store(next[lane], lane, stage[(k + 1) & 1]);
          own[lane] = next[lane];
        });
      ASSERT_TRUE(stage.intact());
    }, &launches);
  }

  void pass1(const FramePointers& f, Order order) {
    const BoundaryLaunch l = boundary_launch(launch_, f);
    const TopKCounts k = topk_counts(launch_);
    const Grid g = launch_.select_grid;
    replay::launch<std::uint32_t>(dim(g), {kSelectThreads}, kBins1, order, [&](replay::Block<std::uint32_t>& b) {
      replay::Buffer<std::uint64_t> sum(kBins1);
      std::uint32_t* count = b.shared();
      bool last = false;
      int s = 0;
      b.each([&](const replay::Item& it) {
        s = static_cast<int>(it.block_idx.y);
        for (unsigned n = it.thread(); n < kBins1; n += kSelectThreads) {
          count[n] = 0;
          sum[n] = 0;
        }
      });
      b.each([&](const replay::Item& it) {
        bin_plane(l.c_values + l.offset[s], l.n[s], std::size_t{it.block_idx.x} * kSelectThreads + it.thread(),
                  std::size_t{g.x} * kSelectThreads, kSelectItemsPerThread, count, sum.data());
      });
      ScaleBins& bins = l.state->bins[s];
      b.each([&](const replay::Item& it) {
        flush_bins(static_cast<int>(it.thread()), kSelectThreads, kBins1, count, sum.data(), bins.count1, bins.sum1);
      });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) last = take_ticket(&l.state->tickets[s], g.x);
      });
      if (!last) return;
      auto* slice_sum = reinterpret_cast<std::uint64_t(*)[2]>(sum.data());
      b.each([&](const replay::Item& it) {
        slice_totals(bins, static_cast<int>(it.thread()), kSelectThreads, count, slice_sum);
      });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) select_pass1(bins, kSelectThreads, count, slice_sum, k.k[s], l.results->scale[s]);
      });
      ASSERT_TRUE(sum.intact());
    }, &launches);
  }

  void boundary(const FramePointers& f, std::uint32_t stage, Order order) {
    const BoundaryLaunch l = boundary_launch(launch_, f);
    const Grid g = launch_.select_grid;
    replay::launch<std::uint32_t>(dim(g), {kSelectThreads}, kBins2, order, [&](replay::Block<std::uint32_t>& b) {
      replay::Buffer<std::uint64_t> sum(kBins2);
      std::uint32_t* count = b.shared();
      bool last = false;
      ScaleSelect sel{};
      b.each([&](const replay::Item& it) {
        count[it.thread()] = 0;
        sum[it.thread()] = 0;
      });
      b.each([&](const replay::Item& it) {
        const int scale = static_cast<int>(it.block_idx.y);
        sel = l.results->scale[scale];
        bin_boundary(l.c_values + l.offset[scale], l.n[scale], sel, stage,
                     std::size_t{it.block_idx.x} * kSelectThreads + it.thread(), std::size_t{g.x} * kSelectThreads,
                     count, sum.data());
      });
      b.each([&](const replay::Item& it) {
        if (sel.stage != stage) return;
        ScaleBins& bins = l.state->bins[it.block_idx.y];
        flush_bins(static_cast<int>(it.thread()), kSelectThreads, kBins2, count, sum.data(),
                   stage == kPass2 ? bins.count2 : bins.count3, stage == kPass2 ? bins.sum2 : nullptr);
      });
      b.each([&](const replay::Item& it) {
        if (it.thread() == 0) last = take_ticket(&l.state->tickets[kScales + stage - kPass2], g.x * g.y);
      });
      if (!last) return;
      b.each([&](const replay::Item& it) {
        if (it.thread() < kScales)
          select_boundary(l.state->bins[it.thread()], stage, l.results->scale[it.thread()]);
      });
      ASSERT_TRUE(sum.intact());
    }, &launches);
  }

  LaunchPlan launch_;
  gpu::FrameLayout layout_;
  replay::Buffer<std::uint8_t> frame_;
  replay::Buffer<std::uint32_t> init_;
  replay::Buffer<std::uint16_t> image_;
  replay::Buffer<std::uint8_t> mask_;
  replay::Buffer<std::uint16_t> filtered_, keys_;
  replay::Buffer<std::uint32_t> bits_;
  replay::Buffer<float> c_;
  FramePointers f_;
};

// ---- fixtures ------------------------------------------------------------------------

// Banded gradients (steps of one 8-bit level, the banding CAMBI looks for), textured
// patches that fall outside the mask, flat plateaus, and dither in the low bits of deep
// pictures. `frame` moves the content.
Picture make_picture(unsigned w, unsigned h, unsigned bpc, unsigned seed, unsigned frame) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  std::mt19937 rng(seed * 7919u + frame);
  std::uniform_int_distribution<int> noise(-6, 6), dither(0, (1 << (bpc > 8 ? bpc - 8 : 0)) - 1);
  const unsigned max = (1u << bpc) - 1;
  const int span = static_cast<int>(w + h) / 24 + 1;
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const int xs = static_cast<int>(x + 3 * frame), ys = static_cast<int>(y);
      int v = 40 + (2 * xs + ys) / span + static_cast<int>(seed % 60);
      if (((xs / 24) + (ys / 20) + static_cast<int>(seed)) % 6 == 0) v += noise(rng);  // texture
      if (((xs / 40) * 3 + (ys / 30)) % 7 == 3) v = 128 + static_cast<int>(seed % 5);  // plateau
      v = std::clamp(v, 0, 255);
      unsigned s = bpc >= 8 ? static_cast<unsigned>(v) << (bpc - 8) : static_cast<unsigned>(v) >> (8 - bpc);
      if (bpc > 8 && ((xs / 16 + ys / 16) % 3 == 0)) s += static_cast<unsigned>(dither(rng));
      s = std::min(s, max);
      test::set_sample(p.plane(0), bpc, x, y, s);
    }
  return p;
}

struct Fixture {
  std::string name;
  unsigned w, h, bpc;
  std::vector<std::pair<std::string, std::string>> options;
  unsigned chunk_rows = 0;  // 0: the twin's own layout
  bool banding = true;      // the content has non-zero c-values
  int cols = 0;             // c-value columns per block (0: the twin's choice)
};

// Keeps each scale's dense c-values of the CPU reference.
struct KeepScales final : ScaleObserver {
  std::vector<std::vector<float>> c;
  void on_scale(int, const float* v, unsigned w, unsigned h) override {
    c.emplace_back(v, v + static_cast<std::size_t>(w) * h);
  }
};

struct FrameOutcome {
  std::vector<std::vector<float>> c;
  Results results{};
  std::uint32_t pass1[kScales] = {}, pass2[kScales] = {};  // the stage each pass left
  std::size_t nonzero = 0;                                // c-values, all scales
};

void check_frame(const Fixture& fx, const Plan& plan, const Picture& pic, ReplayTwin& twin, unsigned frame,
                 Order order, FrameOutcome& out) {
  SCOPED_TRACE(::testing::Message() << fx.name << " frame " << frame << (order == Order::Forward ? " forward" : " reverse"));
  const Results r = twin.run(pic, order);
  EXPECT_EQ(twin.launches, kLaunchesPerFrame);
  EXPECT_TRUE(twin.canaries_intact());
  EXPECT_TRUE(twin.slot_intact);
  EXPECT_EQ(r.status, 0u);

  CambiScorer scorer(plan);
  KeepScales kept;
  const double cpu_score = scorer.score(pic, plan.dis, &kept);
  ASSERT_EQ(kept.c.size(), static_cast<std::size_t>(kScales));
  bool cpu_exact = true;
  TopKSelector selector;
  out.c.clear();
  for (int s = 0; s < kScales; ++s) {
    const std::vector<float> c = twin.c_plane(s);
    const std::vector<float>& want = kept.c[static_cast<std::size_t>(s)];
    ASSERT_EQ(c.size(), want.size()) << "scale " << s;
    std::size_t differ = 0, first = 0;
    for (std::size_t i = 0; i < c.size(); ++i)
      if (twin::float_bits(c[i]) != twin::float_bits(want[i]) && differ++ == 0) first = i;
    EXPECT_EQ(differ, 0u) << "scale " << s << ": " << differ << " c-values differ, first at " << first << " ("
                          << c[first] << " vs " << want[first] << ")";
    const ScaleSelect& sel = r.scale[s];
    EXPECT_EQ(sel.stage, kDone) << "scale " << s;
    const TopKSum top = topk_fixed_sum(want.data(), want.size(), twin.launch_plan().scales[s].k, selector);
    const Fixed128 sum = (static_cast<Fixed128>(sel.sum[1]) << 64) | sel.sum[0];
    EXPECT_TRUE(sum == top.sum) << "scale " << s << ": top-K sum " << static_cast<double>(sum) << " vs "
                                << static_cast<double>(top.sum);
    cpu_exact = cpu_exact && top.exact_in_double();
    out.nonzero += want.size() - static_cast<std::size_t>(std::count(want.begin(), want.end(), 0.0f));
    out.c.push_back(c);
  }
  const double score = score_of(r, twin.launch_plan(), plan.dis.window);
  // Where the CPU's double sum is exact its score is the fixed-point one: equal bits.
  if (cpu_exact) {
    EXPECT_EQ(std::memcmp(&score, &cpu_score, sizeof score), 0) << score << " vs cpu " << cpu_score;
  }
  out.results = r;
  for (int s = 0; s < kScales; ++s) {
    out.pass1[s] = twin.stage_after_pass1[s];
    out.pass2[s] = twin.stage_after_pass2[s];
  }
}

std::vector<FrameOutcome> check_fixture(const Fixture& fx) {
  SCOPED_TRACE(fx.name);
  OptionDict dict;
  for (const auto& [k, v] : fx.options) dict.set(k, v);
  const OptionSet options("cambi", &option_specs(), dict);
  const Settings settings = settings_from_options(options);
  const VideoGeometry g{fx.w, fx.h, PixelFormat::YUV420, fx.bpc};
  const Plan plan = make_plan(settings, g);
  const Picture a = make_picture(fx.w, fx.h, fx.bpc, fx.w * 31 + fx.h + fx.bpc, 0);
  const Picture b = make_picture(fx.w, fx.h, fx.bpc, fx.w * 31 + fx.h + fx.bpc, 1);
  FrameOutcome fwd[2], rev[2];
  for (Order order : {Order::Forward, Order::Reverse}) {
    ReplayTwin twin(plan, g, fx.chunk_rows, fx.cols);
    FrameOutcome* out = order == Order::Forward ? fwd : rev;
    check_frame(fx, plan, a, twin, 0, order, out[0]);
    check_frame(fx, plan, b, twin, 1, order, out[1]);
  }
  for (int k = 0; k < 2; ++k) {
    EXPECT_TRUE(fwd[k].c == rev[k].c) << "work-items of a phase depend on each other (frame " << k << ")";
    EXPECT_EQ(std::memcmp(&fwd[k].results, &rev[k].results, sizeof(Results)), 0) << "frame " << k;
  }
  // A fixture without banding would compare zeros with zeros.
  if (fx.banding) {
    EXPECT_GT(fwd[0].nonzero, 0u) << "no c-value is non-zero";
  }
  std::printf("  %-44s non-zero c-values %zu, %zu\n", fx.name.c_str(), fwd[0].nonzero, fwd[1].nonzero);
  return {fwd[0], fwd[1]};
}

std::vector<Fixture> fixtures() {
  return {
      {"8-bit anti-dither 256x216", 256, 216, 8, {}},
      {"10-bit 320x216", 320, 216, 10, {}},
      {"12-bit odd 301x217", 301, 217, 12, {}},
      {"16-bit 257x216", 257, 216, 16, {}},
      {"10-bit, encode 8-bit (anti-dither) 400x225", 400, 225, 10, {{"enc_bitdepth", "8"}}},
      {"8-bit resize 640x360 to 480x270", 640, 360, 8, {{"enc_width", "480"}, {"enc_height", "270"}}},
      {"8-bit resize 10-bit 500x300 to 333x217", 500, 300, 10, {{"enc_width", "333"}, {"enc_height", "217"}}},
      {"high-res speed-up 1920x1080", 1920, 1080, 8, {{"cambi_high_res_speedup", "1080"}}},
      {"window 65: 2816x216 window_size 127", 2816, 216, 8, {{"window_size", "127"}}},
      {"window 3: 640x360 window_size 15", 640, 360, 10, {{"window_size", "15"}}},
      {"window 1: 216x216 window_size 15", 216, 216, 10, {{"window_size", "15"}}, 0, false},
      {"topk 0.01", 480, 270, 8, {{"topk", "0.01"}}},
      {"topk 0.05, cambi_topk 0.2", 480, 270, 10, {{"cambi_topk", "0.2"}, {"topk", "0.05"}}},
      {"topk 1.0", 480, 270, 8, {{"cambi_topk", "1.0"}}},
      {"topk 0.0001", 480, 270, 8, {{"topk", "0.0001"}}},
      {"chunks of 1 row", 360, 216, 8, {}, 1},
      {"chunks of 3 rows, 32 columns", 360, 216, 8, {}, 3, true, 32},
      {"chunks of 7 rows", 361, 219, 10, {}, 7},
      {"one chunk", 360, 216, 8, {}, 100000},
      {"one chunk, 32 columns", 361, 216, 8, {}, 100000, true, 32},
      {"32 columns, window 43: 3840x128", 3840, 128, 8, {}, 0, true, 32},
      {"32 columns, 1920x64", 1920, 64, 10, {}, 0, true, 32},
      {"tiny 216x1", 216, 1, 8, {}, 0, false},
      {"tiny 1x216", 1, 216, 8, {}, 0, false},
      {"tiny 217x3", 217, 3, 10, {}},
      {"narrow 5x300", 5, 300, 8, {}},
      {"wide short 1920x64", 1920, 64, 8, {}},
      {"wide short 3840x128", 3840, 128, 8, {}},
      {"max_log_contrast 0", 320, 216, 8, {{"max_log_contrast", "0"}}},
      {"max_log_contrast 5, tvi 0.0001", 320, 216, 10, {{"max_log_contrast", "5"}, {"tvi_threshold", "0.0001"}}},
      {"vis_lum_threshold 50, pq", 320, 216, 10, {{"cambi_vis_lum_threshold", "50"}, {"eotf", "pq"}}},
      {"max_val 0.5", 320, 216, 8, {{"cambi_max_val", "0.5"}}},
  };
}

class CambiReplay : public ::testing::TestWithParam<Fixture> {};

TEST_P(CambiReplay, EqualsTheCpuReference) { check_fixture(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Fixtures, CambiReplay, ::testing::ValuesIn(fixtures()),
                         [](const ::testing::TestParamInfo<Fixture>& param) {
                           std::string n;
                           for (char ch : param.param.name) n += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return n + "_" + std::to_string(param.index);
                         });

// The selection's later passes run on real work: a small top-K over many c-values leaves
// the k-th largest inside a bin of pass 1 (pass 2), and the many equal c-values leave it
// inside a bin of pass 2 (pass 3).
TEST(CambiReplaySelection, PassesTwoAndThreeAreExercised) {
  unsigned pass2 = 0, pass3 = 0;
  for (const char* topk : {"0.01", "0.02", "0.03", "0.05", "0.1"}) {
    const std::vector<FrameOutcome> out = check_fixture(Fixture{std::string("topk ") + topk, 480, 270, 8, {{"topk", topk}}});
    for (const FrameOutcome& o : out)
      for (int s = 0; s < kScales; ++s) {
        pass2 += o.pass1[s] == kPass2;
        pass3 += o.pass2[s] == kPass3;
      }
  }
  std::printf("scales settled by pass 2: %u, by pass 3: %u\n", pass2, pass3);
  EXPECT_GT(pass2, 0u);
  EXPECT_GT(pass3, 0u);
}

// A sample above the bit depth sets the frame's status word, and the next frame's slot
// says nothing of it; the twin reports it with the CPU's message.
TEST(CambiReplayStatus, SampleAboveTheBitDepth) {
  const VideoGeometry g{320, 216, PixelFormat::YUV420, 10};
  const OptionSet options("cambi", &option_specs(), OptionDict{});
  const Plan plan = make_plan(settings_from_options(options), g);
  Picture bad = make_picture(320, 216, 10, 5, 0);
  bad.plane(0).row<std::uint16_t>(100)[200] = 1024;
  ReplayTwin twin(plan, g, 0, 0);
  const Results r = twin.run(bad, Order::Forward);
  EXPECT_EQ(r.status, kStatusSampleRange);
  const Results next = twin.run(make_picture(320, 216, 10, 5, 1), Order::Forward);
  EXPECT_EQ(next.status, 0u);
  try {
    validate_samples(bad.plane(0), 10);
    FAIL() << "the CPU accepted the sample";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), sample_range_message(10));
  }
}

// The automatic layout: every row of every scale in exactly one block, at least pad + 1
// rows a block, the histogram within shared memory even at the widest band (32
// contrasts); 32 columns a block are refused where their histogram would not fit.
TEST(CambiLaunchPlan, BlocksCoverEveryScale) {
  for (const char* mlc : {"2", "5"}) {
    OptionDict dict;
    dict.set("max_log_contrast", mlc);
    const OptionSet options("cambi", &option_specs(), dict);
    const Settings settings = settings_from_options(options);
    for (auto [w, h] : {std::pair{3840u, 2160u}, {1920u, 1080u}, {576u, 324u}, {3840u, 128u}, {216u, 1u}}) {
      const VideoGeometry g{w, h, PixelFormat::YUV420, 8};
      const LaunchPlan p = make_launch_plan(make_plan(settings, g), g);
      EXPECT_LE(p.hist_bytes, kSharedMax);
      EXPECT_EQ(p.cols, kCValueCols);
      const Plan cpu = make_plan(settings, g);
      if (std::size_t(cpu.tables.band_size) * 32 * 2 <= kSharedMax)
        EXPECT_LE(make_launch_plan(cpu, g, 0, 32).hist_bytes, kSharedMax);
      else
        EXPECT_THROW(make_launch_plan(cpu, g, 0, 32), std::invalid_argument);
      unsigned blocks = 0;
      for (const ScaleLaunch& s : p.scales) {
        EXPECT_EQ(s.first_block, blocks);
        EXPECT_GE(s.chunk_rows, std::min<unsigned>(s.h, static_cast<unsigned>(p.pad) + 1));
        EXPECT_LT(std::size_t{s.chunks - 1} * s.chunk_rows, s.h) << "no empty chunk";
        EXPECT_GE(std::size_t{s.chunks} * s.chunk_rows, s.h);
        EXPECT_GE(std::size_t{s.tiles} * static_cast<unsigned>(p.cols), s.w);
        blocks += s.tiles * s.chunks;
      }
      EXPECT_EQ(blocks, p.cvalue_blocks);
      std::printf("mlc %s %ux%u: %u c-value blocks of %d columns:", mlc, w, h, p.cvalue_blocks, p.cols);
      for (const ScaleLaunch& s : p.scales) std::printf(" %ux%ux%u", s.tiles, s.chunks, s.chunk_rows);
      std::printf("\n");
    }
  }
}

}  // namespace
}  // namespace fastvmaf::cambi
