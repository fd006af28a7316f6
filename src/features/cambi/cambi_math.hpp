// CAMBI per-element arithmetic, written once for the CPU reference, the GPU kernels and
// the host replay (FVMAF_HD). Integer and float only: no double here. How the twin splits
// the work into blocks and work-items is gpu/cambi_work.hpp.
//
// Each routine states the libvmaf code (cambi.c) whose arithmetic it reproduces. Pictures
// are 10-bit samples in uint16_t after preprocessing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::cambi {

inline constexpr int kMaxNumDiffs = 32;  // 2^max_log_contrast, max_log_contrast <= 5

// Explicitly rounded float operations (src/core/hd/rounding.hpp), so no contraction or
// device intrinsic choice changes a bit.
using hd::fmul_rn;
using hd::int_to_float_rn;

// ---- preprocessing ------------------------------------------------------------------

// One sample to 10 bits (decimate_generic_*_and_convert_to_10b): shifted up below 10 bits,
// rounded down above. 12- and 16-bit maxima round to 1024, as in libvmaf.
FVMAF_HD inline std::uint16_t to_10bit(unsigned sample, unsigned bpc) {
  if (bpc < 10) return static_cast<std::uint16_t>(sample << (10 - bpc));
  const unsigned shift = bpc - 10;
  const unsigned offset = shift == 0 ? 0u : 1u << (shift - 1);
  return static_cast<std::uint16_t>((sample + offset) >> shift);
}

// anti_dithering_filter: the mean of a 2x2 block (rounded down), of the vertical pair in the
// last column, of the horizontal pair in the last row; the last pixel stays.
FVMAF_HD inline std::uint16_t anti_dither_2x2(unsigned a, unsigned right, unsigned below, unsigned diag) {
  return static_cast<std::uint16_t>((a + right + below + diag) >> 2);
}
FVMAF_HD inline std::uint16_t anti_dither_pair(unsigned a, unsigned b) {
  return static_cast<std::uint16_t>((a + b) >> 1);
}

// ---- spatial mask -------------------------------------------------------------------

// get_derivative_data_for_row: a pixel is flat when it equals its right and lower
// neighbours; the last column and the last row compare only the other way.
FVMAF_HD inline bool zero_derivative(std::uint16_t p, std::uint16_t right, std::uint16_t below, bool last_col,
                                     bool last_row) {
  return (last_col || p == right) && (last_row || p == below);
}

// compute_mask_row: in the mask when more than mask_index of the 7x7 neighbours (inside
// the frame) are flat.
FVMAF_HD inline bool in_mask(unsigned flat_count, unsigned mask_index) { return flat_count > mask_index; }

// ---- mode filter --------------------------------------------------------------------

// The value two or three of a, b, c share, else the smallest (libvmaf mode3 and min3),
// written without branches so that loops over it vectorise.
FVMAF_HD inline std::uint16_t mode3(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const std::uint16_t lo = a < b ? (a < c ? a : c) : (b < c ? b : c);
  const std::uint16_t b_or_lo = b == c ? b : lo;
  return ((a == b) | (a == c)) ? a : b_or_lo;
}

// filter_mode's horizontal pass at column j of one row: the mode of j-1, j, j+1, or the
// sample itself in the first and last column.
FVMAF_HD inline std::uint16_t mode_row(const std::uint16_t* row, int j, int width) {
  if (j == 0 || j == width - 1) return row[j];
  return mode3(row[j - 1], row[j], row[j + 1]);
}

// filter_mode at (i, j): rows 0 and height-1 keep their samples; inner rows take the
// vertical mode of the horizontal modes of rows i-1, i, i+1. `img` is the unfiltered
// picture (libvmaf filters in place but only ever reads unfiltered rows).
FVMAF_HD inline std::uint16_t mode_filter_at(const std::uint16_t* img, std::ptrdiff_t stride, int i, int j,
                                             int width, int height) {
  const std::uint16_t* r = img + i * stride;
  if (i == 0 || i == height - 1) return r[j];
  return mode3(mode_row(r - stride, j, width), mode_row(r, j, width), mode_row(r + stride, j, width));
}

// ---- c-values -----------------------------------------------------------------------

// What c_value_pixel reads besides the histogram. A plain struct a twin copies as is.
// Values are raw 10-bit samples; tvi[] is in libvmaf's "raw + num_diffs" space.
struct CValueTables {
  int num_diffs = 4;
  int vlt_luma = 0;
  int band_base = 0;  // smallest raw value counted in the histograms
  int band_size = 0;  // number of raw values counted (0: every c-value is 0)
  std::uint16_t tvi[kMaxNumDiffs] = {};
  int weights[kMaxNumDiffs] = {};
};

// One candidate of c_value_pixel: (float)(w * p0 * pm) * lut[p0 + pm], an int product
// rounded to float, then one float product.
FVMAF_HD inline float c_value_term(int weight, unsigned p0, unsigned pm, const float* lut) {
  return fmul_rn(int_to_float_rn(weight * static_cast<int>(p0) * static_cast<int>(pm)), lut[p0 + pm]);
}

// Whether contrast d + 1 counts for a pixel whose value (raw + num_diffs) is `value`:
// visible at that luminance (value <= tvi[d]) and above the visibility luma.
FVMAF_HD inline bool contrast_counts(int value, int d, const CValueTables& t) {
  return value <= t.tvi[d] && value + d + 1 > t.vlt_luma;
}

// The c-value so far and one more candidate: the candidate when it is larger.
FVMAF_HD inline float larger_c_value(float c, float candidate) { return candidate > c ? candidate : c; }

// c_value_pixel for a masked pixel of raw value `raw`. counts(k) is the number of masked
// pixels of raw value band_base + k in the pixel's window, for 0 <= k < band_size.
// Returns 0 for a value outside the band. For each contrast d (1..num_diffs) that is
// visible (value <= tvi[d-1]) and above the visibility luma, the candidate pairs p0 with
// the larger of the counts d levels above and below; the c-value is the largest candidate.
template <class Counts>
FVMAF_HD inline float c_value_pixel(int raw, const CValueTables& t, const float* lut, Counts counts) {
  const int k0 = raw - t.band_base;
  if (static_cast<unsigned>(k0) >= static_cast<unsigned>(t.band_size)) return 0.0f;
  const int value = raw + t.num_diffs;
  const unsigned p0 = counts(k0);
  float c = 0.0f;
  for (int d = 0; d < t.num_diffs; ++d) {
    if (!contrast_counts(value, d, t)) continue;
    const int up = k0 + d + 1;    // < band_size: tvi[] is non-decreasing (make_contrast_tables)
    const int down = k0 - d - 1;  // below the band counts as 0
    const unsigned p1 = counts(up);
    const unsigned p2 = down >= 0 ? counts(down) : 0u;
    c = larger_c_value(c, c_value_term(t.weights[d], p0, p1 > p2 ? p1 : p2, lut));
  }
  return c;
}

}  // namespace fastvmaf::cambi
