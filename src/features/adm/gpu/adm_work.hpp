// The ADM twin's decomposition (src/features/adm/gpu/): which blocks a frame's launches
// have, what each work-item of a block computes, and the twin's slot of the results block,
// written once for the kernels (adm_kernels.cu) and the host replay
// (tests/replay/adm_replay_test.cpp); the plan of a frame's stages is adm_plan.hpp. The
// per-sample arithmetic is adm_math.hpp, the CPU reference's own.
//
// libvmaf's integer ADM runs four scales; each scale's DWT reads the previous scale's
// approximation band (scale 0: the luma planes), and each scale's contrast measure
// reads the 3x3 neighbourhood of its decoupled bands. So a frame is five stages, one
// launch each, stage k holding two kinds of block side by side:
//
//   band blocks of scale k (k < 4)     one band row each: for every column (work-item t
//                                      takes columns t, t + kThreads, ...) the DWT of both
//                                      pictures straight from the scale's input (the four
//                                      vertical taps at the four source columns, then the
//                                      horizontal taps), the approximation band into the
//                                      next scale's input, and where the masking needs it
//                                      the decouple, CSF and masking terms (MaskCell) into
//                                      the scale's mask planes; the CSF denominator's
//                                      cubes of the row, reduced in the block
//   measure blocks of scale k - 1      one measured row each: the masking threshold and
//                                      the masked cubes of both passes (DLM and AIM) over
//                                      the row's columns, reduced in the block
//
// The two kinds in one launch are independent: a scale's mask planes are written by
// stage k and read by stage k + 1 only, and scales of either parity use their own set
// of planes (set k % 2), as the approximation bands alternate between two buffers.
//
// Exact: every sum is an integer. The CPU sums each row in 64 bits (modulo 2^64, as its
// wrap-around arithmetic does), rounds the row's sum once (row_total) and adds the
// rounded rows modulo 2^64. A block owns a whole row, so its tree reduction gives the
// row's sum modulo 2^64 whatever the order; work-item 0 rounds it with row_total and
// adds it to the slot with a 64-bit atomic, and modular sums of the rounded rows do
// not depend on their order either. The only floating point is libvmaf's own: the
// decouple's angle test (float conversions, double products) and its enhancement gain
// (a double product), spelled with explicit rounding in adm_math.hpp; the host then
// finishes with the CPU's finish_frame.
//
// libvmaf's reads before its buffers at scale 3 of frames 17..32 high or wide
// (adm_cpu.cpp) are reproduced: scale 0's band block of row h0 - 2 keeps the leftover
// CSF values of its d band for scale 3 to read as the reference's row -1, and the
// column -1 rule of the vertical-pass rows is applied per sample.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "common/adm_csf.hpp"
#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/reduce.hpp"
#include "features/adm/adm_math.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::adm::twin {

inline constexpr unsigned kThreads = 256;  // work-items of a block
inline constexpr int kStages = kScales + 1;
inline constexpr unsigned kLaunchesPerFrame = kStages;
inline constexpr int kPartials = 6;  // per-row sums carried into a block's reduction

// The planes of one scale's decoupled cells (the CPU's MaskRow), masker rows x w each.
enum MaskPlane : int {
  kNbDlm = 0,
  kCentreDlm = 1,
  kNbAim = 2,
  kCentreAim = 3,
  kXDlm = 4,  // 3 planes: h, v, d
  kXAim = 7,  // 3 planes
  kMaskPlanes = 10
};

// The twin's slot of the frame's results block: the CPU's ScaleSums of every scale.
struct Results {
  std::int64_t dlm[kScales][3];
  std::int64_t aim[kScales][3];
  std::uint64_t den[kScales][3];
};

