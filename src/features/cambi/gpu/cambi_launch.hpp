// The CAMBI twin's launch plan: the kernels of one frame, their grids, the row-chunk
// layout of the c-value histograms and the buffers, as a pure function of the CPU
// reference's Plan. Host code without GPU headers: the twin (cambi_twin.cpp), its kernels
// (cambi_kernels_*.cu) and the host replay (tests/replay/cambi_replay_test.cpp) all use it,
// so the replay runs exactly the device's decomposition.
//
// One frame, in stream order (kLaunchesPerFrame launches, a fixed number):
//   prep                 picture -> 10-bit, resized, anti-dithered; validation; state reset
//   mask                 the 7x7 spatial mask
//   per scale s = 0..4:
//     mode[s]            decimation, 3x3 mode filter, level keys
//     bits[s]            start / valid / change bit masks of the rows
//     cvalues[s]         c-values by column-owned sliding histograms, pass-1 bins of the
//                        top-K; the scale's last block selects
//   topk_pass2, topk_pass3   refine the boundary of scales whose k-th largest c-value is
//                        not yet known (blocks of settled scales return at once)
// then one copy of the results block (twin::Results) to pinned memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/cambi/cambi_math.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi::twin {

static_assert(kScales == kNumScales);
static_assert(kMaskRadius == kMaskFilterSize / 2);
static_assert(kFirstHigh == TopKSelector::kFirstHigh && kEndHigh == TopKSelector::kEndHigh);

inline constexpr unsigned kLaunchesPerFrame = 2 + 3 * kScales + 2;
inline constexpr std::size_t kHistCapBytes = std::size_t{64} << 20;  // all chunks of one scale
inline constexpr unsigned kCValueThreads = 128;  // columns per c-value block
inline constexpr unsigned kSelectThreads = 256;  // passes 2 and 3
inline constexpr unsigned kSelectItemsPerThread = 16;
inline constexpr unsigned kSelectBlocksMax = 132;  // per scale, grid-stride beyond (an H200 has 132 SMs)

struct Grid {
  unsigned x = 1, y = 1;
};

struct ScaleLaunch {
  unsigned w = 0, h = 0;
  bool decimate = false;
  unsigned mask_shift = 0;
  unsigned chunk_rows = 0, chunks = 0;  // row chunks of the c-value launch
  std::uint32_t k = 0;                  // top-K count
  std::size_t c_offset = 0;             // of the scale's c-value plane in the c buffer
  Grid tiles() const { return {(w + kTileW - 1) / kTileW, (h + kTileH - 1) / kTileH}; }
  Grid cvalue_grid() const { return {(w + kCValueThreads - 1) / kCValueThreads, chunks}; }
};

struct LaunchPlan {
  unsigned in_w = 0, in_h = 0, bpc = 8;  // the picture
  unsigned w = 0, h = 0;                 // after the resize (the encode resolution)
  bool resize = false, anti_dither = false;
  int pad = 0, mask_index = 0;
  CValueTables tables{};
  ScaleLaunch scales[kScales];
  // Buffer sizes, in elements.
  std::size_t image = 0;  // w x h: preprocessed picture, filtered pictures (two), keys
  std::size_t words = 0;  // bit-mask words per row (of the widest scale)
  std::size_t hist = 0;   // uint16 histogram counts (the largest scale's chunks)
  std::size_t c_values = 0;
  Grid select_grid;  // passes 2 and 3: x blocks per scale, y = scales

  Grid prep_grid() const { return {(in_w + kTileW - 1) / kTileW, (in_h + kTileH - 1) / kTileH}; }
  Grid mask_grid() const { return {(w + kTileW - 1) / kTileW, (h + kTileH - 1) / kTileH}; }
};

// The chunk rows used when the caller does not choose: chunks of at least pad + 1 rows
// (filling and emptying a window costs about two windows of rows), as many as the
// histogram cap allows.
inline unsigned auto_chunk_rows(unsigned h, int pad, std::size_t per_chunk_bytes, std::size_t cap) {
  const std::size_t fit = per_chunk_bytes == 0 ? h : cap / per_chunk_bytes;
  if (fit == 0) return 0;
  const unsigned by_memory = static_cast<unsigned>((h + fit - 1) / fit);
  const unsigned least = static_cast<unsigned>(pad) + 1;
  unsigned rows = by_memory > least ? by_memory : least;
  return rows < h ? rows : h;
}

