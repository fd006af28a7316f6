// The CAMBI twin's launch plan: the kernels of one frame, their grids, the row-chunk
// layout of the c-value blocks and the buffers, as a pure function of the CPU reference's
// Plan. Host code without GPU headers: the twin (cambi_twin.cpp), its kernels
// (cambi_kernels_*.cu) and the host replay (tests/replay/cambi_replay_test.cpp) all use it,
// so the replay runs exactly the device's decomposition.
//
// One frame, in stream order (kLaunchesPerFrame launches, a fixed number):
//   picture         preprocessing (10 bits, resize, anti-dither), validation, state reset,
//                   the 7x7 spatial mask
//   scale x 6       mode filter and keys of scale 0; then bit masks of scale s with the mode
//                   filter and keys of scale s + 1 (s = 0..3); then bit masks of scale 4
//   cvalues         every scale's c-values: column-owned sliding histograms in shared memory
//   topk_pass1      bins of every scale's non-zero c-values; each scale's last block selects
//   topk_pass2/3    refine the boundary of scales whose k-th largest c-value is not yet
//                   known (blocks of settled scales return at once)
// writing the selections and the status into the twin's slot of the results block (Results).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/cambi/gpu/cambi_work.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi::twin {

static_assert(kScales == kNumScales);
static_assert(kMaskRadius == kMaskFilterSize / 2);
static_assert(kFirstHigh == TopKSelector::kFirstHigh && kEndHigh == TopKSelector::kEndHigh);

inline constexpr unsigned kLaunchesPerFrame = 1 + (kScales + 1) + 1 + 3;
inline constexpr unsigned kSelectThreads = 256;  // the top-K passes
inline constexpr unsigned kSelectItemsPerThread = 16;
inline constexpr unsigned kSelectBlocksMax = 132;  // per scale, grid-stride beyond (an H200 has 132 SMs)
inline constexpr unsigned kCValueTargetBlocks = 2048;  // the automatic chunk layout aims at this many
// Columns a c-value block owns: 16 (the histogram takes at most 33 KiB of shared memory,
// so 12 warps fit an SM) measured a little faster on the H200 than 32 at every size
// (docs/adr/0201-cambi-gpu-twin.md); 32 stays available to the replay and the bench.
inline constexpr int kCValueCols = 16;
inline constexpr std::size_t kSharedMax = 48u << 10;   // dynamic shared memory without opt-in

struct Grid {
  unsigned x = 1, y = 1;
};

struct ScaleLaunch {
  unsigned w = 0, h = 0;
  bool decimate = false;
  unsigned mask_shift = 0;
  std::uint32_t k = 0;        // top-K count
  std::size_t offset = 0;     // of the scale's planes (filtered, keys, c-values)
  unsigned words = 0;         // bit-mask words per row
  std::size_t bits = 0;       // offset of the scale's bit masks (start, valid, change)
  unsigned tiles = 0;         // c-value column tiles
  unsigned chunk_rows = 0, chunks = 0;
  unsigned first_block = 0;   // of the c-value launch
  Grid tile_grid() const { return {(w + kTileW - 1) / kTileW, (h + kTileH - 1) / kTileH}; }
};

struct LaunchPlan {
  unsigned in_w = 0, in_h = 0, bpc = 8;  // the picture
  unsigned w = 0, h = 0;                 // after the resize (the encode resolution)
  bool resize = false, anti_dither = false;
  int pad = 0, mask_index = 0;
  CValueTables tables{};
  ScaleLaunch scales[kScales];
  std::size_t image = 0;   // w x h: the picture of scale 0, the mask
  std::size_t planes = 0;  // all scales: filtered pictures, keys, c-values
  std::size_t bits = 0;    // all scales' bit-mask words
  int cols = 32;           // c-value columns per block
  unsigned cvalue_blocks = 0;
  std::size_t hist_bytes = 0;  // dynamic shared memory of a c-value block
  Grid select_grid;            // the top-K passes: x blocks per scale, y = scales