// One scale as the kernels see it (plain data, part of a kernel argument).
struct ScaleArgs {
  int scale = 0;
  int in_w = 0, in_h = 0, w = 0, h = 0;
  int measure_top = 0, measure_bottom = 0, measure_left = 0, measure_right = 0;
  int masker_top = 0, masker_bottom = 0, masker_left = 0, masker_right = 0;
  std::uint32_t i_rfactor[3] = {0, 0, 0};
  std::int32_t v_add = 0, h_add = 0;  // DWT rounding of scales 1..3
  int v_shift = 0, h_shift = 0;
  CubeRounding rounding[3] = {};
  std::uint32_t cm_row_add = 0, cm_row_shift = 0;
  std::uint32_t den_cub_add = 0, den_cub_shift = 0, den_row_add = 0, den_row_shift = 0;
  bool detail = false;  // decoupled and measured (not scale 0 under adm_skip_scale0)
  bool keep_a = false;  // its approximation band is the next scale's input
  const std::int32_t* in[2] = {nullptr, nullptr};  // scales 1..3: the input bands (ref, dis), in_w a row
  std::int32_t* out[2] = {nullptr, nullptr};       // its approximation bands, w a row (keep_a)
  std::int32_t* mask = nullptr;                    // kMaskPlanes planes; row i at (i - masker_top) * w
  std::size_t mask_plane = 0;                      // elements of one plane
};

// One stage's launch.
struct StageArgs {
  ScaleArgs band;                  // the scale of the band blocks
  ScaleArgs meas;                  // the scale of the measure blocks
  unsigned band_blocks = 0;        // blocks [0, band_blocks): band rows band_row0 + block
  int band_row0 = 0;
  unsigned measure_blocks = 0;     // then measured rows meas.measure_top + block - band_blocks
  const std::uint8_t* luma[2] = {nullptr, nullptr};  // scale 0's input (ref, dis) in the device frame
  std::size_t pitch[2] = {0, 0};
  int bpc = 8;
  std::int16_t* leftover = nullptr;  // scale 0's d-band CSF row leftover_row (nullptr: not needed)
  int leftover_row = 0, leftover_cols = 0;
  const std::int32_t* div_lookup = nullptr;  // the decouple's reciprocal table (kDivLookupSize)
  hd::f64 gain_limit = hd::f64(1.0);  // double, or SoftF64 where fp64 is missing
  float cos_sq = 0.0f;
  bool aim = true;
  Results* results = nullptr;
};

// ---------------------------------------------------------------------------------
// Work-items.

FVMAF_HD inline bool in_range(int v, int lo, int hi) { return v >= lo && v < hi; }
FVMAF_HD inline bool measured_row(const ScaleArgs& s, int row) {
  return s.detail && in_range(row, s.measure_top, s.measure_bottom);
}

template <typename T>
FVMAF_HD inline std::int32_t luma_sample(const std::uint8_t* plane, std::size_t pitch, int row, int col) {
  return reinterpret_cast<const T*>(plane + static_cast<std::size_t>(row) * pitch)[col];
}

// Scale 0's DWT at one cell of one picture: bands a, h, v, d (h, v, d only with `detail`).
template <typename T>
FVMAF_HD inline void dwt0_cell(const std::uint8_t* plane, std::size_t pitch, const int (&rows)[4],
                               const int (&cols)[4], int bpc, bool detail, std::int16_t (&out)[4]) {
  std::int16_t lo[4], hi[4] = {0, 0, 0, 0};
  for (int u = 0; u < 4; ++u) {
    std::int32_t s[4];
    for (int k = 0; k < 4; ++k) s[k] = luma_sample<T>(plane, pitch, rows[k], cols[u]);
    lo[u] = dwt0_vertical_lo(s[0], s[1], s[2], s[3], bpc);
    if (detail) hi[u] = dwt0_vertical_hi(s[0], s[1], s[2], s[3], bpc);
  }
  out[0] = dwt0_horizontal_lo(lo[0], lo[1], lo[2], lo[3]);
  if (!detail) return;
  out[1] = dwt0_horizontal_lo(hi[0], hi[1], hi[2], hi[3]);
  out[2] = dwt0_horizontal_hi(lo[0], lo[1], lo[2], lo[3]);
  out[3] = dwt0_horizontal_hi(hi[0], hi[1], hi[2], hi[3]);
}

