// The VIF twin's decomposition (src/features/vif/gpu/): one launch per scale, each block a
// tile of kTileW x kTileH pixels of that scale, written once for the kernels
// (vif_kernels.cu) and the host replay (tests/replay/vif_replay_test.cpp); the plan (the
// launches' arguments and grids) is vif_plan.hpp. The per-pixel arithmetic is vif_math.hpp,
// the CPU reference's own (vif_sigmas, vif_accumulate, the log2 lookups); the constants and
// the host finish are vif_params.
//
// libvmaf's integer VIF of scale s (vif_statistic_8/16) filters ref, dis, ref^2, dis^2
// and ref*dis with the scale's separable filter (vertical pass rounded, horizontal pass
// rounded), turns each pixel's five values into sigmas and adds the pixel to four integer
// sums; scale s + 1 is the low-pass filter of the next scale at the even rows and columns
// of scale s (subsample_rd_8/16, decimate_and_pad). Edges mirror without repeating the
// edge sample, rows (pad_top_and_bottom) and columns of the vertical pass (PADDING_SQ_DATA).
//
// A block of launch s (tile bx, by; R the radius of the scale's filter, D of the next's):
//   phase 1  work-items load the tile's samples and an apron of R on each side into
//            shared memory, mirrored at the picture's edges (zero past what any pixel of
//            the picture reads)
//   phase 2  the vertical pass at the tile's rows and every apron column: the rounded
//            means and second moments; and (s < 3) the next scale's vertical pass at the
//            tile's even rows and the columns its horizontal pass reads
//   phase 3  each work-item's pixels: the horizontal pass, the sigmas and the pixel's
//            terms into the work-item's sums; and (s < 3) the next scale's samples at the
//            tile's even columns, written to its plane
//   phase 4+ a tree reduction of the four sums; work-item 0 adds the block's to the slot
// Exact: every filter sum is the integer libvmaf computes (the same widths: uint32 means,
// uint64 second moments, its roundings and casts), the statistics are vif_accumulate (its
// double expressions in libvmaf's order, explicitly rounded), and the scale's sums are
// int64 additions of integers, so neither the tiles nor the order of the blocks change a
// bit. A mirrored sample at column reflect(j) is the one the CPU's padded row holds at j,
// and the vertical pass of a column depends on that column alone, so the apron computed
// at mirrored columns is exactly the CPU's padding.
//
// With vif_skip_scale0 launch 0 only decimates (phases 1-3 without the statistic): the
// slot's scale 0 stays zero, as the CPU's accumulator does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/reduce.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_params.hpp"

// Full unrolling of the tap loops, so that filter_tap() folds to immediates (GPU
// compilers only; host compilers ignore the pragma anyway).
#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_VIF_UNROLL _Pragma("unroll")
#else
#define FVMAF_VIF_UNROLL
#endif

