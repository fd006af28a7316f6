// The float ADM row kernels for AVX2 (this file gets -mavx2 -mfma -mbmi2; the build
// never contracts, so no FMA is formed), bit-identical to the portable ones
// (float_adm_rows.hpp; tests/unit/float_adm_test.cpp compares them). Chosen at run
// time when the CPU has AVX2.
//
//  - decouple: eight samples at a time. The reciprocal estimate is vrcpps, the packed
//    form of the rcpss that libvmaf's DIVS uses (the same table per lane; the unit test
//    checks that on every run); the gain limit's MIN / MAX in double lanes, as C
//    promotes them; the masking weights as double products narrowed once.
//  - measure: the threshold of eight interior samples from three unaligned loads per
//    masker row and orientation, added in libvmaf's order, the centre term in double;
//    then the measured values (their cubes for p = 3). The first and last columns (which
//    mirror) and other p-norms are the portable code's.
#include <immintrin.h>

#include "features/float_adm/float_adm_rows.hpp"

namespace fastvmaf::float_adm {

namespace {

struct Avx2 {};
using Portable = AdmRows<Avx2>;

inline __m256 select(__m256 mask, __m256 if_true, __m256 if_false) { return _mm256_blendv_ps(if_false, if_true, mask); }

inline __m256 abs8(__m256 x) { return _mm256_and_ps(x, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF))); }

// (float)(c * (double)x) per lane.
inline __m256 scaled_in_double(__m256 x, double c) {
  const __m256d k = _mm256_set1_pd(c);
  const __m256d lo = _mm256_mul_pd(k, _mm256_cvtps_pd(_mm256_castps256_ps128(x)));
  const __m256d hi = _mm256_mul_pd(k, _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1)));
  return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
}

// (float)((double)s + c * (double)x) per lane.
inline __m256 add_scaled_in_double(__m256 s, __m256 x, double c) {
  const __m256d k = _mm256_set1_pd(c);
  const __m256d lo = _mm256_add_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(s)),
                                   _mm256_mul_pd(k, _mm256_cvtps_pd(_mm256_castps256_ps128(x))));
  const __m256d hi = _mm256_add_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(s, 1)),
                                   _mm256_mul_pd(k, _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1))));
  return _mm256_set_m128(_mm256_cvtpd_ps(hi), _mm256_cvtpd_ps(lo));
}

// The gain limit of one band where angle_flag holds: rst > 0 becomes
// (float)min(rst * gain, t) in double, then rst < 0 becomes (float)max(rst * gain, t).
inline __m128 gain_limited(__m128 rst, __m128 t, __m128 flag, __m256d gain) {
  const __m128 zero = _mm_setzero_ps();
  const __m256d td = _mm256_cvtps_pd(t);
  __m256d g = _mm256_mul_pd(_mm256_cvtps_pd(rst), gain);
  __m128 lim = _mm256_cvtpd_ps(_mm256_blendv_pd(td, g, _mm256_cmp_pd(g, td, _CMP_LT_OQ)));
  rst = _mm_blendv_ps(rst, lim, _mm_and_ps(flag, _mm_cmpgt_ps(rst, zero)));
  g = _mm256_mul_pd(_mm256_cvtps_pd(rst), gain);
  lim = _mm256_cvtpd_ps(_mm256_blendv_pd(td, g, _mm256_cmp_pd(g, td, _CMP_GT_OQ)));
  return _mm_blendv_ps(rst, lim, _mm_and_ps(flag, _mm_cmplt_ps(rst, zero)));
}