// The plan of the distorted side of `plan` for pictures of `g`. chunk_rows = 0 chooses
// the layout (auto_chunk_rows); another value forces that many rows per chunk (the replay
// and the bench use this; the cap then bounds one chunk only). Throws std::invalid_argument when one chunk of a scale does
// not fit in the histogram cap.
inline LaunchPlan make_launch_plan(const Plan& plan, const VideoGeometry& g, unsigned chunk_rows = 0,
                                   std::size_t hist_cap = kHistCapBytes) {
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
  p.words = (p.w + 31) / 32;
  const std::size_t band = static_cast<std::size_t>(plan.tables.band_size);
  std::size_t largest = 0;
  for (int s = 0; s < kScales; ++s) {
    ScaleLaunch& sc = p.scales[s];
    sc.w = side.scales[s].width;
    sc.h = side.scales[s].height;
    sc.decimate = s > 0 || plan.high_res_speedup;
    sc.mask_shift = static_cast<unsigned>(s) + (plan.high_res_speedup ? 1u : 0u);
    const std::size_t per_chunk = band * sc.w * sizeof(std::uint16_t);
    sc.chunk_rows = chunk_rows ? (chunk_rows < sc.h ? chunk_rows : sc.h)
                               : auto_chunk_rows(sc.h, p.pad, per_chunk, hist_cap);
    if (sc.chunk_rows == 0 || per_chunk > hist_cap)
      throw std::invalid_argument("cambi: the frame is too wide for the GPU twin: one row chunk of scale " +
                                  std::to_string(s) + " needs " + std::to_string(per_chunk >> 20) +
                                  " MiB of histograms, more than " + std::to_string(hist_cap >> 20) + " MiB");
    sc.chunks = (sc.h + sc.chunk_rows - 1) / sc.chunk_rows;
    const std::size_t n = static_cast<std::size_t>(sc.w) * sc.h;
    sc.k = static_cast<std::uint32_t>(topk_count(plan.settings.topk, static_cast<int>(n)));
    sc.c_offset = p.c_values;
    p.c_values += n;
    const std::size_t need = per_chunk / sizeof(std::uint16_t) * sc.chunks;
    if (need > largest) largest = need;
  }
  p.hist = largest == 0 ? 1 : largest;
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
  std::uint16_t* image = nullptr;      // preprocessed picture
  std::uint8_t* mask = nullptr;
  std::uint16_t* filtered[2] = {nullptr, nullptr};  // scale s writes filtered[s & 1]
  std::uint16_t* keys = nullptr;
  std::uint32_t* bits = nullptr;  // start, valid, change: 3 x words x h
  std::uint16_t* hist = nullptr;
  float* c_values = nullptr;      // the five scales' planes, at their c_offset
  FrameState* state = nullptr;
};

// The constants the twin uploads once, at init, with a zeroed frame state after them
// (the first frame's status word must start at zero): kReciprocalLut, then the resize
// tables. Offsets in 32-bit words.
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

inline std::size_t scale_words(const ScaleLaunch& s) { return (s.w + 31) / 32; }

inline PrepArgs prep_args(const LaunchPlan& p, const FramePointers& f, unsigned slot) {
  PrepArgs a;
  a.luma = f.luma;
  a.pitch = f.pitch;
  a.bpc = p.bpc;
  a.in_w = p.in_w;
  a.in_h = p.in_h;
  a.w = p.w;
  a.h = p.h;
  a.src_x = f.src_x;
  a.src_y = f.src_y;
  a.anti_dither = p.anti_dither;
  a.out = f.image;
  a.state = reinterpret_cast<std::uint32_t*>(f.state);
  a.slot = slot;
  return a;
}

inline MaskArgs mask_args(const LaunchPlan& p, const FramePointers& f) {
  return MaskArgs{f.image, p.w, p.h, p.mask_index, f.mask};
}

inline ModeArgs mode_args(const LaunchPlan& p, const FramePointers& f, int s) {
  const ScaleLaunch& sc = p.scales[s];
  ModeArgs a;
  a.src = s == 0 ? f.image : f.filtered[(s - 1) & 1];
  a.src_pitch = s == 0 ? p.w : p.scales[s - 1].w;
  a.decimate = sc.decimate;
  a.w = sc.w;
  a.h = sc.h;
  a.mask = f.mask;
  a.mask_pitch = p.w;
  a.mask_shift = sc.mask_shift;
  a.band_base = p.tables.band_base;
  a.band_size = p.tables.band_size;
  a.out = f.filtered[s & 1];
  a.keys = f.keys;
  return a;
}

inline BitsArgs bits_args(const LaunchPlan& p, const FramePointers& f, int s) {
  const ScaleLaunch& sc = p.scales[s];
  const std::size_t plane = scale_words(sc) * sc.h;
  BitsArgs a;
  a.keys = f.keys;
  a.w = sc.w;
  a.h = sc.h;
  a.pad = p.pad;
  a.words = static_cast<unsigned>(scale_words(sc));
  a.start = f.bits;
  a.valid = f.bits + plane;
  a.change = f.bits + 2 * plane;
  return a;
}

// Everything the c-value launch of scale s reads besides its block's index.
struct CValueLaunch {
  CValueArgs args;
  CValueTables tables;
  const float* lut = nullptr;
  ScaleBins* bins = nullptr;
  ScaleSelect* select = nullptr;
  std::uint32_t* ticket = nullptr;
  std::uint32_t k = 0;
};

inline CValueLaunch cvalue_launch(const LaunchPlan& p, const FramePointers& f, int s, bool clear) {
  const ScaleLaunch& sc = p.scales[s];
  const BitsArgs bits = bits_args(p, f, s);
  CValueLaunch l;
  CValueArgs& a = l.args;
  a.keys = f.keys;
  a.img = f.filtered[s & 1];
  a.w = sc.w;
  a.h = sc.h;
  a.pad = p.pad;
  a.start = bits.start;
  a.valid = bits.valid;
  a.change = bits.change;
  a.words = bits.words;
  a.hist = f.hist;
  a.chunk_rows = sc.chunk_rows;
  a.clear = clear;
  a.c_out = f.c_values + sc.c_offset;
  l.tables = p.tables;
  l.lut = f.lut;
  l.bins = &f.state->bins[s];
  l.select = &f.state->results.scale[s];
  l.ticket = &f.state->tickets[s];
  l.k = sc.k;
  return l;
}

// Passes 2 and 3 over every scale (blockIdx.y is the scale).
struct BoundaryLaunch {
  FrameState* state = nullptr;
  const float* c_values = nullptr;
  std::size_t offset[kScales] = {};
  std::size_t n[kScales] = {};
};

inline BoundaryLaunch boundary_launch(const LaunchPlan& p, const FramePointers& f) {
  BoundaryLaunch l;
  l.state = f.state;
  l.c_values = f.c_values;
  for (int s = 0; s < kScales; ++s) {
    l.offset[s] = p.scales[s].c_offset;
    l.n[s] = static_cast<std::size_t>(p.scales[s].w) * p.scales[s].h;
  }
  return l;
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