namespace fastvmaf::vif::twin {

inline constexpr unsigned kTileW = 64;   // pixels of a tile: columns
inline constexpr unsigned kTileH = 16;   // and rows (both even: the next scale's samples align)
inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kLaunchesPerFrame = kScales;  // one per scale, none else

// The twin's slot of the frame's results block: the four sums of every scale (scale 0
// stays zero with vif_skip_scale0). Zero when the frame's work starts.
struct Results {
  VifAccum scale[kScales];
};

// The shared-memory shape of a block of launch S.
template <int S>
struct TileShape {
  static constexpr int W = kFilterWidth[S];                          // the scale's taps
  static constexpr int R = W / 2;
  static constexpr bool kNext = S + 1 < kScales;                     // decimates to scale S + 1
  static constexpr int DW = kNext ? kFilterWidth[kNext ? S + 1 : S] : 1;  // the next scale's taps
  static constexpr int D = DW / 2;
  static constexpr int IW = kTileW + 2 * R, IH = kTileH + 2 * R;     // samples with the apron
  static constexpr int kInput = IW * IH;
  static constexpr int kVertical = kTileH * IW;                      // vertical-pass values
  static constexpr int NW = kTileW + 2 * D, NH = kTileH / 2;         // the next scale's vertical pass
  static constexpr int kNextVertical = kNext ? NW * NH : 1;
  static constexpr int kNextSamples = (kTileW / 2) * (kTileH / 2);
};

// The arguments of one scale's launch (device addresses; host buffers in the replay).
struct ScaleArgs {
  const std::uint8_t* ref = nullptr;  // the scale's samples: the frame's luma at scale 0
  const std::uint8_t* dis = nullptr;  // (8 or 16 bits), the twin's 16-bit planes after
  std::size_t ref_pitch = 0;          // bytes per row
  std::size_t dis_pitch = 0;
  unsigned w = 0, h = 0;              // the scale's size
  std::uint16_t* next_ref = nullptr;  // the next scale's planes, (w / 2) x (h / 2), rows of
  std::uint16_t* next_dis = nullptr;  // w / 2 samples (nullptr at scale 3)
  bool stat = true;                   // false: decimate only (vif_skip_scale0 at scale 0)
  VerticalRounding stat_rnd{};        // stat_rounding(scale, bpc)
  VerticalRounding next_rnd{};        // subsample_rounding(scale, bpc)
  hd::f64 gain_limit = hd::f64(100.0);  // vif_enhn_gain_limit
  const std::uint16_t* log2 = nullptr;  // log2_table() on the device
  VifAccum* sums = nullptr;           // the slot's sums of this scale
};

// What one frame's launches read and write.
struct FrameArgs {
  const std::uint8_t* ref = nullptr;  // the frame's luma planes in the shared device frame
  const std::uint8_t* dis = nullptr;
  std::size_t ref_pitch = 0, dis_pitch = 0;
  unsigned w = 0, h = 0, bpc = 8;
  bool skip_scale0 = false;
  hd::f64 gain_limit = hd::f64(100.0);
  const std::uint16_t* log2 = nullptr;
  std::uint16_t* scaled[kScales][2] = {};  // [s][0 ref, 1 dis] for s = 1..3 (the twin's planes)
  Results* results = nullptr;
};

// A block's shared memory (TileShape<S> gives the sizes).
struct Shared {
  std::uint16_t* ref;      // kInput samples, rows of IW
  std::uint16_t* dis;
  std::uint16_t* mu1;      // kVertical: rounded vertical means, rows of IW
  std::uint16_t* mu2;
  std::uint32_t* xx;       // kVertical: rounded vertical second moments
  std::uint32_t* yy;
  std::uint32_t* xy;
  std::uint16_t* next_ref; // kNextVertical: the next scale's vertical pass, rows of NW
  std::uint16_t* next_dis;
  std::int64_t* partial[4];  // kThreads each: num_log, den_log, num_non_log, den_non_log
};

template <typename T>
FVMAF_HD inline const T* row_of(const std::uint8_t* plane, std::size_t pitch, int row) {
  return reinterpret_cast<const T*>(plane + static_cast<std::size_t>(row) * pitch);
}

// Phase 1: the tile's samples and apron. Sample (r, c) of the tile is picture sample
// (reflect(y0 - R + r), reflect(x0 - R + c)); past row h - 1 + R or column w - 1 + R no
// pixel of the picture reads it (and reflect would leave the picture): zero.
template <int S, typename T>
FVMAF_HD inline void load_phase(const ScaleArgs& a, unsigned bx, unsigned by, unsigned t, unsigned n,
                                const Shared& sh) {
  using G = TileShape<S>;
  const int w = static_cast<int>(a.w), h = static_cast<int>(a.h);
  const int x0 = static_cast<int>(bx * kTileW) - G::R, y0 = static_cast<int>(by * kTileH) - G::R;
  for (unsigned i = t; i < static_cast<unsigned>(G::kInput); i += n) {
    const int y = y0 + static_cast<int>(i / G::IW), x = x0 + static_cast<int>(i % G::IW);
    std::uint16_t r = 0, d = 0;
    if (y < h + G::R && x < w + G::R) {
      const int yy = reflect(y, h), xx = reflect(x, w);
      r = row_of<T>(a.ref, a.ref_pitch, yy)[xx];
      d = row_of<T>(a.dis, a.dis_pitch, yy)[xx];
    }
    sh.ref[i] = r;
    sh.dis[i] = d;
  }
}

// The vertical second moments' sum of libvmaf: uint32 for 8-bit samples at scale 0
// (vif_statistic_8: 65536 * 255^2 < 2^32, no sum wraps), uint64 otherwise.
template <int S, typename T>
using SquareSum = std::conditional_t<S == 0 && sizeof(T) == 1, std::uint32_t, std::uint64_t>;

// Phase 2, the scale's vertical pass: value i (row i / IW, column i % IW of the tile)
// from the W samples below it. libvmaf's widths: the means in uint32 (f * x < 2^32),
// the second moments ((f * x) * x) in SquareSum, then its rounding and casts.
template <int S, typename T>
FVMAF_HD inline void vertical_phase(const ScaleArgs& a, unsigned t, unsigned n, const Shared& sh) {
  using G = TileShape<S>;
  using Sq = SquareSum<S, T>;
  const VerticalRounding rnd = a.stat_rnd;
  for (unsigned i = t; i < static_cast<unsigned>(G::kVertical); i += n) {
    std::uint32_t m1 = 0, m2 = 0;
    Sq xx = 0, yy = 0, xy = 0;
FVMAF_VIF_UNROLL
    for (int k = 0; k < G::W; ++k) {
      const std::uint32_t f = filter_tap(S, k);
      const std::uint32_t r = sh.ref[i + k * G::IW], d = sh.dis[i + k * G::IW];
      const std::uint32_t fr = f * r, fd = f * d;
      m1 += fr;
      m2 += fd;
      xx += static_cast<Sq>(fr) * r;
      yy += static_cast<Sq>(fd) * d;
      xy += static_cast<Sq>(fr) * d;
    }
    sh.mu1[i] = static_cast<std::uint16_t>((m1 + rnd.mu_round) >> rnd.mu_shift);
    sh.mu2[i] = static_cast<std::uint16_t>((m2 + rnd.mu_round) >> rnd.mu_shift);
    sh.xx[i] = static_cast<std::uint32_t>((xx + rnd.sq_round) >> rnd.sq_shift);
    sh.yy[i] = static_cast<std::uint32_t>((yy + rnd.sq_round) >> rnd.sq_shift);
    sh.xy[i] = static_cast<std::uint32_t>((xy + rnd.sq_round) >> rnd.sq_shift);
  }
}

// Phase 2, the next scale's vertical pass: value i (row i / NW, column i % NW) at the
// tile's row 2 (i / NW) and picture column bx * kTileW - D + i % NW, i.e. tile sample
// row 2 (i / NW) + R - D + k, column i % NW + R - D (subsample_rd's vertical pass).
template <int S>
FVMAF_HD inline void next_vertical_phase(const ScaleArgs& a, unsigned t, unsigned n, const Shared& sh) {
  using G = TileShape<S>;
  if constexpr (G::kNext) {
    const VerticalRounding rnd = a.next_rnd;
    for (unsigned i = t; i < static_cast<unsigned>(G::kNextVertical); i += n) {
      const unsigned base = (2 * (i / G::NW) + G::R - G::D) * G::IW + i % G::NW + G::R - G::D;
      std::uint32_t r = 0, d = 0;
FVMAF_VIF_UNROLL
      for (int k = 0; k < G::DW; ++k) {
        const std::uint32_t f = filter_tap(S + 1, k);
        r += f * sh.ref[base + k * G::IW];
        d += f * sh.dis[base + k * G::IW];
      }
      sh.next_ref[i] = static_cast<std::uint16_t>((r + rnd.mu_round) >> rnd.mu_shift);
      sh.next_dis[i] = static_cast<std::uint16_t>((d + rnd.mu_round) >> rnd.mu_shift);
    }
  }
}

// Phase 3, the scale's statistic: the work-item's pixels (i / kTileW, i % kTileW of the
// tile) added to `acc`. Horizontal pass from the vertical values at the W columns around
// the pixel: means in uint32 (not shifted), second moments in uint64, rounded by 2^16.
template <int S>
FVMAF_HD inline void horizontal_phase(const ScaleArgs& a, unsigned bx, unsigned by, unsigned t, unsigned n,
                                      const Shared& sh, VifAccum& acc) {
  using G = TileShape<S>;
  for (unsigned i = t; i < kTileW * kTileH; i += n) {
    const unsigned r = i / kTileW, c = i % kTileW;
    if (bx * kTileW + c >= a.w || by * kTileH + r >= a.h) continue;
    const unsigned base = r * G::IW + c;
    std::uint32_t m1 = 0, m2 = 0;
    std::uint64_t xx = 0, yy = 0, xy = 0;
FVMAF_VIF_UNROLL
    for (int k = 0; k < G::W; ++k) {
      const std::uint32_t f = filter_tap(S, k);
      m1 += f * static_cast<std::uint32_t>(sh.mu1[base + k]);
      m2 += f * static_cast<std::uint32_t>(sh.mu2[base + k]);
      xx += static_cast<std::uint64_t>(f) * sh.xx[base + k];
      yy += static_cast<std::uint64_t>(f) * sh.yy[base + k];
      xy += static_cast<std::uint64_t>(f) * sh.xy[base + k];
    }
    const Sigmas s = vif_sigmas(m1, m2, static_cast<std::uint32_t>((xx + 32768) >> 16),
                                static_cast<std::uint32_t>((yy + 32768) >> 16),
                                static_cast<std::uint32_t>((xy + 32768) >> 16));
    vif_accumulate(acc, s, a.gain_limit, a.log2);
  }
}

// Phase 3, the next scale's samples: sample i (row i / (kTileW / 2), column
// i % (kTileW / 2) of the tile's share of the next scale) is the horizontal pass at the
// even column 2 (i % (kTileW / 2)) of the next scale's vertical values, rounded by 2^16.
template <int S>
FVMAF_HD inline void next_horizontal_phase(const ScaleArgs& a, unsigned bx, unsigned by, unsigned t, unsigned n,
                                           const Shared& sh) {
  using G = TileShape<S>;
  if constexpr (G::kNext) {
    const unsigned nw = a.w / 2, nh = a.h / 2;
    for (unsigned i = t; i < static_cast<unsigned>(G::kNextSamples); i += n) {
      const unsigned r = i / (kTileW / 2), c = i % (kTileW / 2);
      const unsigned x = bx * (kTileW / 2) + c, y = by * (kTileH / 2) + r;
      if (x >= nw || y >= nh) continue;
      const unsigned base = r * G::NW + 2 * c;
      std::uint32_t vr = 0, vd = 0;
FVMAF_VIF_UNROLL
      for (int k = 0; k < G::DW; ++k) {
        const std::uint32_t f = filter_tap(S + 1, k);
        vr += f * static_cast<std::uint32_t>(sh.next_ref[base + k]);
        vd += f * static_cast<std::uint32_t>(sh.next_dis[base + k]);
      }
      a.next_ref[static_cast<std::size_t>(y) * nw + x] = static_cast<std::uint16_t>((vr + 32768) >> 16);
      a.next_dis[static_cast<std::size_t>(y) * nw + x] = static_cast<std::uint16_t>((vd + 32768) >> 16);
    }
  }
}

// Phase 4: the work-item's sums into the reduction arrays.
FVMAF_HD inline void store_partial(const Shared& sh, unsigned t, const VifAccum& acc) {
  sh.partial[0][t] = acc.num_log;
  sh.partial[1][t] = acc.den_log;
  sh.partial[2][t] = acc.num_non_log;
  sh.partial[3][t] = acc.den_non_log;
}

// Phases 5+: one tree step on the four arrays.
FVMAF_HD inline void reduce_step(const Shared& sh, unsigned t, unsigned half) {
  for (int q = 0; q < 4; ++q) hd::tree_step(sh.partial[q], t, half);
}

// The last phase: work-item 0 adds the block's sums to the slot.
FVMAF_HD inline void add_block(const ScaleArgs& a, const Shared& sh, unsigned t) {
  if (t != 0) return;
  hd::atomic_add(&a.sums->num_log, sh.partial[0][0]);
  hd::atomic_add(&a.sums->den_log, sh.partial[1][0]);
  hd::atomic_add(&a.sums->num_non_log, sh.partial[2][0]);
  hd::atomic_add(&a.sums->den_non_log, sh.partial[3][0]);
}

}  // namespace fastvmaf::vif::twin
