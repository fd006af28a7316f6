// The float motion twin's work-items (its plan is float_motion_plan.hpp; the kernels
// float_motion_kernels.cu and float_motion_sycl.cpp and the host replay call these).
//
// libvmaf (float_motion.c) blurs each frame's luma (and with motion_add_uv its chroma
// planes) with a separable float filter, optionally halves the blur (motion_add_scale1,
// bilinear), and scores frame i by the mean absolute difference of its blur and frame
// i - 1's: per row a float sum from column 0, the rows' sums added in float from row 0,
// divided by the sample count. The twin keeps the blurs (and halvings) of the last three
// frames on the device in a ring indexed by frame, computes the filter per sample in the
// CPU's tap order (common/float_filter_math.hpp) and the sums in the CPU's order: one
// work-item per row from column 0, one work-item per plane for the rows from row 0
// (docs/adr/0210-float-family-twins.md). Every operation is an explicitly rounded float one.
//
// Decomposition (blockIdx.z is the plane: 0 the luma, 1 and 2 the chroma planes):
//   kernel 1 "float_motion_vertical"    one work-item per sample: the vertical pass of
//                                       picture_copy's floats (offset -128) into tmp
//   kernel 2 "float_motion_horizontal"  one work-item per sample: the horizontal pass of
//                                       tmp into the ring's blur of this frame
//   kernel 3 "float_motion_scale"       (motion_add_scale1) one work-item per sample of the
//                                       halving: libvmaf's bilinear scaler, host tables
//   kernel 4 "float_motion_rows"        (frame >= 1) one work-item per row of each plane and
//                                       scale: the row's float sum of |prev - cur|
//   kernel 5 "float_motion_total"       (frame >= 1) one work-item per plane and scale: the
//                                       rows' sums in row order, into the slot
// The host finish divides by the sample count and adds the planes with the CPU's helpers.
#pragma once

#include <cstdint>

#include "common/float_filter_math.hpp"
#include "common/float_picture.hpp"
#include "common/resample_math.hpp"
#include "core/hd.hpp"
#include "core/hd/rounding.hpp"
#include "features/float_motion/float_motion_math.hpp"

namespace fastvmaf::float_motion::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr int kMaxTaps = 5;
inline constexpr unsigned kMaxPlanes = 3;

// The twin's slot of the frame's results block: each plane's and scale's float sum of the
// rows' sums of |prev - cur| (zero on frame 0).
struct Results {
  float sum[kMaxPlanes][2];
};

// One plane's buffers (device addresses).
struct PlaneArgs {
  const std::uint8_t* src;  // the frame's reference plane in the shared device frame
  unsigned pitch;           // bytes
  unsigned w, h;            // the plane as libvmaf reads it (chroma: floor of half the luma)
  float* tmp;               // w * h: the vertical pass
  float* blur;              // w * h: this frame's blur, in the ring
  const float* prev_blur;   // w * h: frame i - 1's blur (frame >= 1)
  unsigned sw, sh;          // the halving's size (motion_add_scale1)
  float* scaled;            // sw * sh: this frame's halving, in the ring
  const float* prev_scaled;
  const int* xi;            // bilinear tables (make_resample_axis): 2 sw source columns,
  const float* xw;          // sw fractions,
  const int* yi;            // 2 sh source rows,
  const float* yw;          // sh fractions
  float* rows;              // h + sh row sums
};

// What the kernels read and write.
struct Args {
  PlaneArgs plane[kMaxPlanes];
  unsigned planes;
  unsigned bpc;
  float divisor;  // picture_copy's, of bpc
  float taps[kMaxTaps];
  int ntaps;
  bool scale1;
  Results* slot;
};

// The launches' grids (float_motion_plan.hpp) and how work-items find their work: x is
// blockIdx.x * kThreads + threadIdx.x; the filter and scale launches' block row b is plane
// b / rows (rows: the luma's, or its halving's), row b % rows; the rows launch's block row
// b is plane b / 2, scale b % 2, and x the row; the total launch's work-item t is plane
// t / 2, scale t % 2.
struct Where {
  unsigned c, y;
};
FVMAF_HD inline Where plane_row(unsigned block_row, unsigned rows) { return {block_row / rows, block_row % rows}; }

