// The SSIM map's and MS-SSIM's SIMD entries, written once for both vector widths
// (core/simd.hpp): ssim_avx2.cpp instantiates them for V256, ssim_avx512.cpp for V512.
// One output per lane, each lane doing the C entry's operations in their order
// (ssim_math.hpp): the float product of a sample and a tap (one rounding), widened to
// double and added to the lane's double sum, which starts at 0 and is rounded to float
// once; double l and c, float s. Plain multiplies and adds only: the project compiles
// without contraction, so nothing is fused. The tails that do not fill a vector go to
// the C entries.
#pragma once

#include <cstddef>

#include "core/simd.hpp"
#include "features/ssim/ssim_dsp.hpp"

namespace fastvmaf::ssim::simd_entries {

// A vector of float products widened and added to two double accumulators (its low and
// high halves).
template <class V>
[[gnu::always_inline]] inline void add_products(typename V::F v, typename V::F k, typename V::D& lo,
                                                typename V::D& hi) {
  const typename V::F p = V::mul_ps(v, k);
  lo = V::add_pd(lo, V::cvtps_pd(V::lo_half_ps(p)));
  hi = V::add_pd(hi, V::cvtps_pd(V::hi_half_ps(p)));
}

template <class V>
[[gnu::always_inline]] inline typename V::F narrow(typename V::D lo, typename V::D hi) {
  return V::combine_ps(V::cvtpd_ps(lo), V::cvtpd_ps(hi));
}

template <class V>
void hpass(const float* src, int n, float* out) {
  constexpr int kLanes = V::kLanes32;
  int x = 0;
  for (; x + kLanes <= n; x += kLanes) {
    typename V::D lo = V::zero_pd(), hi = V::zero_pd();
    for (int t = 0; t < kWindow; ++t) add_products<V>(V::loadu_ps(src + x + t), V::set1_ps(kGaussian[t]), lo, hi);
    V::storeu_ps(out + x, narrow<V>(lo, hi));
  }
  if (x < n) hpass_c(src + x, n - x, out + x);
}

template <class V>
void vpass(const float* const rows[kWindow], int n, float* out) {
  constexpr int kLanes = V::kLanes32;
  int x = 0;
  for (; x + kLanes <= n; x += kLanes) {
    typename V::D lo = V::zero_pd(), hi = V::zero_pd();
    for (int t = 0; t < kWindow; ++t) add_products<V>(V::loadu_ps(rows[t] + x), V::set1_ps(kGaussian[t]), lo, hi);
    V::storeu_ps(out + x, narrow<V>(lo, hi));
  }
  if (x < n) {
    const float* tail[kWindow];
    for (int t = 0; t < kWindow; ++t) tail[t] = rows[t] + x;
    vpass_c(tail, n - x, out + x);
  }
}

// pixel_terms() of one vector of pixels: the float parts in float lanes, l and c from
// each half widened to doubles.
template <class V>
void terms(const float* mu1, const float* mu2, const float* xx, const float* yy, const float* xy, int n, double* l,
           double* c, double* s, double* lcs) {
  using F = typename V::F;
  using D = typename V::D;
  constexpr int kLanes = V::kLanes32, kHalf = kLanes / 2;
  const Constants k = map_constants();
  const F zero = V::zero_ps(), c1 = V::set1_ps(k.c1), c2 = V::set1_ps(k.c2), c3 = V::set1_ps(k.c3);
  const D two = V::set1_pd(2.0), c1d = V::set1_pd(static_cast<double>(k.c1)),
          c2d = V::set1_pd(static_cast<double>(k.c2));
  int x = 0;
  for (; x + kLanes <= n; x += kLanes) {
    const F m1 = V::loadu_ps(mu1 + x), m2 = V::loadu_ps(mu2 + x);
    F var1 = V::sub_ps(V::loadu_ps(xx + x), V::mul_ps(m1, m1));
    F var2 = V::sub_ps(V::loadu_ps(yy + x), V::mul_ps(m2, m2));
    // 0.0 > v ? 0 : v (a NaN or -0 stays).
    var1 = V::blendv_ps(var1, zero, V::cmpgt_ps(zero, var1));
    var2 = V::blendv_ps(var2, zero, V::cmpgt_ps(zero, var2));
    const F cov = V::sub_ps(V::loadu_ps(xy + x), V::mul_ps(m1, m2));
    const F prod = V::mul_ps(var1, var2);
    const F sigma12 = V::combine_ps(V::cvtpd_ps(V::sqrt_pd(V::cvtps_pd(V::lo_half_ps(prod)))),
                                    V::cvtpd_ps(V::sqrt_pd(V::cvtps_pd(V::hi_half_ps(prod)))));
    const F l_den = V::add_ps(V::add_ps(V::mul_ps(m1, m1), V::mul_ps(m2, m2)), c1);
    const F c_den = V::add_ps(V::add_ps(var1, var2), c2);
    // cov < 0 && sigma12 <= 0 ? 0 : cov.
    const F flat = V::and_ps(V::cmplt_ps(cov, zero), V::cmple_ps(sigma12, zero));
    const F clamped = V::blendv_ps(cov, zero, flat);
    const F sv = V::div_ps(V::add_ps(clamped, c3), V::add_ps(sigma12, c3));
    for (int h = 0; h < 2; ++h) {
      auto half = [h](F v) { return V::cvtps_pd(h == 0 ? V::lo_half_ps(v) : V::hi_half_ps(v)); };
      const D lv = V::div_pd(V::add_pd(V::mul_pd(V::mul_pd(two, half(m1)), half(m2)), c1d), half(l_den));
      const D cv = V::div_pd(V::add_pd(V::mul_pd(two, half(sigma12)), c2d), half(c_den));
      const D svd = half(sv);
      const int at = x + h * kHalf;
      V::storeu_pd(l + at, lv);
      V::storeu_pd(c + at, cv);
      V::storeu_pd(s + at, svd);
      V::storeu_pd(lcs + at, V::mul_pd(V::mul_pd(lv, cv), svd));
    }
  }
  if (x < n) terms_c(mu1 + x, mu2 + x, xx + x, yy + x, xy + x, n - x, l + x, c + x, s + x, lcs + x);
}

template <class V>
void lpf_run(const float* src, int w, int cy, int x0, int n, float* out) {
  constexpr int kLanes = V::kLanes32;
  int i = 0;
  // A vector of centres reads its rows up to 2 (x0 + i + kLanes - 1) + 4 + 1: stay
  // inside the row.
  for (; i + kLanes <= n && 2 * (x0 + i + kLanes - 1) + kLpfHalf + 1 < w; i += kLanes) {
    const int cx = 2 * (x0 + i);
    typename V::D lo = V::zero_pd(), hi = V::zero_pd();
    for (int v = -kLpfHalf; v <= kLpfHalf; ++v) {
      const float* row = src + static_cast<std::ptrdiff_t>(cy + v) * w + cx;
      for (int u = -kLpfHalf; u <= kLpfHalf; ++u) {
        const typename V::F even = V::even_ps(V::loadu_ps(row + u), V::loadu_ps(row + u + kLanes));
        add_products<V>(even, V::set1_ps(kLpf2d[v + kLpfHalf][u + kLpfHalf]), lo, hi);
      }
    }
    V::storeu_ps(out + i, narrow<V>(lo, hi));
  }
  if (i < n) lpf_run_c(src, w, cy, x0 + i, n - i, out + i);
}

}  // namespace fastvmaf::ssim::simd_entries
