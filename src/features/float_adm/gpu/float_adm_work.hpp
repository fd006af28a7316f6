// The float ADM twin's work-items (its plan is float_adm_plan.hpp; the kernels
// float_adm_kernels.cu and float_adm_sycl.cpp and the host replay call these).
//
// libvmaf (float_adm.c, adm.c compute_adm, adm_tools.c) reads the luma as picture_copy's
// floats (offset -128) and for four scales takes a db2 DWT of the reference and the
// distorted image (scale s + 1 from scale s's approximation band), then per scale: the CSF
// denominator (|rfactor x|^3 of the reference bands, over the measure region), the
// decouple (restored bands r, impairment a, with libvmaf's DIVS: the host CPU's rcpss
// refined by one Newton step, reproduced from a table of the host's own estimate,
// core/hd/rcp_estimate.hpp), the masking weights, and the contrast measure of r masked
// by a (num) and of a masked by r (aim), each max(|rfactor x| - threshold, 0)^3 added in
// float: each row from the measure's left column, the rows from its top. The twin keeps
// libvmaf's order for every float sum (docs/adr/0210-float-family-twins.md): per-sample
// values in parallel, stored column-major (value[x * rows + y]), then one work-item per
// row and one per scale. Every operation is float_adm_math.hpp's, explicitly rounded; the
// double ones in hd::f64 (hd::SoftF64 under SYCL).
//
// Decomposition, per scale s (blockIdx.y: a row of one of the two images, ref rows first):
//   "float_adm_dwt_v"     one work-item per input column and output row: the low- and
//                         high-pass sums down the four source rows (scale 0 reads the frame)
//   "float_adm_dwt_h"     one work-item per band sample: a, h, v, d
//   "float_adm_decouple"  (computed scales) one work-item per sample of the decouple
//                         region: the denominator's three values (inside the measure
//                         region), the decouple in place (r over the reference bands, a
//                         over the distorted ones), both masking weights
//   "float_adm_measure"   (computed scales) one work-item per sample of the measure region:
//                         the thresholds and the six values of num and aim
// then for all scales "float_adm_rows" (a work-item per row: nine float sums) and
// "float_adm_total" (a work-item per scale: the rows in order) into the slot. The host
// finish is the CPU's scale_total (powf) and emit_scores.
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "core/hd.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rcp_estimate.hpp"
#include "core/hd/rounding.hpp"
#include "features/float_adm/float_adm_math.hpp"

namespace fastvmaf::float_adm::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kScales = 4;
// The nine sums of a scale: the denominator, num and aim, each per band (h, v, d).
inline constexpr unsigned kSums = 9;
inline constexpr unsigned kDen = 0, kNum = 3, kAim = 6;

// The twin's slot of the frame's results block: each scale's nine float totals (zero for
// a skipped scale 0).
struct Results {
  float sum[kScales][kSums];
};

// One scale's geometry and buffers (device addresses).
struct ScaleArgs {
  int in_w, in_h;                   // the DWT's input
  int w, h;                         // its bands
  int m_top, m_bottom, m_left, m_right;  // the measure region
  int d_top, d_bottom, d_left, d_right;  // the decouple region
  float rfactor[3];
  float* band[2][4];   // (ref, dis) x (a, h, v, d): w x h each
  float* values;       // kSums planes of the measure region, column-major
  float* rows;         // kSums x measure rows
};

// What the kernels read and write.
struct Args {
  const std::uint8_t* src[2];  // the lumas (ref, dis) in the shared device frame
  unsigned pitch;              // bytes
  unsigned bpc;
  float divisor;               // picture_copy's, of bpc
  ScaleArgs sc[kScales];
  float* lo[2];                // the DWT's vertical pass: in_w x h per image
  float* hi[2];
  float* weight_a[3];          // masking weights over the decouple region: w x h (scale 0's)
  float* weight_r[3];
  unsigned first_scale;        // 1 with adm_skip_scale0
  bool bypass_cm;
  bool recip_division;         // libvmaf's DIVS by rcpss (x86-64); else a division
  hd::RcpTable rcp;            // the host's rcpss (device copy)
  hd::f64 gain_limit;
  float cos_sq;
  Results* slot;
};

// The db2 filters, as device code reads them.
struct DwtFilters {
  float lo[4], hi[4];
};
FVMAF_HD inline DwtFilters dwt_filters() {
  DwtFilters f;
  for (int i = 0; i < 4; ++i) {
    f.lo[i] = dwt_coeff(false, i);
    f.hi[i] = dwt_coeff(true, i);
  }
  return f;
}

