// The SSIM map's row kernels and MS-SSIM's low-pass for AVX2 (this file gets -mavx2
// -mfma; the project builds without contraction, and the intrinsics below are plain
// multiplies and adds). Eight outputs at a time, each lane doing exactly the scalar
// kernels' operations in their order: float products (one rounding), widened and
// summed in double from 0, one rounding back to float; double l and c, float s. The
// tails go to the scalar kernels. Chosen at run time when the CPU has AVX2.
#include <immintrin.h>

#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_math.hpp"

namespace fastvmaf::ssim {

namespace avx2 {
namespace {

// 8 float products widened and added to two double accumulators (lanes 0-3, 4-7).
inline void add_products(__m256 v, __m256 k, __m256d& lo, __m256d& hi) {
  const __m256 p = _mm256_mul_ps(v, k);
  lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(p)));
  hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(p, 1)));
}

inline __m256 narrow(__m256d lo, __m256d hi) {
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)), _mm256_cvtpd_ps(hi), 1);
}

void hpass(const float* src, int n, float* out) {
  int x = 0;
  for (; x + 8 <= n; x += 8) {
    __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
    for (int t = 0; t < kWindow; ++t) add_products(_mm256_loadu_ps(src + x + t), _mm256_set1_ps(kGaussian[t]), lo, hi);
    _mm256_storeu_ps(out + x, narrow(lo, hi));
  }
  if (x < n) map_kernels_scalar().hpass(src + x, n - x, out + x);
}

void vpass(const float* const rows[kWindow], int n, float* out) {
  int x = 0;
  for (; x + 8 <= n; x += 8) {
    __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
    for (int t = 0; t < kWindow; ++t) add_products(_mm256_loadu_ps(rows[t] + x), _mm256_set1_ps(kGaussian[t]), lo, hi);
    _mm256_storeu_ps(out + x, narrow(lo, hi));
  }
  if (x < n) {
    const float* tail[kWindow];
    for (int t = 0; t < kWindow; ++t) tail[t] = rows[t] + x;
    map_kernels_scalar().vpass(tail, n - x, out + x);
  }
}

// Four pixels of pixel_terms(), in double lanes; the float parts in 4-wide float.
inline void terms4(__m128 mu1, __m128 mu2, __m128 xx, __m128 yy, __m128 xy, const Constants& k, double* l,
                   double* c, double* s, double* lcs) {
  const __m128 zero = _mm_setzero_ps();
  __m128 var1 = _mm_sub_ps(xx, _mm_mul_ps(mu1, mu1));
  __m128 var2 = _mm_sub_ps(yy, _mm_mul_ps(mu2, mu2));
  // 0.0 > v ? 0 : v (a NaN or -0 stays).
  var1 = _mm_blendv_ps(var1, zero, _mm_cmp_ps(zero, var1, _CMP_GT_OQ));
  var2 = _mm_blendv_ps(var2, zero, _mm_cmp_ps(zero, var2, _CMP_GT_OQ));
  const __m128 cov = _mm_sub_ps(xy, _mm_mul_ps(mu1, mu2));
  const __m128 sigma12 = _mm256_cvtpd_ps(_mm256_sqrt_pd(_mm256_cvtps_pd(_mm_mul_ps(var1, var2))));
  const __m256d two = _mm256_set1_pd(2.0);
  const __m256d m1 = _mm256_cvtps_pd(mu1), m2 = _mm256_cvtps_pd(mu2);
  const __m256d l_num = _mm256_add_pd(_mm256_mul_pd(_mm256_mul_pd(two, m1), m2), _mm256_set1_pd(k.c1));
  const __m128 l_den = _mm_add_ps(_mm_add_ps(_mm_mul_ps(mu1, mu1), _mm_mul_ps(mu2, mu2)), _mm_set1_ps(k.c1));
  const __m256d lv = _mm256_div_pd(l_num, _mm256_cvtps_pd(l_den));
  const __m256d c_num = _mm256_add_pd(_mm256_mul_pd(two, _mm256_cvtps_pd(sigma12)), _mm256_set1_pd(k.c2));
  const __m128 c_den = _mm_add_ps(_mm_add_ps(var1, var2), _mm_set1_ps(k.c2));
  const __m256d cv = _mm256_div_pd(c_num, _mm256_cvtps_pd(c_den));
  // cov < 0 && sigma12 <= 0 ? 0 : cov.
  const __m128 flat = _mm_and_ps(_mm_cmp_ps(cov, zero, _CMP_LT_OQ), _mm_cmp_ps(sigma12, zero, _CMP_LE_OQ));
  const __m128 clamped = _mm_blendv_ps(cov, zero, flat);
  const __m128 c3 = _mm_set1_ps(k.c3);
  const __m256d sv = _mm256_cvtps_pd(_mm_div_ps(_mm_add_ps(clamped, c3), _mm_add_ps(sigma12, c3)));
  _mm256_storeu_pd(l, lv);
  _mm256_storeu_pd(c, cv);
  _mm256_storeu_pd(s, sv);
  _mm256_storeu_pd(lcs, _mm256_mul_pd(_mm256_mul_pd(lv, cv), sv));
}

void terms(const float* mu1, const float* mu2, const float* xx, const float* yy, const float* xy, int n, double* l,
           double* c, double* s, double* lcs) {
  const Constants k = map_constants();
  int x = 0;
  for (; x + 4 <= n; x += 4)
    terms4(_mm_loadu_ps(mu1 + x), _mm_loadu_ps(mu2 + x), _mm_loadu_ps(xx + x), _mm_loadu_ps(yy + x),
           _mm_loadu_ps(xy + x), k, l + x, c + x, s + x, lcs + x);
  if (x < n)
    map_kernels_scalar().terms(mu1 + x, mu2 + x, xx + x, yy + x, xy + x, n - x, l + x, c + x, s + x, lcs + x);
}

// src[2 i], i = 0..7, from 16 consecutive floats.
inline __m256 even8(const float* p) {
  const __m256 a = _mm256_loadu_ps(p), b = _mm256_loadu_ps(p + 8);
  const __m256 e = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));  // 0 2 8 10 | 4 6 12 14
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), _MM_SHUFFLE(3, 1, 2, 0)));
}

void lpf_run(const float* src, int w, int cy, int x0, int n, float* out) {
  int i = 0;
  // A group of 8 reads its rows up to 2 (x0 + i + 7) + 4 + 1: stay inside the row.
  for (; i + 8 <= n && 2 * (x0 + i + 7) + kLpfHalf + 1 < w; i += 8) {
    const int cx = 2 * (x0 + i);
    __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
    for (int v = -kLpfHalf; v <= kLpfHalf; ++v) {
      const float* row = src + static_cast<std::ptrdiff_t>(cy + v) * w + cx;
      for (int u = -kLpfHalf; u <= kLpfHalf; ++u)
        add_products(even8(row + u), _mm256_set1_ps(kLpf2d[v + kLpfHalf][u + kLpfHalf]), lo, hi);
    }
    _mm256_storeu_ps(out + i, narrow(lo, hi));
  }
  if (i < n) map_kernels_scalar().lpf_run(src, w, cy, x0 + i, n - i, out + i);
}

}  // namespace
}  // namespace avx2

const MapKernels* map_kernels_avx2() {
  if (!__builtin_cpu_supports("avx2")) return nullptr;
  static const MapKernels k{&avx2::hpass, &avx2::vpass, &avx2::terms, &avx2::lpf_run};
  return &k;
}

}  // namespace fastvmaf::ssim
