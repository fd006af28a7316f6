// The CAMBI twin's decomposition (src/features/cambi/gpu/): its blocks, work-items and
// per-frame state, written once for the kernels (cambi_kernels_*.cu) and the host replay
// (tests/replay/cambi_replay_test.cpp). The per-element arithmetic they call is
// cambi_math.hpp, which the CPU reference uses too; the building blocks every twin shares
// (rounding, atomics, 128-bit sums) are src/core/hd.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"
#include "features/cambi/cambi_math.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/rounding.hpp"
#include "core/hd/sum128.hpp"

namespace fastvmaf::cambi {

// ======================================================================================
// The GPU twin's work-items (src/features/cambi/gpu/). Each kernel of the twin is a
// sequence of phases separated by block barriers; each routine below is one work-item's
// share of one phase, and the host replay (tests/replay/cambi_replay_test.cpp) calls the
// same routines with the same blocks. The launch plan is gpu/cambi_plan.hpp; the
// decisions are in docs/adr/0201-cambi-gpu-twin.md. Integer and float only.
// ======================================================================================
namespace twin {

using hd::add_128;
using hd::add_product_128;
using hd::atomic_add;
using hd::atomic_add_128;
using hd::atomic_or;
using hd::bits_float;
using hd::float_bits;
using hd::lowest_bit;

inline constexpr int kScales = 5;
inline constexpr std::uint16_t kNoKey = 0xFFFF;  // not counted: outside the mask or the band
inline constexpr int kTileW = 32, kTileH = 8;   // the 2D kernels' blocks: 8 rows of 32 columns
inline constexpr int kMaskRadius = 3;           // the 7x7 spatial mask filter

FVMAF_HD inline int min_i(int a, int b) { return a < b ? a : b; }
FVMAF_HD inline int max_i(int a, int b) { return a > b ? a : b; }

// A c-value in units of 2^-24 (exact: 0, or a float in [0.5, 2^14)); cambi_params'
// to_fixed() on the host.
FVMAF_HD inline std::uint64_t fixed_units(float c) { return static_cast<std::uint64_t>(fmul_rn(c, 16777216.0f)); }

// ---- the per-frame state: zeroed by kernel 1, the results block at its start ----------

// Top-K selection of one scale: the exact sum so far and where the k-th largest c-value
// lies. Pass 1 bins the non-zero c-values by their top 16 bits, pass 2 the values of
// the boundary bin by the next 8, pass 3 by the last 8 (then a bin holds equal values).
// kBroken: a selection found fewer values than its bins promised (a defect, reported).
enum Stage : std::uint32_t { kPass1 = 0, kPass2 = 1, kPass3 = 2, kDone = 3, kBroken = 4 };
struct ScaleSelect {
  std::uint64_t sum[2];  // the exact sum taken so far, 128 bits in units of 2^-24
  std::uint32_t rest;    // values still to take from the boundary bin
  std::uint32_t prefix;  // the boundary bin's leading bits (16, then 24)
  std::uint32_t stage;   // Stage
  std::uint32_t spare;
};

inline constexpr std::uint32_t kStatusSampleRange = 1;  // a sample exceeds the bit depth

// The twin's slot of the frame's results block: the top-K selection of every scale and a
// status word. Zero when the frame's work starts (the frame pipeline's guarantee), which
// is each selection's initial state (pass 1, nothing taken yet).
struct Results {
  ScaleSelect scale[kScales];
  std::uint32_t status;
  std::uint32_t spare[3];
};

inline constexpr std::uint32_t kFirstHigh = 0x3F00;  // 0.5f >> 16: the smallest non-zero c-value's bin
inline constexpr std::uint32_t kEndHigh = 0x4680;    // 16384.0f >> 16
inline constexpr unsigned kBins1 = kEndHigh - kFirstHigh;
inline constexpr unsigned kBins2 = 256;

struct ScaleBins {
  std::uint32_t count1[kBins1];
  std::uint64_t sum1[kBins1][2];
  std::uint32_t count2[kBins2];
  std::uint64_t sum2[kBins2][2];
  std::uint32_t count3[kBins2];
};

// The scratch state of a frame's top-K selection, reset by kernel 1 of every frame.
struct FrameState {
  std::uint32_t tickets[kScales + 2];  // blocks done: pass 1 of each scale, pass 2, pass 3
  std::uint32_t spare;
  ScaleBins bins[kScales];
};
inline constexpr std::size_t kStateWords = sizeof(FrameState) / sizeof(std::uint32_t);
static_assert(sizeof(FrameState) % sizeof(std::uint64_t) == 0);

// ---- kernel 1: preprocessing, validation, state reset, spatial mask --------------------
// A block owns an 8 x 32 tile of the (resized) picture. It preprocesses the picture
// around its tile (15 x 39: the 7x7 mask filter reads 3 pixels around each, and a flat
// flag compares with the pixel right and below), keeps its own pixels as the picture of
// scale 0, marks the flat pixels (0 outside the frame), sums 7 of them down each column
// and 7 of those sums across. The same grid checks every sample of the picture and
// resets the frame state, grid-stride.

inline constexpr int kMaskImgH = kTileH + 2 * kMaskRadius + 1, kMaskImgW = kTileW + 2 * kMaskRadius + 1;
inline constexpr int kMaskFlatH = kTileH + 2 * kMaskRadius, kMaskFlatW = kTileW + 2 * kMaskRadius;

struct PictureArgs {
  const std::uint8_t* luma = nullptr;  // the picture's luma in the device frame
  std::size_t pitch = 0;               // bytes per row
  unsigned bpc = 8;
  unsigned in_w = 0, in_h = 0;         // the picture
  unsigned w = 0, h = 0;               // after the resize
  const std::uint32_t* src_x = nullptr;  // picture column of each column (w entries)
  const std::uint32_t* src_y = nullptr;  // picture row of each row (h entries)
  bool resize = false;                   // false: the tables are the identity, not read
  bool anti_dither = false;
  int mask_index = 0;
  std::uint16_t* image = nullptr;  // w x h, pitch w: the picture of scale 0
  std::uint8_t* mask = nullptr;    // w x h, pitch w
  std::uint32_t* state = nullptr;   // FrameState words
  std::uint32_t* status = nullptr;  // the frame's status word (Results::status)
};

// libvmaf validate_image: false when a sample exceeds the bit depth (8 and 16 bits are
// not checked).
FVMAF_HD inline bool sample_fits(unsigned v, unsigned bpc) { return bpc == 8 || bpc >= 16 || v < (1u << bpc); }

template <typename T>
FVMAF_HD inline unsigned sample_at(const PictureArgs& a, unsigned y, unsigned x) {
  return reinterpret_cast<const T*>(a.luma + static_cast<std::size_t>(y) * a.pitch)[x];
}

// Pixel (i, j) of scale 0: the resized sample in 10 bits, anti-dithered below 10 bits
// (anti_dithering_filter reads the unfiltered pixels right and below).
template <typename T>
FVMAF_HD inline std::uint16_t prep_pixel(const PictureArgs& a, unsigned i, unsigned j) {
  auto c = [&a](unsigned y, unsigned x) -> unsigned {
    return to_10bit(a.resize ? sample_at<T>(a, a.src_y[y], a.src_x[x]) : sample_at<T>(a, y, x), a.bpc);
  };
  if (!a.anti_dither) return static_cast<std::uint16_t>(c(i, j));
  const bool last_row = i + 1 == a.h, last_col = j + 1 == a.w;
  if (!last_row && !last_col) return anti_dither_2x2(c(i, j), c(i, j + 1), c(i + 1, j), c(i + 1, j + 1));
  if (!last_row) return anti_dither_pair(c(i, j), c(i + 1, j));
  if (!last_col) return anti_dither_pair(c(i, j), c(i, j + 1));
  return static_cast<std::uint16_t>(c(i, j));
}

// Work-item `item` of `items` checks samples item, item + items, ...; false when one is
// too large for the bit depth.
template <typename T>
FVMAF_HD inline bool check_samples(const PictureArgs& a, std::size_t item, std::size_t items) {
  if (sample_fits(0xFFFFu, a.bpc)) return true;  // a depth that is not checked
  bool fits = true;
  const std::size_t n = static_cast<std::size_t>(a.in_w) * a.in_h;
  for (std::size_t k = item; k < n; k += items)
    fits = fits && sample_fits(sample_at<T>(a, static_cast<unsigned>(k / a.in_w), static_cast<unsigned>(k % a.in_w)), a.bpc);
  return fits;
}

// Resets the frame state, work-item `item` of `items`.
FVMAF_HD inline void reset_state(const PictureArgs& a, std::size_t item, std::size_t items) {
  for (std::size_t k = item; k < kStateWords; k += items) a.state[k] = 0;
}

// Phase 1: tile cells item, item + items, ... of the preprocessed picture (0 outside).
template <typename T>
FVMAF_HD inline void picture_load(const PictureArgs& a, int i0, int j0, int item, int items, std::uint16_t* tile) {
  for (int k = item; k < kMaskImgH * kMaskImgW; k += items) {
    const int i = i0 - kMaskRadius + k / kMaskImgW, j = j0 - kMaskRadius + k % kMaskImgW;
    const bool inside = i >= 0 && j >= 0 && i < static_cast<int>(a.h) && j < static_cast<int>(a.w);
    tile[k] = inside ? prep_pixel<T>(a, static_cast<unsigned>(i), static_cast<unsigned>(j)) : std::uint16_t{0};
  }
}

// Phase 2: flat flags (get_derivative_data_for_row), 0 outside the frame.
FVMAF_HD inline void mask_flat(const PictureArgs& a, int i0, int j0, int item, int items, const std::uint16_t* tile,
                               std::uint8_t* flat) {
  for (int k = item; k < kMaskFlatH * kMaskFlatW; k += items) {
    const int r = k / kMaskFlatW, c = k % kMaskFlatW;
    const int i = i0 - kMaskRadius + r, j = j0 - kMaskRadius + c;
    const int h = static_cast<int>(a.h), w = static_cast<int>(a.w);
    bool f = false;
    if (i >= 0 && j >= 0 && i < h && j < w) {
      const bool last_row = i == h - 1, last_col = j == w - 1;
      const std::uint16_t p = tile[r * kMaskImgW + c];
      f = zero_derivative(p, tile[r * kMaskImgW + c + 1], tile[(r + 1) * kMaskImgW + c], last_col, last_row);
    }
    flat[k] = f ? 1 : 0;
  }
}

// Phase 3: the flat pixels of 7 rows down each tile column.
FVMAF_HD inline void mask_columns(int item, int items, const std::uint8_t* flat, std::uint8_t* column) {
  for (int k = item; k < kTileH * kMaskFlatW; k += items) {
    const int r = k / kMaskFlatW, c = k % kMaskFlatW;
    unsigned s = 0;
    for (int d = 0; d < 2 * kMaskRadius + 1; ++d) s += flat[(r + d) * kMaskFlatW + c];
    column[k] = static_cast<std::uint8_t>(s);
  }
}

// Phase 4: work-item (ty, tx) writes pixel (i0 + ty, j0 + tx) of the picture and the mask
// (compute_mask_row).
FVMAF_HD inline void picture_store(const PictureArgs& a, int i0, int j0, int ty, int tx, const std::uint16_t* tile,
                                   const std::uint8_t* column) {
  const int i = i0 + ty, j = j0 + tx;
  if (i >= static_cast<int>(a.h) || j >= static_cast<int>(a.w)) return;
  unsigned s = 0;
  for (int d = 0; d < 2 * kMaskRadius + 1; ++d) s += column[ty * kMaskFlatW + tx + d];
  const std::size_t at = static_cast<std::size_t>(i) * a.w + static_cast<unsigned>(j);
  a.image[at] = tile[(ty + kMaskRadius) * kMaskImgW + tx + kMaskRadius];
  a.mask[at] = in_mask(s, static_cast<unsigned>(a.mask_index)) ? 1 : 0;
}

// ---- scale kernels: mode filter and level keys of one scale, bit masks of another --------
// Mode blocks filter an 8 x 32 tile: they load the (decimated) picture around it (10 x 34),
// take the horizontal modes (10 x 32), then the vertical ones, and write the filtered
// picture and each pixel's key: its level in the band when it is in the mask and in the
// band, else kNoKey. Bit blocks take the keys of a finished scale (below). One launch
// runs the bit blocks of scale s and the mode blocks of scale s + 1, which are independent.

inline constexpr int kModeH = kTileH + 2, kModeW = kTileW + 2;

struct ModeArgs {
  const std::uint16_t* src = nullptr;  // the previous scale (or the picture of scale 0)
  unsigned src_pitch = 0;              // elements
  bool decimate = false;               // src(2i, 2j) is this scale's (i, j)
  unsigned w = 0, h = 0;               // this scale
  const std::uint8_t* mask = nullptr;  // the full-resolution mask, pitch mask_pitch
  unsigned mask_pitch = 0;
  unsigned mask_shift = 0;  // this scale's (i, j) is the mask's (i << shift, j << shift)
  int band_base = 0, band_size = 0;
  std::uint16_t* out = nullptr;   // filtered picture, w x h, pitch w
  std::uint16_t* keys = nullptr;  // w x h, pitch w
};

FVMAF_HD inline void mode_load(const ModeArgs& a, int i0, int j0, int item, int items, std::uint16_t* tile) {
  const unsigned step = a.decimate ? 2u : 1u;
  for (int k = item; k < kModeH * kModeW; k += items) {
    const int i = i0 - 1 + k / kModeW, j = j0 - 1 + k % kModeW;
    const bool inside = i >= 0 && j >= 0 && i < static_cast<int>(a.h) && j < static_cast<int>(a.w);
    tile[k] = inside ? a.src[static_cast<std::size_t>(step * static_cast<unsigned>(i)) * a.src_pitch +
                             step * static_cast<unsigned>(j)]
                     : std::uint16_t{0};
  }
}

// filter_mode's horizontal pass (mode_row) for tile rows i0-1 .. i0+8.
FVMAF_HD inline void mode_rows(const ModeArgs& a, int j0, int item, int items, const std::uint16_t* tile,
                               std::uint16_t* rows) {
  for (int k = item; k < kModeH * kTileW; k += items) {
    const int r = k / kTileW, c = k % kTileW, j = j0 + c;
    const std::uint16_t* t = tile + r * kModeW + c + 1;
    const bool edge = j == 0 || j >= static_cast<int>(a.w) - 1;
    rows[k] = edge ? t[0] : mode3(t[-1], t[0], t[1]);
  }
}

// The vertical pass at (i0 + ty, j0 + tx): rows 0 and h-1 keep their samples.
FVMAF_HD inline void mode_store(const ModeArgs& a, int i0, int j0, int ty, int tx, const std::uint16_t* tile,
                                const std::uint16_t* rows) {
  const int i = i0 + ty, j = j0 + tx;
  if (i >= static_cast<int>(a.h) || j >= static_cast<int>(a.w)) return;
  std::uint16_t v = tile[(ty + 1) * kModeW + tx + 1];
  if (i != 0 && i != static_cast<int>(a.h) - 1)
    v = mode3(rows[ty * kTileW + tx], rows[(ty + 1) * kTileW + tx], rows[(ty + 2) * kTileW + tx]);
  const std::size_t at = static_cast<std::size_t>(i) * a.w + static_cast<unsigned>(j);
  a.out[at] = v;
  const bool masked =
      a.mask[static_cast<std::size_t>(static_cast<unsigned>(i) << a.mask_shift) * a.mask_pitch +
             (static_cast<unsigned>(j) << a.mask_shift)] != 0;
  const int level = static_cast<int>(v) - a.band_base;
  a.keys[at] = masked && level >= 0 && level < a.band_size ? static_cast<std::uint16_t>(level) : kNoKey;
}

// Bit blocks: for row r of a scale, bit x of
//   start[r]   a run of equal keys starts at x (x == 0 or key(r, x) != key(r, x - 1))
//   valid[r]   key(r, x) is counted (not kNoKey)
//   change[r]  the slide to row r leaves row r-pad-1 and enters row r+pad, both inside
//              the frame, and their keys differ at x
// Bits past the width: start set, the others clear. One warp ballot per 32 columns.

struct BitsArgs {
  const std::uint16_t* keys = nullptr;
  unsigned w = 0, h = 0;
  int pad = 0;
  unsigned words = 0;  // per row
  std::uint32_t* start = nullptr;
  std::uint32_t* valid = nullptr;
  std::uint32_t* change = nullptr;
};

struct RowBits {
  bool start = true, valid = false, change = false;
};

FVMAF_HD inline RowBits row_bits(const BitsArgs& a, int r, int x) {
  RowBits b;
  if (r >= static_cast<int>(a.h) || x >= static_cast<int>(a.w)) return b;
  const std::uint16_t* row = a.keys + static_cast<std::size_t>(r) * a.w;
  b.start = x == 0 || row[x] != row[x - 1];
  b.valid = row[x] != kNoKey;
  const int leave = r - a.pad - 1, enter = r + a.pad;
  if (leave >= 0 && enter < static_cast<int>(a.h))
    b.change = a.keys[static_cast<std::size_t>(leave) * a.w + static_cast<unsigned>(x)] !=
               a.keys[static_cast<std::size_t>(enter) * a.w + static_cast<unsigned>(x)];
  return b;
}

// The lane of (row r, word wd) that stores the three words.
FVMAF_HD inline void store_row_bits(const BitsArgs& a, int r, unsigned wd, std::uint32_t start, std::uint32_t valid,
                                    std::uint32_t change) {
  if (r >= static_cast<int>(a.h)) return;
  const std::size_t at = static_cast<std::size_t>(r) * a.words + wd;
  a.start[at] = start;
  a.valid[at] = valid;
  a.change[at] = change;
}

// One launch's blocks: the bit tiles of one scale, then the mode tiles of the next (either
// may be absent). Tiles are numbered row-major over the scale's 8 x 32 tiles.
struct ScaleArgs {
  ModeArgs mode;
  BitsArgs bits;
  unsigned bits_tiles_x = 0, bits_blocks = 0;
  unsigned mode_tiles_x = 0, mode_blocks = 0;
};

// ---- the c-value kernel: column-owned sliding histograms in shared memory ---------------
// One launch for every scale. A block is one warp and owns `cols` (16 or 32) columns of a
// row chunk of one scale: lane c owns column j0 + c of the block's histogram (uint16 in
// shared memory, hist[level * cols + c]), which counts the pixels of each level (key) in
// the window of the current row around its column. The block fills the window of its
// first row, then slides it down one row at a time: a row leaves at the top and one
// enters at the bottom; where their keys agree over the lane's columns nothing changes
// and the lane skips them; a changed segment is applied one run of equal keys at a time.
// Then the lane computes its pixel's c-value. Counts are updated modulo 2^16 by their own
// lane only: a window holds at most 65 x 65 = 4225 pixels, so every count is exact once
// a row's updates are in, whatever their order.
//
// The rows a step reads (keys over the block's span of columns and their bit-mask words)
// are staged in shared memory by the whole warp, one step ahead: each lane loads its
// share of step k + 1 into registers before it applies step k, and stores it after.

inline constexpr int kCValueLanes = 32;
inline constexpr int kMaxPad = 32;  // the window guard keeps windows at 65 or less
inline constexpr int kSpan = kCValueLanes + 2 * kMaxPad;  // columns a block's windows cover
inline constexpr int kSpanWords = 4;                      // bit-mask words covering a span
inline constexpr int kKeysPerLane = kSpan / kCValueLanes;
static_assert(kSpan % kCValueLanes == 0);

struct CValueScale {
  const std::uint16_t* keys = nullptr;  // this scale, pitch w
  const std::uint16_t* img = nullptr;   // filtered picture, pitch w
  const std::uint32_t* start = nullptr;
  const std::uint32_t* valid = nullptr;
  const std::uint32_t* change = nullptr;
  float* c_out = nullptr;  // w x h, pitch w
  unsigned w = 0, h = 0, words = 0;
  unsigned tiles = 0;       // column tiles of `cols` columns
  unsigned chunk_rows = 1;  // rows per block
  unsigned first_block = 0;
};

struct CValueLaunch {
  CValueScale scale[kScales];
  CValueTables tables;
  const float* lut = nullptr;
  int pad = 0;
  int cols = 32;  // columns per block (lanes that own a column)
};

// What a block works on.
struct CValueBlock {
  int s = 0;            // scale
  int j0 = 0;           // first column
  int r0 = 0, r1 = 0;   // rows [r0, r1)
  int xs0 = 0, xs1 = 0; // the span of columns its windows cover
  int wd0 = 0;          // first bit-mask word of the span
  int init_lo = 0, init_rows = 0;  // the window of row r0
  int init_steps = 0;   // two rows a step
  int steps = 0;        // init_steps + (r1 - r0)
};

FVMAF_HD inline CValueBlock cvalue_block(const CValueLaunch& l, unsigned block) {
  CValueBlock b;
  while (b.s + 1 < kScales && block >= l.scale[b.s + 1].first_block) ++b.s;
  const CValueScale& sc = l.scale[b.s];
  const unsigned local = block - sc.first_block;
  const int w = static_cast<int>(sc.w), h = static_cast<int>(sc.h);
  b.j0 = static_cast<int>(local % sc.tiles) * l.cols;
  b.r0 = static_cast<int>(local / sc.tiles * sc.chunk_rows);
  b.r1 = min_i(h, b.r0 + static_cast<int>(sc.chunk_rows));
  b.xs0 = max_i(0, b.j0 - l.pad);
  b.xs1 = min_i(w - 1, b.j0 + l.cols - 1 + l.pad);
  b.wd0 = b.xs0 >> 5;
  b.init_lo = max_i(0, b.r0 - l.pad);
  b.init_rows = min_i(h - 1, b.r0 + l.pad) - b.init_lo + 1;
  b.init_steps = (b.init_rows + 1) / 2;
  b.steps = b.init_steps + (b.r1 - b.r0);
  return b;
}

// Step k of a block: rows a (counted with delta_a) and b (+1). A slide step leaves row a
// (-1) and enters row b; with both, only the columns whose keys differ (the change mask
// of row `pixel`); then the c-value of row `pixel`. An init step enters two rows of the
// first window (a and b, both +1) and has no pixel.
struct CValueStep {
  int row_a = -1, row_b = -1, pixel = -1;
  int delta_a = -1;
  FVMAF_HD bool both() const { return row_a >= 0 && row_b >= 0 && pixel >= 0; }
};

FVMAF_HD inline CValueStep cvalue_step(const CValueLaunch& l, const CValueBlock& b, int k) {
  CValueStep st;
  if (k >= b.steps) return st;
  if (k < b.init_steps) {
    st.row_b = b.init_lo + 2 * k;
    if (2 * k + 1 < b.init_rows) st.row_a = st.row_b + 1;
    st.delta_a = +1;
    return st;
  }
  const int i = b.r0 + (k - b.init_steps);
  const int h = static_cast<int>(l.scale[b.s].h);
  st.pixel = i;
  if (i > b.r0) {
    if (i - l.pad - 1 >= 0) st.row_a = i - l.pad - 1;
    if (i + l.pad < h) st.row_b = i + l.pad;
  }
  return st;
}

// A step's staged rows: keys over the span, and the words change (of row `pixel`), valid
// and start of rows a and b.
struct CValueStage {
  std::uint16_t key_a[kSpan], key_b[kSpan];
  std::uint32_t words[5][kSpanWords];  // change, valid a, start a, valid b, start b
};

// What one lane loads for a step: its share of the stage, and its own pixel.
struct StageLoad {
  std::uint16_t key_a[kKeysPerLane], key_b[kKeysPerLane];
  std::uint32_t word = 0;
  std::uint16_t key = kNoKey, img = 0;
};

FVMAF_HD inline StageLoad stage_load(const CValueLaunch& l, const CValueBlock& b, const CValueStep& st, int lane) {
  const CValueScale& sc = l.scale[b.s];
  StageLoad r;
  for (int m = 0; m < kKeysPerLane; ++m) {
    const int x = b.xs0 + lane + m * kCValueLanes;
    r.key_a[m] = st.row_a >= 0 && x <= b.xs1 ? sc.keys[static_cast<std::size_t>(st.row_a) * sc.w + static_cast<unsigned>(x)]
                                            : kNoKey;
    r.key_b[m] = st.row_b >= 0 && x <= b.xs1 ? sc.keys[static_cast<std::size_t>(st.row_b) * sc.w + static_cast<unsigned>(x)]
                                            : kNoKey;
  }
  if (lane < 5 * kSpanWords) {
    const int which = lane / kSpanWords, wd = b.wd0 + lane % kSpanWords;
    const int row = which == 0 ? (st.both() ? st.pixel : -1) : which <= 2 ? st.row_a : st.row_b;
    const std::uint32_t* m = which == 0 ? sc.change : (which & 1) ? sc.valid : sc.start;
    if (row >= 0 && wd < static_cast<int>(sc.words)) r.word = m[static_cast<std::size_t>(row) * sc.words + static_cast<unsigned>(wd)];
  }
  const int j = b.j0 + lane;
  if (st.pixel >= 0 && lane < l.cols && j < static_cast<int>(sc.w)) {
    const std::size_t at = static_cast<std::size_t>(st.pixel) * sc.w + static_cast<unsigned>(j);
    r.key = sc.keys[at];
    r.img = sc.img[at];
  }
  return r;
}

FVMAF_HD inline void stage_store(const StageLoad& r, int lane, CValueStage& st) {
  for (int m = 0; m < kKeysPerLane; ++m) {
    st.key_a[lane + m * kCValueLanes] = r.key_a[m];
    st.key_b[lane + m * kCValueLanes] = r.key_b[m];
  }
  if (lane < 5 * kSpanWords) st.words[lane / kSpanWords][lane % kSpanWords] = r.word;
}

// The first x in [from, hi] whose bit is set in sel(word), else hi + 1. One return, after
// the loop: a return from inside it leaves an `unreachable` block in the c-value kernel
// once inlined, and AdaptiveCpp 24.06's CPU compilation of kernels with barriers takes
// such a block for a kernel exit, after which the real exit is lost (the SYCL kernel on
// the CPU device looped or crashed).
template <class Words>
FVMAF_HD inline int next_set(Words sel, int from, int hi) {
  int found = hi + 1;
  for (int x = from; x <= hi;) {
    const int wd = x >> 5;
    const std::uint32_t bits = sel(wd) & (~0u << (x & 31));
    if (bits) {
      const int at = (wd << 5) + lowest_bit(bits);
      found = at <= hi ? at : hi + 1;
      break;
    }
    x = (wd + 1) << 5;
  }
  return found;
}

// Adds delta times the pixels at the selected positions of [lo, hi] to the lane's
// histogram column, one run of equal keys at a time (a run ends where `start` or the end
// of the selection says).
template <class Sel, class Start>
FVMAF_HD inline void add_runs(std::uint16_t* col, int cols, const std::uint16_t* keys, int xs0, Sel sel, Start start,
                              int lo, int hi, int delta) {
  auto stop = [&](int wd) { return start(wd) | ~sel(wd); };
  for (int x = next_set(sel, lo, hi); x <= hi;) {
    const int end = next_set(stop, x + 1, hi);
    std::uint16_t& count = col[static_cast<int>(keys[x - xs0]) * cols];
    count = static_cast<std::uint16_t>(count + delta * (end - x));
    x = next_set(sel, end, hi);
  }
}

// Lane `lane` applies step `st` (staged in `s`) to its histogram column and, on a pixel
// row, writes its c-value.
FVMAF_HD inline void cvalue_apply(const CValueLaunch& l, const CValueBlock& b, const CValueStep& st,
                                  const CValueStage& s, const StageLoad& own, int lane, std::uint16_t* hist) {
  const CValueScale& sc = l.scale[b.s];
  const int j = b.j0 + lane;
  if (lane >= l.cols || j >= static_cast<int>(sc.w)) return;
  const int lo = max_i(0, j - l.pad), hi = min_i(static_cast<int>(sc.w) - 1, j + l.pad);
  std::uint16_t* col = hist + lane;
  auto word = [&s, &b](int which, int wd) { return s.words[which][wd - b.wd0]; };
  const bool both = st.both();
  if (!both || next_set([&](int wd) { return word(0, wd); }, lo, hi) <= hi) {
    if (st.row_a >= 0)
      add_runs(col, l.cols, s.key_a, b.xs0, [&](int wd) { return (both ? word(0, wd) : ~0u) & word(1, wd); },
               [&](int wd) { return word(2, wd); }, lo, hi, st.delta_a);
    if (st.row_b >= 0)
      add_runs(col, l.cols, s.key_b, b.xs0, [&](int wd) { return (both ? word(0, wd) : ~0u) & word(3, wd); },
               [&](int wd) { return word(4, wd); }, lo, hi, +1);
  }
  if (st.pixel < 0) return;
  float c = 0.0f;
  if (own.key != kNoKey) {
    const int cols = l.cols;
    c = c_value_pixel(own.img, l.tables, l.lut,
                      [col, cols](int k) { return static_cast<unsigned>(col[k * cols]); });
  }
  sc.c_out[static_cast<std::size_t>(st.pixel) * sc.w + static_cast<unsigned>(j)] = c;
}

// Clears the block's histogram (band x cols counts), work-item `lane` of the warp.
FVMAF_HD inline void clear_hist(std::uint16_t* hist, int counts, int lane) {
  for (int k = lane; k < counts; k += kCValueLanes) hist[k] = 0;
}

// ---- top-K: radix selection of the k-th largest c-value, exact sum -----------------------

FVMAF_HD inline unsigned bin1_of(std::uint32_t bits) { return (bits >> 16) - kFirstHigh; }

// A block's bins (shared memory): count and sum of a non-zero c-value.
FVMAF_HD inline void bin_value(float c, std::uint32_t* count, std::uint64_t* sum) {
  if (c == 0.0f) return;
  const unsigned b = bin1_of(float_bits(c));
  atomic_add(&count[b], 1u);
  atomic_add(&sum[b], fixed_units(c));
}

// Pass 1, phase 1: work-item `item` of `items` bins the c-values of its segments of
// `seg` consecutive pixels (segments item, item + items, ...). Neighbouring c-values are
// often equal, so a run of one bin is added to the block's bins once.
FVMAF_HD inline void bin_plane(const float* c, std::size_t n, std::size_t item, std::size_t items, std::size_t seg,
                               std::uint32_t* count, std::uint64_t* sum) {
  unsigned bin = 0;
  std::uint32_t run = 0;
  std::uint64_t run_sum = 0;
  for (std::size_t first = item * seg; first < n; first += items * seg)
    for (std::size_t i = first; i < first + seg && i < n; ++i) {
      if (c[i] == 0.0f) continue;
      const unsigned b = bin1_of(float_bits(c[i]));
      if (run != 0 && b != bin) {
        atomic_add(&count[bin], run);
        atomic_add(&sum[bin], run_sum);
        run = 0;
        run_sum = 0;
      }
      bin = b;
      ++run;
      run_sum += fixed_units(c[i]);
    }
  if (run != 0) {
    atomic_add(&count[bin], run);
    atomic_add(&sum[bin], run_sum);
  }
}

// Adds a block's bins to the scale's (global) bins: bins item, item + items, ... (no
// sums when g_sum is null: pass 3 counts equal values).
FVMAF_HD inline void flush_bins(int item, int items, unsigned bins, const std::uint32_t* count,
                                const std::uint64_t* sum, std::uint32_t* g_count, std::uint64_t (*g_sum)[2]) {
  for (int b = item; b < static_cast<int>(bins); b += items) {
    if (count[b] == 0) continue;
    atomic_add(&g_count[b], count[b]);
    if (g_sum) atomic_add_128(g_sum[b], sum[b]);
  }
}

// After a block's results are flushed (and fenced): true for the launch's last block,
// which then sees every block's bins.
FVMAF_HD inline bool take_ticket(std::uint32_t* ticket, std::uint32_t blocks) {
  return hd::arrive(ticket) == blocks - 1;
}

// Pass 1's selection, by the last block of a scale. Phase 1: work-item
// `item` totals its slice of the bins (read through volatile: other blocks wrote them).
FVMAF_HD inline void slice_totals(const ScaleBins& g, int item, int items, std::uint32_t* slice_count,
                                  std::uint64_t (*slice_sum)[2]) {
  const int per = (static_cast<int>(kBins1) + items - 1) / items;
  const volatile std::uint32_t* count = g.count1;
  const volatile std::uint64_t* sum = &g.sum1[0][0];
  std::uint32_t n = 0;
  std::uint64_t s[2] = {0, 0};
  for (int b = item * per; b < min_i((item + 1) * per, static_cast<int>(kBins1)); ++b) {
    n += count[b];
    add_128(s, sum[2 * b], sum[2 * b + 1]);
  }
  slice_count[item] = n;
  slice_sum[item][0] = s[0];
  slice_sum[item][1] = s[1];
}

// Phase 2, one work-item: takes whole slices, then whole bins, from the top while they
// fit in k; the first bin that does not is the boundary (pass 2 looks into it), unless
// nothing is left to take.
FVMAF_HD inline void select_pass1(const ScaleBins& g, int slices, const std::uint32_t* slice_count,
                                  const std::uint64_t (*slice_sum)[2], std::uint32_t k, ScaleSelect& sel) {
  const int per = (static_cast<int>(kBins1) + slices - 1) / slices;
  std::uint32_t taken = 0;
  std::uint64_t s[2] = {0, 0};
  int q = slices - 1;
  for (; q >= 0 && taken + slice_count[q] <= k; --q) {
    taken += slice_count[q];
    add_128(s, slice_sum[q][0], slice_sum[q][1]);
  }
  sel.stage = kDone;
  sel.rest = 0;
  sel.prefix = 0;
  if (q >= 0) {
    const volatile std::uint32_t* count = g.count1;
    const volatile std::uint64_t* sum = &g.sum1[0][0];
    int b = min_i((q + 1) * per, static_cast<int>(kBins1)) - 1;
    for (; b >= q * per && taken + count[b] <= k; --b) {
      taken += count[b];
      add_128(s, sum[2 * b], sum[2 * b + 1]);
    }
    if (b < q * per) {
      sel.stage = kBroken;
    } else if (taken < k) {
      sel.stage = kPass2;
      sel.rest = k - taken;
      sel.prefix = static_cast<std::uint32_t>(b) + kFirstHigh;
    }
  }
  sel.sum[0] = s[0];
  sel.sum[1] = s[1];
}

// Passes 2 and 3, phase 1: work-item `item` of the blocks of one scale bins the c-values
// of the boundary: pass 2 (stage kPass2) by bits 15..8 of those whose top 16 bits are the
// prefix, pass 3 by bits 7..0 of those whose top 24 bits are.
FVMAF_HD inline void bin_boundary(const float* c, std::size_t n, const ScaleSelect& sel, std::uint32_t stage,
                                  std::size_t first, std::size_t stride, std::uint32_t* count, std::uint64_t* sum) {
  if (sel.stage != stage) return;
  const unsigned shift = stage == kPass2 ? 16 : 8;
  for (std::size_t i = first; i < n; i += stride) {
    const std::uint32_t bits = float_bits(c[i]);
    if ((bits >> shift) != sel.prefix) continue;
    const unsigned b = (bits >> (shift - 8)) & 0xFF;
    atomic_add(&count[b], 1u);
    if (stage == kPass2) atomic_add(&sum[b], fixed_units(c[i]));
  }
}

// Passes 2 and 3, the last block, one work-item per scale: takes whole sub-bins from the
// top while they fit; pass 3's sub-bins hold equal values, so its boundary is taken in part.
FVMAF_HD inline void select_boundary(const ScaleBins& g, std::uint32_t stage, ScaleSelect& sel) {
  if (sel.stage != stage) return;
  const volatile std::uint32_t* count = stage == kPass2 ? g.count2 : g.count3;
  const volatile std::uint64_t* sum = &g.sum2[0][0];
  std::uint32_t taken = 0;
  int b = static_cast<int>(kBins2) - 1;
  for (; b >= 0 && taken + count[b] <= sel.rest; --b) {
    taken += count[b];
    if (stage == kPass2)
      add_128(sel.sum, sum[2 * b], sum[2 * b + 1]);
    else
      add_product_128(sel.sum, fixed_units(bits_float((sel.prefix << 8) | static_cast<std::uint32_t>(b))), count[b]);
  }
  if (b < 0) {
    sel.stage = kBroken;
    return;
  }
  const std::uint32_t rest = sel.rest - taken;
  const std::uint32_t prefix = (sel.prefix << 8) | static_cast<std::uint32_t>(b);
  if (rest == 0) {
    sel.stage = kDone;
  } else if (stage == kPass2) {
    sel.stage = kPass3;
    sel.prefix = prefix;
  } else {
    add_product_128(sel.sum, fixed_units(bits_float(prefix)), rest);
    sel.stage = kDone;
  }
  sel.rest = stage == kPass2 && rest != 0 ? rest : 0;
}

}  // namespace twin

}  // namespace fastvmaf::cambi
