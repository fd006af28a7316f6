// One output sample of libvmaf's scalers (vif_scale_frame_s in vif_tools.c), which
// float VIF's prescale, float motion's scale 1 and SpEED's prescale (CPU and twin)
// share. Where libvmaf mixes a double literal into a float expression or calls a double
// libm function on a float, the casts spell out the same promotion. The samples are
// spelled with core/hd's rounded operations, so the twin's kernels compute them as the
// CPU does; on the host those are the plain C operations (same IEEE results). The
// weights (with libm) are made on the host only.
#pragma once

#include <cmath>

#include "core/hd.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::common {

// ---- the tables (host only) ----------------------------------------------------

// Source coordinate of output sample `o` for bilinear, bicubic and lanczos4:
// (o + 0.5) * ratio - 0.5 in double, kept as float.
inline float resample_coordinate(int o, float ratio) {
  return static_cast<float>((o + 0.5) * static_cast<double>(ratio) - 0.5);
}

// Nearest neighbour: (int)(o * ratio) with a float product.
inline int nearest_coordinate(int o, float ratio) { return static_cast<int>(static_cast<float>(o) * ratio); }

// ---- the samples (host and device) -----------------------------------------------

// vif_scale_frame_bilinear_apply_s for one output sample.
FVMAF_HD inline float bilinear_blend(float a11, float a12, float a21, float a22, float dx, float dy) {
  using hd::fadd_rn, hd::fmul_rn, hd::fsub_rn;
  const float ry = fsub_rn(1.0f, dy), rx = fsub_rn(1.0f, dx);
  const float s = fadd_rn(fmul_rn(fmul_rn(ry, rx), a11), fmul_rn(fmul_rn(ry, dx), a12));
  return fadd_rn(fadd_rn(s, fmul_rn(fmul_rn(dy, rx), a21)), fmul_rn(fmul_rn(dy, dx), a22));
}

// bicubic_kernel (a = -0.75), in float.
inline float bicubic_weight(float t) {
  const float a = -0.75f;
  if (t < 0) t = -t;
  if (t < 1) return ((a + 2) * t - (a + 3)) * t * t + 1;
  if (t < 2) return (((t - 5) * t + 8) * t - 4) * a;
  return 0;
}

// lanczos4_kernel with a = 4: evaluated in double, returned as float.
inline float lanczos4_weight(float x) {
  const float a = 4.0f;
  if (x == 0.0f) return 1.0f;
  if (x > -a && x < a) {
    const double xd = x, ad = a;
    return static_cast<float>(ad * std::sin(M_PI * xd) * std::sin(M_PI * xd / ad) / (M_PI * M_PI * xd * xd));
  }
  return 0.0f;
}

// One output sample of the bicubic (taps = 4) interpolation: weights multiplied per
// tap, accumulated row (y) major. `at(y, x)` reads the source (a plane of floats, or a
// twin's samples converted as they are read).
template <typename At>
FVMAF_HD inline float bicubic_sample_at(const At& at, const int* xi, const float* wx, const int* yi, const float* wy) {
  float v = 0.0f;
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) v = hd::fadd_rn(v, hd::fmul_rn(at(yi[j], xi[i]), hd::fmul_rn(wx[i], wy[j])));
  return v;
}

// One output sample of the lanczos4 (9 taps) interpolation, normalised by the float
// sum of its 81 weights.
template <typename At>
FVMAF_HD inline float lanczos4_sample_at(const At& at, const int* xi, const float* wx, const int* yi, const float* wy) {
  float v = 0.0f, wsum = 0.0f;
  for (int j = 0; j < 9; ++j)
    for (int i = 0; i < 9; ++i) {
      const float w = hd::fmul_rn(wx[i], wy[j]);
      wsum = hd::fadd_rn(wsum, w);
      v = hd::fadd_rn(v, hd::fmul_rn(at(yi[j], xi[i]), w));
    }
  return hd::fdiv_rn(v, wsum);
}

// A plane of floats, rows `stride` apart, as the samples above read it.
struct PlaneAt {
  const float* src;
  long stride;
  FVMAF_HD float operator()(int y, int x) const { return src[y * stride + x]; }
};

FVMAF_HD inline float bicubic_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                     const float* wy) {
  return bicubic_sample_at(PlaneAt{src, stride}, xi, wx, yi, wy);
}

FVMAF_HD inline float lanczos4_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                      const float* wy) {
  return lanczos4_sample_at(PlaneAt{src, stride}, xi, wx, yi, wy);
}

}  // namespace fastvmaf::common