// A sample of scale s's input band; row -1 (scale 3 of a frame 17..32 high) is
// libvmaf's leftover row for the reference and an untouched (zero) row for the
// distorted picture.
FVMAF_HD inline std::int32_t band_sample(const ScaleArgs& s, const std::int16_t* leftover, int pic, int row,
                                         int col) {
  if (row < 0) return pic == 0 ? int32_of_halves(leftover[2 * col], leftover[2 * col + 1]) : 0;
  return s.in[pic][static_cast<std::size_t>(row) * s.in_w + col];
}

FVMAF_HD inline void vertical123(const ScaleArgs& s, const std::int16_t* leftover, int pic, const int (&rows)[4],
                                 int col, std::int32_t& lo, std::int32_t& hi) {
  std::int64_t v[4];
  for (int k = 0; k < 4; ++k) v[k] = band_sample(s, leftover, pic, rows[k], col);
  lo = dwt123_lo(v[0], v[1], v[2], v[3], s.v_add, s.v_shift);
  hi = dwt123_hi(v[0], v[1], v[2], v[3], s.v_add, s.v_shift);
}

// Scales 1..3: the DWT at one cell of both pictures, out[picture] = a, h, v, d.
FVMAF_HD inline void dwt123_cell(const ScaleArgs& s, const std::int16_t* leftover, const int (&rows)[4],
                                 const int (&cols)[4], bool detail, std::int32_t (&out)[2][4]) {
  std::int32_t lo[2][4] = {}, hi[2][4] = {};
  for (int pic = 0; pic < 2; ++pic)
    for (int u = 0; u < 4; ++u)
      if (cols[u] >= 0) vertical123(s, leftover, pic, rows, cols[u], lo[pic][u], hi[pic][u]);
  if (cols[0] < 0) {
    // libvmaf's column -1 of its four vertical-pass rows (ref lo, ref hi, dis lo, dis
    // hi), laid out back to back after a zero heap header: each is the previous row's
    // last sample.
    std::int32_t last_lo[2], last_hi[2];
    for (int pic = 0; pic < 2; ++pic) vertical123(s, leftover, pic, rows, s.in_w - 1, last_lo[pic], last_hi[pic]);
    lo[0][0] = 0;
    hi[0][0] = last_lo[0];
    lo[1][0] = last_hi[0];
    hi[1][0] = last_lo[1];
  }
  for (int pic = 0; pic < 2; ++pic) {
    const std::int32_t* l = lo[pic];
    const std::int32_t* h = hi[pic];
    out[pic][0] = dwt123_lo(l[0], l[1], l[2], l[3], s.h_add, s.h_shift);
    if (!detail) continue;
    out[pic][1] = dwt123_lo(h[0], h[1], h[2], h[3], s.h_add, s.h_shift);
    out[pic][2] = dwt123_hi(l[0], l[1], l[2], l[3], s.h_add, s.h_shift);
    out[pic][3] = dwt123_hi(h[0], h[1], h[2], h[3], s.h_add, s.h_shift);
  }
}

FVMAF_HD inline std::int32_t* mask_at(const ScaleArgs& s, int plane, int row) {
  return s.mask + static_cast<std::size_t>(plane) * s.mask_plane + static_cast<std::size_t>(row - s.masker_top) * s.w;
}

FVMAF_HD inline void store_mask(const ScaleArgs& s, int row, int j, const MaskCell& m) {
  mask_at(s, kNbDlm, row)[j] = m.nb_dlm;
  mask_at(s, kCentreDlm, row)[j] = m.centre_dlm;
  mask_at(s, kNbAim, row)[j] = m.nb_aim;
  mask_at(s, kCentreAim, row)[j] = m.centre_aim;
  for (int b = 0; b < 3; ++b) {
    mask_at(s, kXDlm + b, row)[j] = m.x_dlm[b];
    mask_at(s, kXAim + b, row)[j] = m.x_aim[b];
  }
}