void decouple(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p, float* const* weight_a,
              float* const* weight_r) {
  const __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
  const __m256 eps = _mm256_set1_ps(static_cast<float>(1e-30));
  const __m256 cos_sq = _mm256_set1_ps(p.cos_sq);
  const __m256d gain = _mm256_set1_pd(p.gain_limit);
  int j = j0;
  for (; j + 8 <= j1; j += 8) {
    __m256 ov[3], tv[3], rst[3];
    for (int b = 0; b < 3; ++b) {
      ov[b] = _mm256_loadu_ps(o[b] + j);
      tv[b] = _mm256_loadu_ps(t[b] + j);
      // DIVS(t, o + eps): t times the refined reciprocal.
      const __m256 d = _mm256_add_ps(ov[b], eps);
      const __m256 xi = _mm256_rcp_ps(d);
      const __m256 rcp = _mm256_add_ps(xi, _mm256_mul_ps(xi, _mm256_sub_ps(one, _mm256_mul_ps(d, xi))));
      __m256 k = _mm256_mul_ps(tv[b], rcp);
      k = select(_mm256_cmp_ps(k, one, _CMP_GT_OQ), one, k);
      k = select(_mm256_cmp_ps(k, zero, _CMP_LT_OQ), zero, k);
      rst[b] = _mm256_mul_ps(k, ov[b]);
    }
    const __m256 ot_dp = _mm256_add_ps(_mm256_mul_ps(ov[0], tv[0]), _mm256_mul_ps(ov[1], tv[1]));
    const __m256 o_mag = _mm256_add_ps(_mm256_mul_ps(ov[0], ov[0]), _mm256_mul_ps(ov[1], ov[1]));
    const __m256 t_mag = _mm256_add_ps(_mm256_mul_ps(tv[0], tv[0]), _mm256_mul_ps(tv[1], tv[1]));
    const __m256 flag =
        _mm256_and_ps(_mm256_cmp_ps(ot_dp, zero, _CMP_GE_OQ),
                      _mm256_cmp_ps(_mm256_mul_ps(ot_dp, ot_dp), _mm256_mul_ps(_mm256_mul_ps(cos_sq, o_mag), t_mag),
                                    _CMP_GE_OQ));
    for (int b = 0; b < 3; ++b) {
      const __m128 lo = gain_limited(_mm256_castps256_ps128(rst[b]), _mm256_castps256_ps128(tv[b]),
                                     _mm256_castps256_ps128(flag), gain);
      const __m128 hi = gain_limited(_mm256_extractf128_ps(rst[b], 1), _mm256_extractf128_ps(tv[b], 1),
                                     _mm256_extractf128_ps(flag, 1), gain);
      const __m256 r = _mm256_set_m128(hi, lo);
      const __m256 a = _mm256_sub_ps(tv[b], r);
      _mm256_storeu_ps(o[b] + j, r);
      _mm256_storeu_ps(t[b] + j, a);
      const __m256 rf = _mm256_set1_ps(p.rfactor[b]);
      _mm256_storeu_ps(weight_a[b] + j, scaled_in_double(abs8(_mm256_mul_ps(rf, a)), kOneBy30));
      _mm256_storeu_ps(weight_r[b] + j, scaled_in_double(abs8(_mm256_mul_ps(rf, r)), kOneBy30));
    }
  }
  Portable::decouple(o, t, j, j1, p, weight_a, weight_r);
}

void measure(const MeasureRow& r, int j0, int j1, float* const* values) {
  if (!r.cube) return Portable::measure(r, j0, j1, values);
  // Columns 0 and w - 1 mirror their neighbours: the portable code does those.
  const int lo = j0 > 1 ? j0 : 1;
  const int hi = j1 < r.w - 1 ? j1 : r.w - 1;
  if (lo >= hi) return Portable::measure(r, j0, j1, values);
  Portable::measure(r, j0, lo, values);
  const __m256 zero = _mm256_setzero_ps();
  int j = lo;
  for (; j + 8 <= hi; j += 8) {
    __m256 thr = zero;
    if (!r.bypass_cm) {
      for (int b = 0; b < 3; ++b) {
        __m256 sum = zero;
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.up[b] + j - 1));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.up[b] + j));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.up[b] + j + 1));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.mid[b] + j - 1));
        const __m256 c = _mm256_mul_ps(_mm256_set1_ps(r.rfactor[b]), _mm256_loadu_ps(r.centre[b] + j));
        sum = add_scaled_in_double(sum, abs8(c), kOneBy15);
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.mid[b] + j + 1));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.down[b] + j - 1));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.down[b] + j));
        sum = _mm256_add_ps(sum, _mm256_loadu_ps(r.down[b] + j + 1));
        thr = _mm256_add_ps(thr, sum);
      }
    }
    for (int b = 0; b < 3; ++b) {
      __m256 v = _mm256_sub_ps(abs8(_mm256_mul_ps(_mm256_loadu_ps(r.x[b] + j), _mm256_set1_ps(r.rfactor[b]))), thr);
      v = select(_mm256_cmp_ps(v, zero, _CMP_LT_OQ), zero, v);
      _mm256_storeu_ps(values[b] + (j - j0), _mm256_mul_ps(_mm256_mul_ps(v, v), v));
    }
  }
  float* rest[3] = {values[0] + (j - j0), values[1] + (j - j0), values[2] + (j - j0)};
  Portable::measure(r, j, j1, rest);
}

}  // namespace

void rcp_packed(const float* in, std::size_t n, float* out) {
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, _mm256_rcp_ps(_mm256_loadu_ps(in + i)));
  for (; i < n; ++i) {
    float lane[8] = {in[i], 1, 1, 1, 1, 1, 1, 1};
    _mm256_storeu_ps(lane, _mm256_rcp_ps(_mm256_loadu_ps(lane)));
    out[i] = lane[0];
  }
}

const AdmKernels* avx2_adm_kernels() {
  static constexpr AdmKernels k = {&decouple, &measure};
  static const bool available = __builtin_cpu_supports("avx2");
  return available ? &k : nullptr;
}

}  // namespace fastvmaf::float_adm
