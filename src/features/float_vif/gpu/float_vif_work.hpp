// The float VIF twin's work-items (its plan is float_vif_plan.hpp; the kernels
// float_vif_kernels.cu and float_vif_sycl.cpp and the host replay call these).
//
// libvmaf (float_vif.c, vif.c compute_vif) reads the luma as picture_copy's floats (offset
// -128), optionally prescales it, and for each of four scales filters the reference and
// distorted images into five quantities (the two means, the two second moments, the cross
// moment) with the scale's Gaussian, takes a per-pixel statistic (num, den), and adds num
// and den in float, row by row from column 0, the rows from row 0; scale s + 1 is scale s
// filtered with scale s + 1's taps and decimated by two. Every filter output here is the
// CPU's C entry's sum in its tap order (common/float_filter_math.hpp), the statistic is
// float_vif_math.hpp's (in double, hd::f64: hd::SoftF64 under SYCL), and the sums keep the
// CPU's order: one work-item per row from column 0, one per scale for the rows from row 0
// (docs/adr/0210-float-family-twins.md). Every operation is explicitly rounded.
//
// Decomposition (blockIdx.y: a row of one of the two images, ref rows first):
//   "float_vif_load"        one work-item per sample of scale 0: picture_copy's float, or
//                           with a prescale the scaler's interpolation of them (host tables)
//   per scale s = 1..3:
//   "float_vif_decimate_v"  one work-item per column of scale s - 1 and kept row 2i: the
//                           vertical pass with scale s's taps
//   "float_vif_decimate_h"  one work-item per sample of scale s: the horizontal pass at
//                           column 2j (vif_dec2_s keeps every other row and column)
//   per scale s computed (from 1 with vif_skip_scale0):
//   "float_vif_vertical"    one work-item per sample: the five vertical sums (blockIdx.y a row)
//   "float_vif_statistic"   one work-item per sample: the five horizontal sums and the
//                           statistic, num and den stored column-major (term[x * h + y]: the
//                           row work-items read consecutive addresses)
//   "float_vif_rows"        one work-item per row of every scale: num's and den's row sums
//   "float_vif_total"       one work-item per scale: the rows' sums in row order, into the slot
#pragma once

#include <cstdint>

#include "common/float_filter_math.hpp"
#include "common/float_picture.hpp"
#include "common/resample.hpp"
#include "common/resample_math.hpp"
#include "core/hd.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"
#include "features/float_vif/float_vif_math.hpp"

namespace fastvmaf::float_vif::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kScales = 4;

// The twin's slot of the frame's results block: each scale's float totals (zero for a
// skipped scale 0).
struct Results {
  float num[kScales], den[kScales];
};

// What the kernels read and write (device addresses).
struct Args {
  const std::uint8_t* src[2];  // the lumas (ref, dis) in the shared device frame
  unsigned pitch;              // bytes
  unsigned bpc;
  float divisor;               // picture_copy's, of bpc
  unsigned in_w, in_h;         // the luma as read
  bool resample;               // a prescale that changes the size
  common::PrescaleMethod method;
  const int* xi;               // resample tables (make_resample_axis), device
  const float* xw;
  const int* yi;
  const float* yw;
  unsigned w[kScales], h[kScales];
  const float* taps[kScales];  // vif_filter_taps(s, kernelscale), device
  int ntaps[kScales];
  float* img[kScales][2];      // each scale's images (ref, dis)
  float* dec[2];               // the decimation's vertical pass: w[s - 1] x h[s] per image
  float* v5[5];                // the five vertical sums of a scale: w[s] x h[s]
  float* num[kScales];         // the statistic, column-major: w[s] x h[s]
  float* den[kScales];
  float* row_num[kScales];     // h[s] row sums
  float* row_den[kScales];
  unsigned first_scale;        // 1 with vif_skip_scale0
  float gain_limit;
  hd::f64 sigma_nsq;
  float sigma_max_inv;
  Results* slot;
};

// Block row b of a launch over both images' rows of `rows` rows: image b / rows, row b % rows.
struct Where {
  unsigned side, y;
};
FVMAF_HD inline Where image_row(unsigned block_row, unsigned rows) { return {block_row / rows, block_row % rows}; }

// Sample (y, x) of image `side` as picture_copy converts it.
template <typename Sample>
struct PictureAt {
  const Args* a;
  unsigned side;
  FVMAF_HD float operator()(int y, int x) const {
    const Sample* row = reinterpret_cast<const Sample*>(a->src[side] + static_cast<unsigned long long>(y) * a->pitch);
    return common::to_float(row[x], a->divisor, -128);
  }
};

// A float plane, rows w apart.
struct FloatAt {
  const float* p;
  unsigned w;
  FVMAF_HD float operator()(int y, int x) const { return p[static_cast<unsigned long long>(y) * w + x]; }
};

// Kernel "load": sample (y, x) of image `side` at scale 0 (common/resample.cpp's
// resample_row of the converted picture, or the picture itself).
template <typename Sample>
FVMAF_HD inline void load_item(const Args& a, unsigned side, unsigned x, unsigned y) {
  if (side >= 2 || x >= a.w[0] || y >= a.h[0]) return;
  const PictureAt<Sample> at{&a, side};
  float v;
  if (!a.resample) {
    v = at(static_cast<int>(y), static_cast<int>(x));
  } else {
    switch (a.method) {
      case common::PrescaleMethod::Nearest: v = at(a.yi[y], a.xi[x]); break;
      case common::PrescaleMethod::Bilinear: {
        const int r1 = a.yi[2 * y], r2 = a.yi[2 * y + 1], c1 = a.xi[2 * x], c2 = a.xi[2 * x + 1];
        v = common::bilinear_blend(at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2), a.xw[x], a.yw[y]);
        break;
      }
      case common::PrescaleMethod::Bicubic:
        v = common::bicubic_sample_at(at, a.xi + 4 * x, a.xw + 4 * x, a.yi + 4 * y, a.yw + 4 * y);
        break;
      default: v = common::lanczos4_sample_at(at, a.xi + 9 * x, a.xw + 9 * x, a.yi + 9 * y, a.yw + 9 * y); break;
    }
  }
  a.img[0][side][static_cast<unsigned long long>(y) * a.w[0] + x] = v;
}

