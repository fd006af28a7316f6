// The per-element arithmetic of libvmaf's float SSIM (iqa/ssim_tools.c, _iqa_ssim with
// its default arguments; iqa/convolve.c; iqa/decimate.c), in the types and order of
// its C: filter taps are float products summed in double and rounded to float once;
// the variances and covariance are float; l and c are double quotients of a double
// numerator and a float denominator; s is a float quotient. The CPU reference and any
// SIMD entry call these or do exactly these operations per lane.
#pragma once

#include <cmath>
#include <cstddef>

#include "core/hd.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim {

// The stabilising constants for K1 = 0.01, K2 = 0.03, L = 255, all float:
// C1 = (K1 L)^2, C2 = (K2 L)^2, C3 = C2 / 2.
struct Constants {
  float c1, c2, c3;
};

FVMAF_HD inline Constants default_constants() {
  const float k1 = 0.01f, k2 = 0.03f;
  const int l = 255;
  Constants k{};
  k.c1 = (k1 * static_cast<float>(l)) * (k1 * static_cast<float>(l));
  k.c2 = (k2 * static_cast<float>(l)) * (k2 * static_cast<float>(l));
  k.c3 = k.c2 / 2.0f;
  return k;
}

// One output of the 11-tap window over samples p[0], p[step], ..., p[10 step].
FVMAF_HD inline float window_tap_sum(const float* p, std::ptrdiff_t step) {
  double sum = 0.0;
  for (int t = 0; t < kWindow; ++t) sum += static_cast<double>(p[t * step] * kGaussian[t]);
  return static_cast<float>(sum);
}

// libvmaf's KBND_SYMMETRIC for one coordinate: one mirror about each edge.
FVMAF_HD inline int mirror(int i, int n) {
  if (i < 0) return -1 - i;
  if (i >= n) return n - (i - n) - 1;
  return i;
}

// The l, c and s terms of one pixel of the map, from the window's means (mu), the
// window's means of the squares and of the product (xx, yy, xy).
struct PixelTerms {
  double l, c, s;
};

FVMAF_HD inline PixelTerms pixel_terms(float mu1, float mu2, float xx, float yy, float xy, const Constants& k) {
  float var1 = xx - mu1 * mu1;
  float var2 = yy - mu2 * mu2;
  // MAX(0.0, v) as libvmaf's macro writes it: a NaN or -0 stays as it is.
  var1 = 0.0 > var1 ? 0.0f : var1;
  var2 = 0.0 > var2 ? 0.0f : var2;
  const float cov = xy - mu1 * mu2;
  const float sigma12 = static_cast<float>(std::sqrt(static_cast<double>(var1 * var2)));
  PixelTerms t{};
  t.l = (2.0 * mu1 * mu2 + k.c1) / (mu1 * mu1 + mu2 * mu2 + k.c1);
  t.c = (2.0 * sigma12 + k.c2) / (var1 + var2 + k.c2);
  // Flat identical windows: a covariance that rounding made negative counts as 0.
  const float clamped = (cov < 0.0f && sigma12 <= 0.0f) ? 0.0f : cov;
  t.s = (clamped + k.c3) / (sigma12 + k.c3);
  return t;
}

}  // namespace fastvmaf::ssim