// Block row b of a launch over both images' rows of `rows` rows: image b / rows, row b % rows.
struct Where {
  unsigned side, y;
};
FVMAF_HD inline Where image_row(unsigned block_row, unsigned rows) { return {block_row / rows, block_row % rows}; }

// Sample (y, x) of scale s's DWT input of image `side`.
template <typename Sample>
FVMAF_HD inline float dwt_source(const Args& a, unsigned s, unsigned side, int y, int x) {
  if (s == 0) {
    const Sample* row = reinterpret_cast<const Sample*>(a.src[side] + static_cast<unsigned long long>(y) * a.pitch);
    return common::to_float(row[x], a.divisor, -128);
  }
  const ScaleArgs& p = a.sc[s - 1];
  return p.band[side][0][static_cast<unsigned long long>(y) * p.w + x];
}

// Kernel "dwt_v" of scale s: column x of the input at output row i, image `side`.
template <typename Sample>
FVMAF_HD inline void dwt_v_item(const Args& a, unsigned s, unsigned side, unsigned x, unsigned i) {
  const ScaleArgs& p = a.sc[s];
  if (side >= 2 || x >= static_cast<unsigned>(p.in_w) || i >= static_cast<unsigned>(p.h)) return;
  float v[4];
  for (int t = 0; t < 4; ++t)
    v[t] = dwt_source<Sample>(a, s, side, dwt_index(static_cast<int>(i), t, p.in_h), static_cast<int>(x));
  const DwtFilters f = dwt_filters();
  const unsigned long long at = static_cast<unsigned long long>(i) * p.in_w + x;
  a.lo[side][at] = dwt_tap(f.lo, v[0], v[1], v[2], v[3]);
  a.hi[side][at] = dwt_tap(f.hi, v[0], v[1], v[2], v[3]);
}

// Kernel "dwt_h" of scale s: band sample (i, j), image `side`.
FVMAF_HD inline void dwt_h_item(const Args& a, unsigned s, unsigned side, unsigned j, unsigned i) {
  const ScaleArgs& p = a.sc[s];
  if (side >= 2 || j >= static_cast<unsigned>(p.w) || i >= static_cast<unsigned>(p.h)) return;
  const float* lo = a.lo[side] + static_cast<unsigned long long>(i) * p.in_w;
  const float* hi = a.hi[side] + static_cast<unsigned long long>(i) * p.in_w;
  int x[4];
  for (int t = 0; t < 4; ++t) x[t] = dwt_index(static_cast<int>(j), t, p.in_w);
  const DwtFilters f = dwt_filters();
  const unsigned long long at = static_cast<unsigned long long>(i) * p.w + j;
  p.band[side][0][at] = dwt_tap(f.lo, lo[x[0]], lo[x[1]], lo[x[2]], lo[x[3]]);
  p.band[side][2][at] = dwt_tap(f.hi, lo[x[0]], lo[x[1]], lo[x[2]], lo[x[3]]);  // v
  p.band[side][1][at] = dwt_tap(f.lo, hi[x[0]], hi[x[1]], hi[x[2]], hi[x[3]]);  // h
  p.band[side][3][at] = dwt_tap(f.hi, hi[x[0]], hi[x[1]], hi[x[2]], hi[x[3]]);  // d
}

// Value (y, x) of sum q's plane of scale s (column-major over the measure region).
FVMAF_HD inline float& value_at(const ScaleArgs& p, unsigned q, int y, int x) {
  const unsigned long long rows = static_cast<unsigned long long>(p.m_bottom - p.m_top);
  const unsigned long long plane = rows * static_cast<unsigned long long>(p.m_right - p.m_left);
  return p.values[q * plane + static_cast<unsigned long long>(x - p.m_left) * rows + (y - p.m_top)];
}

