// The float SSIM twin's work-items (its plan is float_ssim_plan.hpp; the kernels
// float_ssim_kernels.cu and float_ssim_sycl.cpp and the host replay call these).
//
// libvmaf (float_ssim.c, ssim.c, iqa/) reads the luma as picture_copy's floats, decimates
// it with a factor x factor box low-pass when the factor is above 1, and takes the SSIM
// map's four sums (ssim_map_work.hpp: the filters, each window position's l, c, s and
// l*c*s in parallel, and the four double sums in the CPU's raster order on one
// work-item; docs/adr/0210-float-family-twins.md). The host finish divides and converts
// (means_of, ssim_values). Every operation is explicitly rounded; the double type F is
// hd::f64 (double, or hd::SoftF64 under SYCL).
//
// Decomposition (launch order):
//   "float_ssim_load"  one work-item per sample of the map's input, both images
//                      (blockIdx.y: a row, ref rows first): picture_copy's float, or with
//                      a factor above 1 the box low-pass at (factor x, factor y), mirrored
//   the map's "hpass" and "terms", then its "sum" (one work-item) into the slot
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "core/hd.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/ssim/ssim_math.hpp"

namespace fastvmaf::ssim::twin {

// load, the map's hpass and terms, its sums (with their tiles).
inline constexpr unsigned kLaunchesPerFrame = 3 + kSumLaunches;

// The twin's slot of the frame's results block: the map's four sums.
using Results = MapSums;

// What the kernels read and write (device addresses).
struct Args {
  const std::uint8_t* src[2];  // the lumas (ref, dis) in the shared device frame
  unsigned pitch;              // bytes
  unsigned bpc;
  float divisor;               // picture_copy's, of bpc
  int in_w, in_h;              // the luma
  int factor;                  // the decimation factor (1: none)
  float tap;                   // the box's tap, 1.0f / (factor * factor)
  float* img[2];               // the map's input (ref, dis): map.w x map.h
  MapArgs map;                 // the map of img, its sums in the slot
};

template <typename Sample>
FVMAF_HD inline float luma_at(const Args& a, unsigned side, int y, int x) {
  const Sample* row = reinterpret_cast<const Sample*>(a.src[side] + static_cast<unsigned long long>(y) * a.pitch);
  return common::to_float(row[x], a.divisor, 0);
}

// Kernel "load": sample (y, x) of the map's input of image `side`: luma_to_float, or
// decimate_box's output: the float product of each converted sample and the tap, added
// in double from 0 over the taps row after row, left to right (mirrored at the edges),
// rounded to float once.
template <typename Sample, class F = hd::f64>
FVMAF_HD inline void load_item(const Args& a, unsigned side, unsigned x, unsigned y) {
  if (side >= 2 || static_cast<int>(x) >= a.map.w || static_cast<int>(y) >= a.map.h) return;
  const int xi = static_cast<int>(x), yi = static_cast<int>(y);
  float v;
  if (a.factor == 1) {
    v = luma_at<Sample>(a, side, yi, xi);
  } else {
    const int half = a.factor / 2, last = half - (a.factor % 2 == 0 ? 1 : 0);
    F acc = hd::int_to_double<F>(0);
    for (int dv = -half; dv <= last; ++dv) {
      const int row = mirror(a.factor * yi + dv, a.in_h);
      for (int du = -half; du <= last; ++du) {
        const float p = hd::fmul_rn(luma_at<Sample>(a, side, row, mirror(a.factor * xi + du, a.in_w)), a.tap);
        acc = hd::dadd_rn(acc, hd::float_to_double<F>(p));
      }
    }
    v = hd::double_to_float_rn(acc);
  }
  a.img[side][static_cast<unsigned long long>(y) * static_cast<unsigned>(a.map.w) + x] = v;
}

}  // namespace fastvmaf::ssim::twin
