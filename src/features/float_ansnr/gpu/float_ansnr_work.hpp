// The float ANSNR twin's work-items (its plan is float_ansnr_plan.hpp; the kernels
// float_ansnr_kernels.cu and float_ansnr_sycl.cpp and the host replay call these).
//
// libvmaf (ansnr.c) smooths the reference with a 3x3 filter and the distorted picture with
// a 5x5 one, then adds in float, row by row: sig_row += r * r and noise_row += (r - d) *
// (r - d) over the row's columns in order, then sig += sig_row, noise += noise_row over
// the rows in order. Float sums round, so the twin keeps that order exactly
// (docs/adr/0210-float-family-twins.md): the squares are computed in parallel, but each
// row is summed by one work-item from column 0 up, and the rows by one work-item from row
// 0 down, every operation an explicitly rounded float one.
//
// Decomposition:
//   kernel 1 "float_ansnr_terms"  one work-item per sample (blocks of kThreads along a
//                                 row, one block row per picture row): both filters at
//                                 the sample (float_ansnr_math.hpp's filter_at, reading
//                                 picture_copy's floats with offset -128), r * r and
//                                 (r - d) * (r - d) into two planes stored column-major
//                                 (term[x * h + y]: kernel 2's reads coalesce)
//   kernel 2 "float_ansnr_rows"   one work-item per row: the row's two float sums in
//                                 column order
//   kernel 3 "float_ansnr_total"  one work-item: the rows' sums in row order, into the slot
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "core/hd.hpp"
#include "core/hd/rounding.hpp"
#include "features/float_ansnr/float_ansnr_math.hpp"

namespace fastvmaf::float_ansnr::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kLaunchesPerFrame = 3;
inline constexpr int kRefTaps = 3, kDisTaps = 5;

// The twin's slot of the frame's results block: ansnr_mse_s's two float totals.
struct Results {
  float signal, noise;
};

// What the kernels read and write (device addresses).
struct Args {
  const std::uint8_t* ref;
  const std::uint8_t* dis;
  unsigned pitch;  // bytes
  unsigned width, height, bpc;
  float divisor;                         // picture_copy's, of bpc
  float ref_filter[kRefTaps * kRefTaps];  // kRefFilter
  float dis_filter[kDisTaps * kDisTaps];  // kDisFilter
  float* sig_terms;    // width * height, column-major
  float* noise_terms;  // width * height, column-major
  float* row_sig;      // height
  float* row_noise;    // height
  Results* slot;
};

// Sample (y, x) of `plane` as picture_copy's float with offset -128.
template <typename Sample>
FVMAF_HD inline float sample_at(const Args& a, const std::uint8_t* plane, int y, int x) {
  const Sample* row = reinterpret_cast<const Sample*>(plane + static_cast<unsigned long long>(y) * a.pitch);
  return common::to_float(row[x], a.divisor, -128);
}

// Kernel 1: the terms of sample (y, x).
template <typename Sample>
FVMAF_HD inline void terms_item(const Args& a, unsigned x, unsigned y) {
  if (x >= a.width) return;
  const int w = static_cast<int>(a.width), h = static_cast<int>(a.height);
  const auto ref = [&](int yy, int xx) { return sample_at<Sample>(a, a.ref, yy, xx); };
  const auto dis = [&](int yy, int xx) { return sample_at<Sample>(a, a.dis, yy, xx); };
  const float r = filter_at<kRefTaps>(a.ref_filter, ref, static_cast<int>(y), static_cast<int>(x), w, h);
  const float d = filter_at<kDisTaps>(a.dis_filter, dis, static_cast<int>(y), static_cast<int>(x), w, h);
  const float e = hd::fsub_rn(r, d);
  const unsigned long long at = static_cast<unsigned long long>(x) * a.height + y;
  a.sig_terms[at] = hd::fmul_rn(r, r);
  a.noise_terms[at] = hd::fmul_rn(e, e);
}

// Kernel 2: row y's sums, column by column from 0.
FVMAF_HD inline void row_item(const Args& a, unsigned y) {
  if (y >= a.height) return;
  float sig = 0.0f, noise = 0.0f;
  for (unsigned x = 0; x < a.width; ++x) {
    const unsigned long long at = static_cast<unsigned long long>(x) * a.height + y;
    sig = hd::fadd_rn(sig, a.sig_terms[at]);
    noise = hd::fadd_rn(noise, a.noise_terms[at]);
  }
  a.row_sig[y] = sig;
  a.row_noise[y] = noise;
}

// Kernel 3 (one work-item): the rows' sums, row by row from 0.
FVMAF_HD inline void total_item(const Args& a) {
  float sig = 0.0f, noise = 0.0f;
  for (unsigned y = 0; y < a.height; ++y) {
    sig = hd::fadd_rn(sig, a.row_sig[y]);
    noise = hd::fadd_rn(noise, a.row_noise[y]);
  }
  a.slot->signal = sig;
  a.slot->noise = noise;
}

}  // namespace fastvmaf::float_ansnr::twin