// Kernel "decouple" of scale s: sample (d_top + y, d_left + x) of the decouple region.
FVMAF_HD inline void decouple_item(const Args& a, unsigned s, unsigned x, unsigned y) {
  const ScaleArgs& p = a.sc[s];
  const int i = p.d_top + static_cast<int>(y), j = p.d_left + static_cast<int>(x);
  if (i >= p.d_bottom || j >= p.d_right) return;
  const unsigned long long at = static_cast<unsigned long long>(i) * p.w + j;
  float o[3], t[3];
  for (int b = 0; b < 3; ++b) {
    o[b] = p.band[0][1 + b][at];
    t[b] = p.band[1][1 + b][at];
  }
  // adm_csf_den_scale_s reads the reference bands before the decouple replaces them.
  if (i >= p.m_top && i < p.m_bottom && j >= p.m_left && j < p.m_right)
    for (int b = 0; b < 3; ++b) value_at(p, kDen + b, i, j) = cube_value(o[b], p.rfactor[b], 0.0f);
  float r[3], d[3];
  const hd::RcpTable rcp = a.rcp;
  const bool recip = a.recip_division;
  decouple_in<hd::f64>(
      o, t, a.gain_limit, a.cos_sq,
      [rcp, recip](float n, float den) {
        return recip ? divs_refined(n, den, hd::rcp_estimate(rcp, den)) : hd::fdiv_rn(n, den);
      },
      r, d);
  const unsigned long long wat = static_cast<unsigned long long>(i) * p.w + j;
  for (int b = 0; b < 3; ++b) {
    p.band[0][1 + b][at] = r[b];
    p.band[1][1 + b][at] = d[b];
    a.weight_a[b][wat] = masking_weight<hd::f64>(hd::fmul_rn(p.rfactor[b], d[b]));
    a.weight_r[b][wat] = masking_weight<hd::f64>(hd::fmul_rn(p.rfactor[b], r[b]));
  }
}

// adm_cm_s's threshold at (i, j): the masker's weights around it and its CSF-weighted
// centre, in every orientation (reflected at the first row and column, repeated at the
// last).
FVMAF_HD inline float threshold_at(const Args& a, const ScaleArgs& p, float* const* weight, float* const* centre, int i,
                                   int j) {
  if (a.bypass_cm) return 0.0f;
  const int im1 = i == 0 ? 1 : i - 1, ip1 = i == p.h - 1 ? p.h - 1 : i + 1;
  const int jm1 = j == 0 ? 1 : j - 1, jp1 = j == p.w - 1 ? p.w - 1 : j + 1;
  const unsigned long long w = static_cast<unsigned long long>(p.w);
  float thr = 0;
  for (int b = 0; b < 3; ++b) {
    const float* wb = weight[b];
    const float csf = hd::fmul_rn(p.rfactor[b], centre[1 + b][static_cast<unsigned long long>(i) * w + j]);
    thr = hd::fadd_rn(thr, threshold_term<hd::f64>(wb + im1 * w, wb + i * w, wb + ip1 * w, jm1, j, jp1, csf));
  }
  return thr;
}

// Kernel "measure" of scale s: sample (m_top + y, m_left + x): num (r masked by a, with
// weight_a) and aim (a masked by r, with weight_r).
FVMAF_HD inline void measure_item(const Args& a, unsigned s, unsigned x, unsigned y) {
  const ScaleArgs& p = a.sc[s];
  const int i = p.m_top + static_cast<int>(y), j = p.m_left + static_cast<int>(x);
  if (i >= p.m_bottom || j >= p.m_right) return;
  const unsigned long long at = static_cast<unsigned long long>(i) * p.w + j;
  const float thr_num = threshold_at(a, p, a.weight_a, p.band[1], i, j);
  const float thr_aim = threshold_at(a, p, a.weight_r, p.band[0], i, j);
  for (int b = 0; b < 3; ++b) {
    value_at(p, kNum + b, i, j) = cube_value(p.band[0][1 + b][at], p.rfactor[b], thr_num);
    value_at(p, kAim + b, i, j) = cube_value(p.band[1][1 + b][at], p.rfactor[b], thr_aim);
  }
}

// Kernel "rows": row y of scale s's measure region, its nine sums from the left column.
FVMAF_HD inline void row_item(const Args& a, unsigned s, unsigned y) {
  if (s < a.first_scale || s >= kScales) return;
  const ScaleArgs& p = a.sc[s];
  const int rows = p.m_bottom - p.m_top;
  if (y >= static_cast<unsigned>(rows)) return;
  for (unsigned q = 0; q < kSums; ++q) {
    float sum = 0.0f;
    for (int j = p.m_left; j < p.m_right; ++j) sum = hd::fadd_rn(sum, value_at(p, q, p.m_top + static_cast<int>(y), j));
    p.rows[q * static_cast<unsigned>(rows) + y] = sum;
  }
}

// Kernel "total": scale s's nine sums over the rows from the top, into the slot.
FVMAF_HD inline void total_item(const Args& a, unsigned s) {
  if (s < a.first_scale || s >= kScales) return;
  const ScaleArgs& p = a.sc[s];
  const unsigned rows = static_cast<unsigned>(p.m_bottom - p.m_top);
  for (unsigned q = 0; q < kSums; ++q) {
    float sum = 0.0f;
    for (unsigned y = 0; y < rows; ++y) sum = hd::fadd_rn(sum, p.rows[q * rows + y]);
    a.slot->sum[s][q] = sum;
  }
}

}  // namespace fastvmaf::float_adm::twin