// A band block of scale 0 (row `row`), work-item t of n: its columns t, t + n, ...; the
// row's CSF denominator cubes go to `den`.
template <typename T>
FVMAF_HD inline void band_item0(const StageArgs& a, int row, unsigned t, unsigned n, std::uint64_t (&den)[3]) {
  const ScaleArgs& s = a.band;
  int rows[4];
  for (int k = 0; k < 4; ++k) rows[k] = source_index(row, k, s.in_h);
  const bool detail_row = s.detail && in_range(row, s.masker_top, s.masker_bottom);
  const bool measured = measured_row(s, row);
  const bool keeps_leftover = a.leftover && row == a.leftover_row;
  for (int j = static_cast<int>(t); j < s.w; j += static_cast<int>(n)) {
    int cols[4];
    for (int k = 0; k < 4; ++k) cols[k] = source_index(j, k, s.in_w);
    const bool detail = detail_row && in_range(j, s.masker_left, s.masker_right);
    std::int16_t o[4] = {0, 0, 0, 0}, d[4] = {0, 0, 0, 0};
    dwt0_cell<T>(a.luma[0], a.pitch[0], rows, cols, a.bpc, detail, o);
    dwt0_cell<T>(a.luma[1], a.pitch[1], rows, cols, a.bpc, detail, d);
    const std::size_t at = static_cast<std::size_t>(row) * s.w + j;
    s.out[0][at] = o[0];
    s.out[1][at] = d[0];
    std::int16_t left = 0;  // columns outside the CSF region were never written: zero
    if (detail) {
      const std::int16_t ob[3] = {o[1], o[2], o[3]}, tb[3] = {d[1], d[2], d[3]};
      const MaskCell m = mask_cell0(ob, tb, s.i_rfactor, a.gain_limit, a.cos_sq, a.div_lookup, a.aim);
      store_mask(s, row, j, m);
      if (measured && in_range(j, s.measure_left, s.measure_right))
        for (int b = 0; b < 3; ++b) den[b] += den_cube0(ob[b]);
      left = leftover_csf_d(m, a.aim);
    }
    if (keeps_leftover && j < a.leftover_cols) a.leftover[j] = left;
  }
}

// A band block of scales 1..3.
FVMAF_HD inline void band_item123(const StageArgs& a, int row, unsigned t, unsigned n, std::uint64_t (&den)[3]) {
  const ScaleArgs& s = a.band;
  int rows[4];
  for (int k = 0; k < 4; ++k) rows[k] = source_index(row, k, s.in_h);
  const bool detail_row = s.detail && in_range(row, s.masker_top, s.masker_bottom);
  const bool measured = measured_row(s, row);
  for (int j = static_cast<int>(t); j < s.w; j += static_cast<int>(n)) {
    const bool detail = detail_row && in_range(j, s.masker_left, s.masker_right);
    if (!detail && !s.keep_a) continue;
    int cols[4];
    for (int k = 0; k < 4; ++k) cols[k] = source_index(j, k, s.in_w);
    std::int32_t c[2][4] = {};
    dwt123_cell(s, a.leftover, rows, cols, detail, c);
    if (s.keep_a) {
      const std::size_t at = static_cast<std::size_t>(row) * s.w + j;
      s.out[0][at] = c[0][0];
      s.out[1][at] = c[1][0];
    }
    if (!detail) continue;
    const std::int32_t ob[3] = {c[0][1], c[0][2], c[0][3]}, tb[3] = {c[1][1], c[1][2], c[1][3]};
    store_mask(s, row, j, mask_cell123(ob, tb, s.i_rfactor, a.gain_limit, a.cos_sq, a.div_lookup, a.aim));
    if (measured && in_range(j, s.measure_left, s.measure_right))
      for (int b = 0; b < 3; ++b) den[b] += den_cube123(ob[b], s.scale, s.den_cub_add, s.den_cub_shift);
  }
}

