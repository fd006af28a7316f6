// The float MS-SSIM twin's work-items (its plan is float_ms_ssim_plan.hpp; the kernels
// float_ms_ssim_kernels.cu and float_ms_ssim_sycl.cpp and the host replay call these).
//
// libvmaf (float_ms_ssim.c, ms_ssim.c, iqa/decimate.c) reads the luma as picture_copy's
// floats (scale 0), makes scales 1-4 each from the previous one with the 9x9 low-pass
// (kLpf2d, the 2-D table: float products added in double from 0, row after row, left to
// right, mirrored once at the edges, rounded to float once) sampled at every other row and
// column, and takes the SSIM map's four sums at every scale (ssim_map_work.hpp: each scale's
// positions' terms in parallel, its raster-order sums on one work-item). The host finish
// turns them into the means and Wang's product (libm's pow, on the host: ms_ssim_scores).
// Every operation is explicitly rounded; the double type F is hd::f64 (double, or
// hd::SoftF64 under SYCL).
//
// Decomposition (launch order):
//   "float_ms_ssim_load"      one work-item per sample of scale 0, both images (blockIdx.y:
//                             a row, ref rows first): picture_copy's float
//   "float_ms_ssim_decimate"  per scale s = 1..4, one work-item per sample of scale s, both
//                             images: the 9x9 low-pass of scale s - 1 at (2x, 2y)
//   per scale: the map's "hpass" and "terms" (the horizontal sums reused from scale to scale)
//   "float_ms_ssim_sum"       one work-item per scale: its map's four sums into the slot
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "core/hd.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/ssim/ssim_math.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim::ms_twin {

using twin::kThreads;
inline constexpr unsigned kScaleCount = static_cast<unsigned>(kScales);
// load, 4 decimations, hpass and terms of each scale, the sums (with their tiles).
inline constexpr unsigned kLaunchesPerFrame = 1 + (kScaleCount - 1) + 2 * kScaleCount + twin::kSumLaunches;

// The twin's slot of the frame's results block: each scale's four sums.
struct Results {
  twin::MapSums scale[kScales];
};

// What the kernels read and write (device addresses).
struct Args {
  const std::uint8_t* src[2];  // the lumas (ref, dis) in the shared device frame
  unsigned pitch;              // bytes
  unsigned bpc;
  float divisor;               // picture_copy's, of bpc
  int w[kScales], h[kScales];  // each scale's size
  float lpf[kLpf * kLpf];      // kLpf2d, row-major
  float* img[kScales][2];      // each scale's images (ref, dis)
  twin::MapArgs map[kScales];  // each scale's map (reading img[s], its sums in the slot)
};

// Kernel "load": sample (y, x) of scale 0 of image `side`, as luma_to_float converts it.
template <typename Sample>
FVMAF_HD inline void load_item(const Args& a, unsigned side, unsigned x, unsigned y) {
  if (side >= 2 || static_cast<int>(x) >= a.w[0] || static_cast<int>(y) >= a.h[0]) return;
  const Sample* row = reinterpret_cast<const Sample*>(a.src[side] + static_cast<unsigned long long>(y) * a.pitch);
  a.img[0][side][static_cast<unsigned long long>(y) * static_cast<unsigned>(a.w[0]) + x] =
      common::to_float(row[x], a.divisor, 0);
}

// Kernel "decimate" of scale s: sample (y, x) of image `side`, decimate_lpf's output: the
// 9x9 low-pass of scale s - 1 at (2x, 2y), filter_pixel's order and mirroring.
template <class F = hd::f64>
FVMAF_HD inline void decimate_item(const Args& a, unsigned s, unsigned side, unsigned x, unsigned y) {
  if (s == 0 || s >= kScaleCount || side >= 2 || static_cast<int>(x) >= a.w[s] || static_cast<int>(y) >= a.h[s])
    return;
  const int pw = a.w[s - 1], ph = a.h[s - 1], cx = 2 * static_cast<int>(x), cy = 2 * static_cast<int>(y);
  const float* src = a.img[s - 1][side];
  F acc = hd::int_to_double<F>(0);
  int i = 0;
  for (int v = -kLpfHalf; v <= kLpfHalf; ++v) {
    const float* row = src + static_cast<unsigned long long>(mirror(cy + v, ph)) * static_cast<unsigned>(pw);
    for (int u = -kLpfHalf; u <= kLpfHalf; ++u, ++i)
      acc = hd::dadd_rn(acc, hd::float_to_double<F>(hd::fmul_rn(row[mirror(cx + u, pw)], a.lpf[i])));
  }
  a.img[s][side][static_cast<unsigned long long>(y) * static_cast<unsigned>(a.w[s]) + x] = hd::double_to_float_rn(acc);
}

}  // namespace fastvmaf::ssim::ms_twin
