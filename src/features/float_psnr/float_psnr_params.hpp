// The arithmetic of libvmaf's float PSNR (float_psnr.c, compute_psnr in psnr.c): the
// luma as picture_copy's floats (offset 0), noise = the sum over rows, then columns, of
// the float square of the float difference, added in double; the score
// min(10 log10(peak^2 / max(noise / (w h), 1e-10)), psnr_max).
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"

namespace fastvmaf::float_psnr {

// The noise sum of the w x h luma planes `ref` and `dis`, as compute_psnr adds it.
double noise_sum(const Plane& ref, const Plane& dis, unsigned bpc, unsigned w, unsigned h);

// The noise sum from the integer sum of squared sample differences, at 8 to 12 bits
// (where it is exact: see noise_sum); the CPU and the GPU twin's finish share it.
double noise_from_sse(std::uint64_t sse, unsigned bpc);

// The same sum literally: one float difference, one float square, one double add per
// sample in raster order (the reference the fast paths of noise_sum are tested against).
double noise_sum_literal(const Plane& ref, const Plane& dis, unsigned bpc, unsigned w, unsigned h);

// The frame's score from the noise sum.
double psnr_score(double noise, unsigned w, unsigned h, const common::FloatPeak& peak);

}  // namespace fastvmaf::float_psnr