// One pass of a measure block's work-item: the masked cubes of the three bands against
// the masking terms of planes nb and centre, signals from planes x.
FVMAF_HD inline void measure_pass(const ScaleArgs& s, int row, int above, int below, int nb, int centre, int x,
                                  unsigned t, unsigned n, std::int64_t* acc) {
  const std::int32_t* nb_above = mask_at(s, nb, above);
  const std::int32_t* nb_row = mask_at(s, nb, row);
  const std::int32_t* nb_below = mask_at(s, nb, below);
  const std::int32_t* centre_row = mask_at(s, centre, row);
  const std::int32_t* x_h = mask_at(s, x, row);
  const std::int32_t* x_v = mask_at(s, x + 1, row);
  const std::int32_t* x_d = mask_at(s, x + 2, row);
  for (int j = s.measure_left + static_cast<int>(t); j < s.measure_right; j += static_cast<int>(n)) {
    const std::int32_t thr = masking_threshold(nb_above, nb_row, nb_below, centre_row[j], j, s.w);
    acc[0] = add64(acc[0], masked_cube(x_h[j], thr, s.rounding[0]));
    acc[1] = add64(acc[1], masked_cube(x_v[j], thr, s.rounding[1]));
    acc[2] = add64(acc[2], masked_cube(x_d[j], thr, s.rounding[2]));
  }
}

// A measure block (row `row` of scale a.meas), work-item t of n: the masked cubes of
// its columns, DLM into acc[0..2] and AIM into acc[3..5]. Neighbour rows and columns
// mirror as libvmaf's ADM_CM_THRESH_* macros (masking_threshold).
FVMAF_HD inline void measure_item(const StageArgs& a, int row, unsigned t, unsigned n, std::int64_t (&acc)[kPartials]) {
  const ScaleArgs& s = a.meas;
  const int above = row == 0 ? 1 : row - 1;
  const int below = row == s.h - 1 ? s.h - 1 : row + 1;
  measure_pass(s, row, above, below, kNbDlm, kCentreDlm, kXDlm, t, n, acc);
  if (a.aim) measure_pass(s, row, above, below, kNbAim, kCentreAim, kXAim, t, n, acc + 3);
}

// The last phase of a block, work-item 0: the row's sums, rounded as the CPU rounds
// each row, added to the slot.
FVMAF_HD inline void finish_band_row(const StageArgs& a, const std::uint64_t* sums) {
  const ScaleArgs& s = a.band;
  for (int b = 0; b < 3; ++b)
    hd::atomic_add(&a.results->den[s.scale][b], row_total(sums[b], s.den_row_add, s.den_row_shift));
}

FVMAF_HD inline void finish_measure_row(const StageArgs& a, const std::uint64_t* sums) {
  const ScaleArgs& s = a.meas;
  for (int b = 0; b < 3; ++b)
    hd::atomic_add(&a.results->dlm[s.scale][b],
                   row_total(static_cast<std::int64_t>(sums[b]), s.cm_row_add, s.cm_row_shift));
  if (!a.aim) return;
  for (int b = 0; b < 3; ++b)
    hd::atomic_add(&a.results->aim[s.scale][b],
                   row_total(static_cast<std::int64_t>(sums[3 + b]), s.cm_row_add, s.cm_row_shift));
}

// The block reduction: partial holds kPartials arrays of kThreads sums; a step adds the
// upper half of each of the first `count` arrays to its lower half.
FVMAF_HD inline void reduce_step(std::uint64_t* partial, int count, unsigned t, unsigned half) {
  for (int k = 0; k < kPartials; ++k)
    if (k < count) hd::tree_step(partial + static_cast<std::size_t>(k) * kThreads, t, half);
}

}  // namespace fastvmaf::adm::twin