// Kernel "decimate_v" of scale s: column x of scale s - 1 at its row 2i, image `side`.
FVMAF_HD inline void decimate_v_item(const Args& a, unsigned s, unsigned side, unsigned x, unsigned i) {
  const unsigned pw = a.w[s - 1], ph = a.h[s - 1];
  if (side >= 2 || x >= pw || i >= a.h[s]) return;
  const FloatAt at{a.img[s - 1][side], pw};
  a.dec[side][static_cast<unsigned long long>(i) * pw + x] = common::filter_vertical_at(
      a.taps[s], a.ntaps[s], at, static_cast<int>(2 * i), static_cast<int>(x), static_cast<int>(ph));
}

// Kernel "decimate_h" of scale s: sample (i, j) of scale s, image `side`.
FVMAF_HD inline void decimate_h_item(const Args& a, unsigned s, unsigned side, unsigned j, unsigned i) {
  const unsigned pw = a.w[s - 1];
  if (side >= 2 || j >= a.w[s] || i >= a.h[s]) return;
  a.img[s][side][static_cast<unsigned long long>(i) * a.w[s] + j] = common::filter_horizontal_at(
      a.taps[s], a.ntaps[s], a.dec[side] + static_cast<unsigned long long>(i) * pw, static_cast<int>(pw),
      static_cast<int>(2 * j));
}

// The vertical pass's x[k] of the five quantities: a sample, its square, the product.
struct SquareAt {
  FloatAt p;
  FVMAF_HD float operator()(int y, int x) const {
    const float v = p(y, x);
    return hd::fmul_rn(v, v);
  }
};
struct ProductAt {
  FloatAt a, b;
  FVMAF_HD float operator()(int y, int x) const { return hd::fmul_rn(a(y, x), b(y, x)); }
};

// Kernel "vertical" of scale s: the five vertical sums at (y, x), in vertical5's order
// (mu1, mu2, xx, yy, xy).
FVMAF_HD inline void vertical_item(const Args& a, unsigned s, unsigned x, unsigned y) {
  const unsigned w = a.w[s], h = a.h[s];
  if (x >= w || y >= h) return;
  const FloatAt r{a.img[s][0], w}, d{a.img[s][1], w};
  const float* t = a.taps[s];
  const int n = a.ntaps[s], yi = static_cast<int>(y), xi = static_cast<int>(x), hi = static_cast<int>(h);
  const unsigned long long at = static_cast<unsigned long long>(y) * w + x;
  a.v5[0][at] = common::filter_vertical_at(t, n, r, yi, xi, hi);
  a.v5[1][at] = common::filter_vertical_at(t, n, d, yi, xi, hi);
  a.v5[2][at] = common::filter_vertical_at(t, n, SquareAt{r}, yi, xi, hi);
  a.v5[3][at] = common::filter_vertical_at(t, n, SquareAt{d}, yi, xi, hi);
  a.v5[4][at] = common::filter_vertical_at(t, n, ProductAt{r, d}, yi, xi, hi);
}

// Kernel "statistic" of scale s: the five horizontal sums at (y, x) and the statistic.
FVMAF_HD inline void statistic_item(const Args& a, unsigned s, unsigned x, unsigned y) {
  const unsigned w = a.w[s], h = a.h[s];
  if (x >= w || y >= h) return;
  float q[5];
  for (int k = 0; k < 5; ++k)
    q[k] = common::filter_horizontal_at(a.taps[s], a.ntaps[s], a.v5[k] + static_cast<unsigned long long>(y) * w,
                                        static_cast<int>(w), static_cast<int>(x));
  float num, den;
  statistic_in<hd::f64>(q[0], q[1], q[2], q[3], q[4], a.gain_limit, a.sigma_nsq, a.sigma_max_inv, num, den);
  const unsigned long long at = static_cast<unsigned long long>(x) * h + y;
  a.num[s][at] = num;
  a.den[s][at] = den;
}

// Kernel "rows": row y of scale s, num and den from column 0.
FVMAF_HD inline void row_item(const Args& a, unsigned s, unsigned y) {
  if (s < a.first_scale || s >= kScales || y >= a.h[s]) return;
  const unsigned w = a.w[s], h = a.h[s];
  float rn = 0.0f, rd = 0.0f;
  for (unsigned x = 0; x < w; ++x) {
    const unsigned long long at = static_cast<unsigned long long>(x) * h + y;
    rn = hd::fadd_rn(rn, a.num[s][at]);
    rd = hd::fadd_rn(rd, a.den[s][at]);
  }
  a.row_num[s][y] = rn;
  a.row_den[s][y] = rd;
}

// Kernel "total": scale s's rows from row 0, into the slot.
FVMAF_HD inline void total_item(const Args& a, unsigned s) {
  if (s < a.first_scale || s >= kScales) return;
  float n = 0.0f, d = 0.0f;
  for (unsigned y = 0; y < a.h[s]; ++y) {
    n = hd::fadd_rn(n, a.row_num[s][y]);
    d = hd::fadd_rn(d, a.row_den[s][y]);
  }
  a.slot->num[s] = n;
  a.slot->den[s] = d;
}

}  // namespace fastvmaf::float_vif::twin