  Grid picture_grid() const { return {(w + kTileW - 1) / kTileW, (h + kTileH - 1) / kTileH}; }
};

// The chunk rows when the caller does not choose: about `target` blocks over a scale, but
// at least pad + 1 rows a block (a block first fills a whole window).
inline unsigned auto_chunk_rows(unsigned h, unsigned tiles, int pad, unsigned target = kCValueTargetBlocks) {
  const unsigned by_blocks = static_cast<unsigned>((std::size_t{h} * tiles + target - 1) / target);
  const unsigned least = static_cast<unsigned>(pad) + 1;
  const unsigned rows = by_blocks > least ? by_blocks : least;
  return rows < h ? rows : h;
}

// The plan of the distorted side of `plan` for pictures of `g`. chunk_rows = 0 chooses
// the layout (auto_chunk_rows), another value forces that many rows per block; cols = 0
// takes kCValueCols (the replay and the bench force 16 and 32; the bench also varies the
// automatic layout's target).
inline LaunchPlan make_launch_plan(const Plan& plan, const VideoGeometry& g, unsigned chunk_rows = 0, int cols = 0,
                                   unsigned target_blocks = kCValueTargetBlocks) {
  LaunchPlan p;
  const SidePlan& side = plan.dis;
  p.in_w = g.width;
  p.in_h = g.height;
  p.bpc = g.bpc;
  p.w = side.width;
  p.h = side.height;
  p.resize = side.width != g.width || side.height != g.height;
  p.anti_dither = plan.anti_dither;
  p.pad = side.window >> 1;
  p.mask_index = side.mask_index;
  p.tables = plan.tables;
  p.image = static_cast<std::size_t>(p.w) * p.h;
  if (p.pad > kMaxPad) throw std::logic_error("cambi twin: a window above 65 passed the window guard");
  const std::size_t band = static_cast<std::size_t>(plan.tables.band_size);
  p.cols = cols ? cols : kCValueCols;
  if (p.cols != 16 && p.cols != 32) throw std::invalid_argument("cambi twin: columns per block must be 16 or 32");
  p.hist_bytes = band * static_cast<std::size_t>(p.cols) * sizeof(std::uint16_t);
  if (p.hist_bytes > kSharedMax) throw std::invalid_argument("cambi twin: the value band does not fit in shared memory");
  for (int s = 0; s < kScales; ++s) {
    ScaleLaunch& sc = p.scales[s];
    sc.w = side.scales[s].width;
    sc.h = side.scales[s].height;
    sc.decimate = s > 0 || plan.high_res_speedup;
    sc.mask_shift = static_cast<unsigned>(s) + (plan.high_res_speedup ? 1u : 0u);
    const std::size_t n = static_cast<std::size_t>(sc.w) * sc.h;
    sc.k = static_cast<std::uint32_t>(topk_count(plan.settings.topk, static_cast<int>(n)));
    sc.offset = p.planes;
    p.planes += n;
    sc.words = (sc.w + 31) / 32;
    sc.bits = p.bits;
    p.bits += 3 * std::size_t{sc.words} * sc.h;
    sc.tiles = (sc.w + static_cast<unsigned>(p.cols) - 1) / static_cast<unsigned>(p.cols);
    sc.chunk_rows = chunk_rows ? (chunk_rows < sc.h ? chunk_rows : sc.h) : auto_chunk_rows(sc.h, sc.tiles, p.pad, target_blocks);
    sc.chunks = (sc.h + sc.chunk_rows - 1) / sc.chunk_rows;
    sc.first_block = p.cvalue_blocks;
    p.cvalue_blocks += sc.tiles * sc.chunks;
  }
  const std::size_t n0 = static_cast<std::size_t>(p.scales[0].w) * p.scales[0].h;
  const std::size_t per_block = std::size_t{kSelectThreads} * kSelectItemsPerThread;
  std::size_t blocks = (n0 + per_block - 1) / per_block;
  if (blocks > kSelectBlocksMax) blocks = kSelectBlocksMax;
  p.select_grid = {static_cast<unsigned>(blocks), static_cast<unsigned>(kScales)};
  return p;
}

