// The float VIF row kernels for AVX2 (this file gets -mavx2 -mfma -mbmi2; the build
// never contracts, so no FMA is formed), bit-identical to the portable ones
// (float_vif_rows.hpp; tests/unit/float_vif_test.cpp compares them on random and
// extreme inputs). Chosen at run time when the CPU has AVX2.
//
//  - vertical5: eight outputs at a time keep their five sums (two means, two squares,
//    the product) in registers across the taps, each from 0 in tap order; every sample
//    is read once per tap.
//  - statistic: the per-pixel statistic of eight pixels, libvmaf's if-blocks as blends
//    (both sides are computed in the scalar code too), the two quotients that involve
//    the double vif_sigma_nsq in double lanes and narrowed once, and log2f_approx on the
//    float bits. Every operation is an IEEE operation of the scalar code, lane by lane.
#include <immintrin.h>

#include <limits>

#include "features/float_vif/float_vif_rows.hpp"

namespace fastvmaf::float_vif {

namespace {

struct Avx2 {};
using Portable = VifRows<Avx2>;

void vertical5(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
               float* const* out) {
  unsigned j0 = 0;
  for (; j0 + 8 <= w; j0 += 8) {
    __m256 s1 = _mm256_setzero_ps(), s2 = s1, sxx = s1, syy = s1, sxy = s1;
    for (int k = 0; k < n; ++k) {
      const __m256 t = _mm256_set1_ps(taps[k]);
      const __m256 x = _mm256_loadu_ps(a[k] + j0);
      const __m256 y = _mm256_loadu_ps(b[k] + j0);
      s1 = _mm256_add_ps(s1, _mm256_mul_ps(t, x));
      s2 = _mm256_add_ps(s2, _mm256_mul_ps(t, y));
      sxx = _mm256_add_ps(sxx, _mm256_mul_ps(t, _mm256_mul_ps(x, x)));
      syy = _mm256_add_ps(syy, _mm256_mul_ps(t, _mm256_mul_ps(y, y)));
      sxy = _mm256_add_ps(sxy, _mm256_mul_ps(t, _mm256_mul_ps(x, y)));
    }
    _mm256_storeu_ps(out[0] + j0, s1);
    _mm256_storeu_ps(out[1] + j0, s2);
    _mm256_storeu_ps(out[2] + j0, sxx);
    _mm256_storeu_ps(out[3] + j0, syy);
    _mm256_storeu_ps(out[4] + j0, sxy);
  }
  for (unsigned j = j0; j < w; ++j) {  // the tail, as the portable sums
    float s1 = 0, s2 = 0, sxx = 0, syy = 0, sxy = 0;
    for (int k = 0; k < n; ++k) {
      const float t = taps[k], x = a[k][j], y = b[k][j];
      s1 += t * x;
      s2 += t * y;
      sxx += t * (x * x);
      syy += t * (y * y);
      sxy += t * (x * y);
    }
    out[0][j] = s1;
    out[1][j] = s2;
    out[2][j] = sxx;
    out[3][j] = syy;
    out[4][j] = sxy;
  }
}

inline __m256 select(__m256 mask, __m256 if_true, __m256 if_false) { return _mm256_blendv_ps(if_false, if_true, mask); }

// log2_approx of eight floats.
inline __m256 log2_approx8(__m256 x) {
  const __m256i u = _mm256_castps_si256(x);
  const __m256i exponent = _mm256_srli_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7F800000)), 23);
  const __m256 remain = _mm256_castsi256_ps(
      _mm256_or_si256(_mm256_and_si256(u, _mm256_set1_epi32(0x007FFFFF)), _mm256_set1_epi32(0x3F800000)));
  const __m256 base = _mm256_cvtepi32_ps(_mm256_sub_epi32(exponent, _mm256_set1_epi32(127)));
  const __m256 t = _mm256_sub_ps(remain, _mm256_set1_ps(1.0f));
  constexpr float kPoly[9] = {static_cast<float>(-0.012671635276421), static_cast<float>(0.064841182402670),
                              static_cast<float>(-0.157048836463065), static_cast<float>(0.257167726303123),
                              static_cast<float>(-0.353800560300520), static_cast<float>(0.480131410397451),
                              static_cast<float>(-0.721314327952201), static_cast<float>(1.442694803896991),
                              0.0f};
  __m256 poly = _mm256_setzero_ps();
  for (float c : kPoly) poly = _mm256_add_ps(_mm256_mul_ps(poly, t), _mm256_set1_ps(c));
  __m256 r = _mm256_add_ps(base, poly);
  const __m256 zero = _mm256_setzero_ps();
  r = select(_mm256_cmp_ps(x, zero, _CMP_LT_OQ), _mm256_set1_ps(std::numeric_limits<float>::quiet_NaN()), r);
  return select(_mm256_cmp_ps(x, zero, _CMP_EQ_OQ), _mm256_set1_ps(-std::numeric_limits<float>::infinity()), r);
}

