// One output sample of libvmaf's scalers (vif_scale_frame_s in vif_tools.c), which
// float VIF's prescale, float motion's scale 1 and SpEED's prescale share. Where
// libvmaf mixes a double literal into a float expression or calls a double libm
// function on a float, the casts spell out the same promotion.
#pragma once

#include <cmath>

#include "core/hd.hpp"

namespace fastvmaf::common {

// Source coordinate of output sample `o` for bilinear, bicubic and lanczos4:
// (o + 0.5) * ratio - 0.5 in double, kept as float.
FVMAF_HD inline float resample_coordinate(int o, float ratio) {
  return static_cast<float>((o + 0.5) * static_cast<double>(ratio) - 0.5);
}

// Nearest neighbour: (int)(o * ratio) with a float product.
FVMAF_HD inline int nearest_coordinate(int o, float ratio) { return static_cast<int>(static_cast<float>(o) * ratio); }

// vif_scale_frame_bilinear_apply_s for one output sample.
FVMAF_HD inline float bilinear_blend(float a11, float a12, float a21, float a22, float dx, float dy) {
  return (1 - dy) * (1 - dx) * a11 + (1 - dy) * dx * a12 + dy * (1 - dx) * a21 + dy * dx * a22;
}

// bicubic_kernel (a = -0.75), in float.
FVMAF_HD inline float bicubic_weight(float t) {
  const float a = -0.75f;
  if (t < 0) t = -t;
  if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
  if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
  return 0;
}

// lanczos4_kernel with a = 4: evaluated in double, returned as float.
FVMAF_HD inline float lanczos4_weight(float x) {
  const float a = 4.0f;
  if (x == 0.0f) return 1.0f;
  if (x > -a && x < a) {
    const double xd = x, ad = a;
    return static_cast<float>(ad * std::sin(M_PI * xd) * std::sin(M_PI * xd / ad) / (M_PI * M_PI * xd * xd));
  }
  return 0.0f;
}

// One output sample of the bicubic (taps = 4) interpolation: weights multiplied per
// tap, accumulated row (y) major.
FVMAF_HD inline float bicubic_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                     const float* wy) {
  float v = 0.0f;
  for (int j = 0; j < 4; ++j) {
    const float* row = src + yi[j] * stride;
    for (int i = 0; i < 4; ++i) {
      const float w = wx[i] * wy[j];
      v += row[xi[i]] * w;
    }
  }
  return v;
}

// One output sample of the lanczos4 (9 taps) interpolation, normalised by the float
// sum of its 81 weights.
FVMAF_HD inline float lanczos4_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                      const float* wy) {
  float v = 0.0f, wsum = 0.0f;
  for (int j = 0; j < 9; ++j) {
    const float* row = src + yi[j] * stride;
    for (int i = 0; i < 9; ++i) {
      const float w = wx[i] * wy[j];
      wsum += w;
      v += row[xi[i]] * w;
    }
  }
  return v / wsum;
}

}  // namespace fastvmaf::common