// Where a frame's buffers are: device addresses in the twin, host buffers in the replay.
struct FramePointers {
  const std::uint8_t* luma = nullptr;  // the distorted picture's luma
  std::size_t pitch = 0;               // its bytes per row
  const float* lut = nullptr;          // kReciprocalLut
  const std::uint32_t* src_x = nullptr, *src_y = nullptr;  // resize tables (w, h entries)
  std::uint16_t* image = nullptr;      // the picture of scale 0
  std::uint8_t* mask = nullptr;
  std::uint16_t* filtered = nullptr;   // planes: each scale at its offset
  std::uint16_t* keys = nullptr;       // planes
  std::uint32_t* bits = nullptr;       // each scale's start, valid, change at its bits offset
  float* c_values = nullptr;           // planes
  FrameState* state = nullptr;
  Results* results = nullptr;          // the twin's slot of the frame's results block (zeroed)
};

// The constants the twin uploads once, at init, with the frame state after them (kernel 1
// of every frame resets it): kReciprocalLut, then the resize tables. Offsets in 32-bit words.
struct InitBlock {
  std::size_t lut = 0, src_x = 0, src_y = 0, state = 0, words = 0;
};
inline InitBlock init_block(const LaunchPlan& p) {
  InitBlock b;
  b.lut = 0;
  b.src_x = b.lut + kReciprocalLutSize;
  b.src_y = b.src_x + p.w;
  b.state = (b.src_y + p.h + 3) / 4 * 4;  // 16-byte aligned
  b.words = b.state + kStateWords;
  return b;
}
// Fills the init block (b.words words) for `side`.
inline void fill_init_block(const LaunchPlan& p, const SidePlan& side, std::uint32_t* out) {
  const InitBlock b = init_block(p);
  std::memcpy(out + b.lut, kReciprocalLut, sizeof(float) * kReciprocalLutSize);
  for (unsigned j = 0; j < p.w; ++j) out[b.src_x + j] = side.source_x[j];
  for (unsigned i = 0; i < p.h; ++i) out[b.src_y + i] = side.source_y[i];
  for (std::size_t k = b.src_y + p.h; k < b.words; ++k) out[k] = 0;
}

inline PictureArgs picture_args(const LaunchPlan& p, const FramePointers& f) {
  PictureArgs a;
  a.luma = f.luma;
  a.pitch = f.pitch;
  a.bpc = p.bpc;
  a.in_w = p.in_w;
  a.in_h = p.in_h;
  a.w = p.w;
  a.h = p.h;
  a.src_x = f.src_x;
  a.src_y = f.src_y;
  a.resize = p.resize;
  a.anti_dither = p.anti_dither;
  a.mask_index = p.mask_index;
  a.image = f.image;
  a.mask = f.mask;
  a.state = reinterpret_cast<std::uint32_t*>(f.state);
  a.status = &f.results->status;
  return a;
}

inline ModeArgs mode_args(const LaunchPlan& p, const FramePointers& f, int s) {
  const ScaleLaunch& sc = p.scales[s];
  ModeArgs a;
  a.src = s == 0 ? f.image : f.filtered + p.scales[s - 1].offset;
  a.src_pitch = s == 0 ? p.w : p.scales[s - 1].w;
  a.decimate = sc.decimate;
  a.w = sc.w;
  a.h = sc.h;
  a.mask = f.mask;
  a.mask_pitch = p.w;
  a.mask_shift = sc.mask_shift;
  a.band_base = p.tables.band_base;
  a.band_size = p.tables.band_size;
  a.out = f.filtered + sc.offset;
  a.keys = f.keys + sc.offset;
  return a;
}