// Kernel 1: the vertical pass at (y, x) of plane c.
template <typename Sample>
FVMAF_HD inline void vertical_item(const Args& a, unsigned c, unsigned x, unsigned y) {
  if (c >= a.planes) return;
  const PlaneArgs& p = a.plane[c];
  if (x >= p.w || y >= p.h) return;
  const auto at = [&](int yy, int xx) {
    const Sample* row = reinterpret_cast<const Sample*>(p.src + static_cast<unsigned long long>(yy) * p.pitch);
    return common::to_float(row[xx], a.divisor, -128);
  };
  p.tmp[static_cast<unsigned long long>(y) * p.w + x] =
      common::filter_vertical_at(a.taps, a.ntaps, at, static_cast<int>(y), static_cast<int>(x), static_cast<int>(p.h));
}

// Kernel 2: the horizontal pass at (y, x) of plane c, into this frame's blur.
FVMAF_HD inline void horizontal_item(const Args& a, unsigned c, unsigned x, unsigned y) {
  if (c >= a.planes) return;
  const PlaneArgs& p = a.plane[c];
  if (x >= p.w || y >= p.h) return;
  const unsigned long long row = static_cast<unsigned long long>(y) * p.w;
  p.blur[row + x] = common::filter_horizontal_at(a.taps, a.ntaps, p.tmp + row, static_cast<int>(p.w), static_cast<int>(x));
}

// Kernel 3: sample (y, x) of plane c's halving (vif_scale_frame_bilinear_s).
FVMAF_HD inline void scale_item(const Args& a, unsigned c, unsigned x, unsigned y) {
  if (c >= a.planes) return;
  const PlaneArgs& p = a.plane[c];
  if (x >= p.sw || y >= p.sh) return;
  const float* r1 = p.blur + static_cast<unsigned long long>(p.yi[2 * y]) * p.w;
  const float* r2 = p.blur + static_cast<unsigned long long>(p.yi[2 * y + 1]) * p.w;
  const int l = p.xi[2 * x], r = p.xi[2 * x + 1];
  p.scaled[static_cast<unsigned long long>(y) * p.sw + x] =
      common::bilinear_blend(r1[l], r1[r], r2[l], r2[r], p.xw[x], p.yw[y]);
}

// Kernel 4: row y of plane c at scale s: the float sum of |prev - cur| from column 0.
FVMAF_HD inline void row_item(const Args& a, unsigned c, unsigned s, unsigned y) {
  if (c >= a.planes || (s == 1 && !a.scale1)) return;
  const PlaneArgs& p = a.plane[c];
  const unsigned w = s == 0 ? p.w : p.sw, h = s == 0 ? p.h : p.sh;
  if (y >= h) return;
  const unsigned long long at = static_cast<unsigned long long>(y) * w;
  const float* prev = (s == 0 ? p.prev_blur : p.prev_scaled) + at;
  const float* cur = (s == 0 ? p.blur : p.scaled) + at;
  float line = 0.0f;
  for (unsigned x = 0; x < w; ++x) line = add_abs_diff(line, prev[x], cur[x]);
  p.rows[(s == 0 ? 0 : p.h) + y] = line;
}

// Kernel 5: plane c at scale s: the rows' sums from row 0, into the slot.
FVMAF_HD inline void total_item(const Args& a, unsigned c, unsigned s) {
  if (c >= a.planes || (s == 1 && !a.scale1)) return;
  const PlaneArgs& p = a.plane[c];
  const unsigned h = s == 0 ? p.h : p.sh;
  const float* rows = p.rows + (s == 0 ? 0 : p.h);
  float sum = 0.0f;
  for (unsigned y = 0; y < h; ++y) sum = hd::fadd_rn(sum, rows[y]);
  a.slot->sum[c][s] = sum;
}

}  // namespace fastvmaf::float_motion::twin