// (float)(1.0f + (double)num / ((double)den_f + den_d)) of eight floats, in two halves of
// four doubles.
inline __m256 one_plus_quotient(__m256 num, __m256 den_f, __m256d den_d) {
  const __m256d one = _mm256_set1_pd(1.0);
  const __m256d lo = _mm256_add_pd(
      one, _mm256_div_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(num)),
                         _mm256_add_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(den_f)), den_d)));
  const __m256d hi = _mm256_add_pd(
      one, _mm256_div_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(num, 1)),
                         _mm256_add_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(den_f, 1)), den_d)));
  return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
}

// (float)(1.0f + (double)num / den_d) of eight floats.
inline __m256 one_plus_quotient(__m256 num, __m256d den_d) {
  const __m256d one = _mm256_set1_pd(1.0);
  const __m256d lo = _mm256_add_pd(one, _mm256_div_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(num)), den_d));
  const __m256d hi = _mm256_add_pd(one, _mm256_div_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(num, 1)), den_d));
  return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
}

// (double)x < d of eight floats, as a float mask.
inline __m256 less_than(__m256 x, __m256d d) {
  const __m256d lo = _mm256_cmp_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(x)), d, _CMP_LT_OQ);
  const __m256d hi = _mm256_cmp_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)), d, _CMP_LT_OQ);
  // Each 64-bit mask is all ones or all zeros: its low 32 bits are the float lane's mask.
  const __m256i l = _mm256_castpd_si256(lo), h = _mm256_castpd_si256(hi);
  const __m256i idx = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  const __m128i l32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(l, idx));
  const __m128i h32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(h, idx));
  return _mm256_castsi256_ps(_mm256_set_m128i(h32, l32));
}

void statistic(const float* const* in, unsigned w, const StatParams& p, float* num, float* den) {
  const __m256 zero = _mm256_setzero_ps(), eps = _mm256_set1_ps(1.0e-10f), one = _mm256_set1_ps(1.0f);
  const __m256 limit = _mm256_set1_ps(p.gain_limit), max_inv = _mm256_set1_ps(p.sigma_max_inv);
  const __m256d nsq = _mm256_set1_pd(p.sigma_nsq);
  unsigned j = 0;
  for (; j + 8 <= w; j += 8) {
    const __m256 mu1 = _mm256_loadu_ps(in[0] + j), mu2 = _mm256_loadu_ps(in[1] + j);
    const __m256 xx = _mm256_loadu_ps(in[2] + j), yy = _mm256_loadu_ps(in[3] + j);
    const __m256 xy = _mm256_loadu_ps(in[4] + j);
    __m256 s1 = _mm256_sub_ps(xx, _mm256_mul_ps(mu1, mu1));
    __m256 s2 = _mm256_sub_ps(yy, _mm256_mul_ps(mu2, mu2));
    const __m256 s12 = _mm256_sub_ps(xy, _mm256_mul_ps(mu1, mu2));
    s1 = select(_mm256_cmp_ps(s1, zero, _CMP_GT_OQ), s1, zero);
    s2 = select(_mm256_cmp_ps(s2, zero, _CMP_GT_OQ), s2, zero);
    __m256 g = _mm256_div_ps(s12, _mm256_add_ps(s1, eps));
    __m256 sv = _mm256_sub_ps(s2, _mm256_mul_ps(g, s12));
    const __m256 flat_ref = _mm256_cmp_ps(s1, eps, _CMP_LT_OQ);
    g = select(flat_ref, zero, g);
    sv = select(flat_ref, s2, sv);
    s1 = select(flat_ref, zero, s1);
    const __m256 flat_dis = _mm256_cmp_ps(s2, eps, _CMP_LT_OQ);
    g = select(flat_dis, zero, g);
    sv = select(flat_dis, zero, sv);
    const __m256 negative = _mm256_cmp_ps(g, zero, _CMP_LT_OQ);
    sv = select(negative, s2, sv);
    g = select(negative, zero, g);
    sv = select(_mm256_cmp_ps(sv, eps, _CMP_GT_OQ), sv, eps);
    g = select(_mm256_cmp_ps(g, limit, _CMP_LT_OQ), g, limit);
    __m256 n = log2_approx8(one_plus_quotient(_mm256_mul_ps(_mm256_mul_ps(g, g), s1), sv, nsq));
    __m256 d = log2_approx8(one_plus_quotient(s1, nsq));
    n = select(_mm256_cmp_ps(s12, zero, _CMP_LT_OQ), zero, n);
    const __m256 below_noise = less_than(s1, nsq);
    n = select(below_noise, _mm256_sub_ps(one, _mm256_mul_ps(s2, max_inv)), n);
    d = select(below_noise, one, d);
    _mm256_storeu_ps(num + j, n);
    _mm256_storeu_ps(den + j, d);
  }
  const float* tail[5] = {in[0] + j, in[1] + j, in[2] + j, in[3] + j, in[4] + j};
  Portable::statistic(tail, w - j, p, num + j, den + j);
}

}  // namespace

const RowKernels* avx2_row_kernels() {
  static constexpr RowKernels k = {&vertical5, &statistic};
  static const bool available = __builtin_cpu_supports("avx2");
  return available ? &k : nullptr;
}

}  // namespace fastvmaf::float_vif