inline BitsArgs bits_args(const LaunchPlan& p, const FramePointers& f, int s) {
  const ScaleLaunch& sc = p.scales[s];
  const std::size_t plane = std::size_t{sc.words} * sc.h;
  BitsArgs a;
  a.keys = f.keys + sc.offset;
  a.w = sc.w;
  a.h = sc.h;
  a.pad = p.pad;
  a.words = sc.words;
  a.start = f.bits + sc.bits;
  a.valid = a.start + plane;
  a.change = a.start + 2 * plane;
  return a;
}

// Scale launch n (0 .. kScales): the bit masks of scale n - 1 and the mode filter of
// scale n, where they exist.
inline ScaleArgs scale_args(const LaunchPlan& p, const FramePointers& f, int n) {
  ScaleArgs a;
  if (n > 0) {
    a.bits = bits_args(p, f, n - 1);
    const Grid g = p.scales[n - 1].tile_grid();
    a.bits_tiles_x = g.x;
    a.bits_blocks = g.x * g.y;
  }
  if (n < kScales) {
    a.mode = mode_args(p, f, n);
    const Grid g = p.scales[n].tile_grid();
    a.mode_tiles_x = g.x;
    a.mode_blocks = g.x * g.y;
  }
  return a;
}

inline CValueLaunch cvalue_launch(const LaunchPlan& p, const FramePointers& f) {
  CValueLaunch l;
  for (int s = 0; s < kScales; ++s) {
    const ScaleLaunch& sc = p.scales[s];
    const BitsArgs bits = bits_args(p, f, s);
    CValueScale& c = l.scale[s];
    c.keys = f.keys + sc.offset;
    c.img = f.filtered + sc.offset;
    c.start = bits.start;
    c.valid = bits.valid;
    c.change = bits.change;
    c.c_out = f.c_values + sc.offset;
    c.w = sc.w;
    c.h = sc.h;
    c.words = sc.words;
    c.tiles = sc.tiles;
    c.chunk_rows = sc.chunk_rows;
    c.first_block = sc.first_block;
  }
  l.tables = p.tables;
  l.lut = f.lut;
  l.pad = p.pad;
  l.cols = p.cols;
  return l;
}

// The top-K passes over every scale (blockIdx.y is the scale).
struct BoundaryLaunch {
  FrameState* state = nullptr;
  Results* results = nullptr;
  const float* c_values = nullptr;
  std::size_t offset[kScales] = {};
  std::size_t n[kScales] = {};
};

inline BoundaryLaunch boundary_launch(const LaunchPlan& p, const FramePointers& f) {
  BoundaryLaunch l;
  l.state = f.state;
  l.results = f.results;
  l.c_values = f.c_values;
  for (int s = 0; s < kScales; ++s) {
    l.offset[s] = p.scales[s].offset;
    l.n[s] = static_cast<std::size_t>(p.scales[s].w) * p.scales[s].h;
  }
  return l;
}

// Each scale's top-K count, for pass 1's selection.
struct TopKCounts {
  std::uint32_t k[kScales] = {};
};
inline TopKCounts topk_counts(const LaunchPlan& p) {
  TopKCounts c;
  for (int s = 0; s < kScales; ++s) c.k[s] = p.scales[s].k;
  return c;
}

// The score of a frame from its results block (the CPU's own helpers: fixed_topk_mean,
// weight_scores), before clipping to cambi_max_val. Throws std::logic_error when a
// scale's selection did not finish.
inline double score_of(const Results& r, const LaunchPlan& p, int window) {
  double scores[kScales];
  for (int s = 0; s < kScales; ++s) {
    const ScaleSelect& sel = r.scale[s];
    if (sel.stage != kDone)
      throw std::logic_error("cambi twin: the top-K selection of scale " + std::to_string(s) +
                             " ended in stage " + std::to_string(sel.stage));
    const Fixed128 sum = (static_cast<Fixed128>(sel.sum[1]) << 64) | sel.sum[0];
    scores[s] = fixed_topk_mean(sum, p.scales[s].k);
  }
  return weight_scores(scores, window);
}

}  // namespace fastvmaf::cambi::twin
