// PSNR-HVS's block terms for AVX2 (this file gets -mavx2 -mfma; no contraction): 8
// consecutive blocks in 8 lanes, each lane doing block_terms' operations in its order
// (float means and variances, Daala's int32 lifting DCT, the float masking, the double
// square root). The plane's sum stays serial, in the C code. Chosen at run time when
// the CPU has AVX2.
#include <immintrin.h>

#include "features/psnr_hvs/psnr_hvs.hpp"

namespace fastvmaf::psnr_hvs {

namespace avx2 {
namespace {

inline __m256i rshift_unbiased(__m256i a, int b) {
  // ((uint32)a >> (32 - b)) + a, arithmetic shift by b.
  return _mm256_srai_epi32(_mm256_add_epi32(_mm256_srli_epi32(a, 32 - b), a), b);
}

// (a * c + r) >> s in int32.
inline __m256i mul_round(__m256i a, int c, int r, int s) {
  return _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(a, _mm256_set1_epi32(c)), _mm256_set1_epi32(r)), s);
}

// od_bin_fdct8 in 8 lanes: x[r * stride] to y[k * ystride].
inline void fdct8(const __m256i* x, int stride, __m256i* y, int ystride) {
  __m256i t0 = x[0 * stride], t4 = x[1 * stride], t2 = x[2 * stride], t6 = x[3 * stride];
  __m256i t7 = x[4 * stride], t3 = x[5 * stride], t5 = x[6 * stride], t1 = x[7 * stride];
  t1 = _mm256_sub_epi32(t0, t1);
  const __m256i t1h = rshift_unbiased(t1, 1);
  t0 = _mm256_sub_epi32(t0, t1h);
  t4 = _mm256_add_epi32(t4, t5);
  const __m256i t4h = rshift_unbiased(t4, 1);
  t5 = _mm256_sub_epi32(t5, t4h);
  t3 = _mm256_sub_epi32(t2, t3);
  t2 = _mm256_sub_epi32(t2, rshift_unbiased(t3, 1));
  t6 = _mm256_add_epi32(t6, t7);
  const __m256i t6h = rshift_unbiased(t6, 1);
  t7 = _mm256_sub_epi32(t6h, t7);
  t0 = _mm256_add_epi32(t0, t6h);
  t6 = _mm256_sub_epi32(t0, t6);
  t2 = _mm256_sub_epi32(t4h, t2);
  t4 = _mm256_sub_epi32(t2, t4);
  t0 = _mm256_sub_epi32(t0, mul_round(t4, 13573, 16384, 15));
  t4 = _mm256_add_epi32(t4, mul_round(t0, 11585, 8192, 14));
  t0 = _mm256_sub_epi32(t0, mul_round(t4, 13573, 16384, 15));
  t6 = _mm256_sub_epi32(t6, mul_round(t2, 21895, 16384, 15));
  t2 = _mm256_add_epi32(t2, mul_round(t6, 15137, 8192, 14));
  t6 = _mm256_sub_epi32(t6, mul_round(t2, 21895, 16384, 15));
  t3 = _mm256_add_epi32(t3, mul_round(t5, 19195, 16384, 15));
  t5 = _mm256_add_epi32(t5, mul_round(t3, 11585, 8192, 14));
  t3 = _mm256_sub_epi32(t3, mul_round(t5, 7489, 4096, 13));
  t7 = _mm256_sub_epi32(rshift_unbiased(t5, 1), t7);
  t5 = _mm256_sub_epi32(t5, t7);
  t3 = _mm256_sub_epi32(t1h, t3);
  t1 = _mm256_sub_epi32(t1, t3);
  t7 = _mm256_add_epi32(t7, mul_round(t1, 3227, 16384, 15));
  t1 = _mm256_sub_epi32(t1, mul_round(t7, 6393, 16384, 15));
  t7 = _mm256_add_epi32(t7, mul_round(t1, 3227, 16384, 15));
  t5 = _mm256_add_epi32(t5, mul_round(t3, 2485, 4096, 13));
  t3 = _mm256_sub_epi32(t3, mul_round(t5, 18205, 16384, 15));
  t5 = _mm256_add_epi32(t5, mul_round(t3, 2485, 4096, 13));
  y[0 * ystride] = t0;
  y[1 * ystride] = t1;
  y[2 * ystride] = t2;
  y[3 * ystride] = t3;
  y[4 * ystride] = t4;
  y[5 * ystride] = t5;
  y[6 * ystride] = t6;
  y[7 * ystride] = t7;
}

// fdct8x8 in place: columns into z (z[8 i + k]), then z's columns.
inline void fdct8x8(__m256i* b) {
  __m256i z[64];
  for (int i = 0; i < 8; ++i) fdct8(b + i, 8, z + 8 * i, 1);
  for (int i = 0; i < 8; ++i) fdct8(z + i, 8, b + 8 * i, 1);
}

inline int quadrant(int i, int j) { return ((i & 12) >> 2) + ((j & 12) >> 1); }

inline __m256 variance_ratio(const __m256i* b) {
  __m256 means[4], vars[4];
  for (int q = 0; q < 4; ++q) means[q] = vars[q] = _mm256_setzero_ps();
  __m256 gmean = _mm256_setzero_ps(), gvar = _mm256_setzero_ps();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const __m256 v = _mm256_cvtepi32_ps(b[i * 8 + j]);
      gmean = _mm256_add_ps(gmean, v);
      means[quadrant(i, j)] = _mm256_add_ps(means[quadrant(i, j)], v);
    }
  gmean = _mm256_div_ps(gmean, _mm256_set1_ps(64.f));
  for (int q = 0; q < 4; ++q) means[q] = _mm256_div_ps(means[q], _mm256_set1_ps(16.f));
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const __m256 v = _mm256_cvtepi32_ps(b[i * 8 + j]);
      const __m256 dg = _mm256_sub_ps(v, gmean), dq = _mm256_sub_ps(v, means[quadrant(i, j)]);
      gvar = _mm256_add_ps(gvar, _mm256_mul_ps(dg, dg));
      vars[quadrant(i, j)] = _mm256_add_ps(vars[quadrant(i, j)], _mm256_mul_ps(dq, dq));
    }
  gvar = _mm256_mul_ps(gvar, _mm256_set1_ps(1 / 63.f * 64));
  for (int q = 0; q < 4; ++q) vars[q] = _mm256_mul_ps(vars[q], _mm256_set1_ps(1 / 15.f * 16));
  const __m256 ratio =
      _mm256_div_ps(_mm256_add_ps(_mm256_add_ps(_mm256_add_ps(vars[0], vars[1]), vars[2]), vars[3]), gvar);
  return _mm256_blendv_ps(gvar, ratio, _mm256_cmp_ps(gvar, _mm256_setzero_ps(), _CMP_GT_OQ));
}

inline __m256 masked_energy(const __m256i* dct, const PlaneTables& t) {
  __m256 e = _mm256_setzero_ps();
  for (int i = 0; i < 8; ++i)
    for (int j = (i == 0); j < 8; ++j) {
      const __m256i v = dct[i * 8 + j];
      e = _mm256_add_ps(e, _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_mullo_epi32(v, v)), _mm256_set1_ps(t.mask[i][j])));
    }
  return e;
}

// (float)(sqrt((double)(e * ratio)) / 32.f).
inline __m256 mask_strength(__m256 e, __m256 ratio) {
  const __m256 p = _mm256_mul_ps(e, ratio);
  const __m256d k = _mm256_set1_pd(32.0);
  const __m256d lo = _mm256_div_pd(_mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_castps256_ps128(p))), k);
  const __m256d hi = _mm256_div_pd(_mm256_sqrt_pd(_mm256_cvtps_pd(_mm256_extractf128_ps(p, 1))), k);
  return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)), _mm256_cvtpd_ps(hi), 1);
}

void terms8(const std::int32_t* s, const std::int32_t* d, const PlaneTables& t, float* terms) {
  __m256i sv[64], dv[64];
  for (int k = 0; k < 64; ++k) {
    sv[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s + k * 8));
    dv[k] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + k * 8));
  }
  const __m256 s_ratio = variance_ratio(sv), d_ratio = variance_ratio(dv);
  fdct8x8(sv);
  fdct8x8(dv);
  __m256 s_mask = mask_strength(masked_energy(sv, t), s_ratio);
  const __m256 d_mask = mask_strength(masked_energy(dv, t), d_ratio);
  s_mask = _mm256_blendv_ps(s_mask, d_mask, _mm256_cmp_ps(d_mask, s_mask, _CMP_GT_OQ));
  const __m256 zero = _mm256_setzero_ps();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const int k = i * 8 + j;
      __m256 err = _mm256_cvtepi32_ps(_mm256_abs_epi32(_mm256_sub_epi32(sv[k], dv[k])));
      if (k != 0) {
        const __m256 thr = _mm256_div_ps(s_mask, _mm256_set1_ps(t.mask[i][j]));
        err = _mm256_blendv_ps(_mm256_sub_ps(err, thr), zero, _mm256_cmp_ps(err, thr, _CMP_LT_OQ));
      }
      const __m256 w = _mm256_mul_ps(err, _mm256_set1_ps(t.csf[i][j]));
      _mm256_storeu_ps(terms + k * 8, _mm256_mul_ps(w, w));
    }
}

}  // namespace
}  // namespace avx2

Terms8Fn terms8_avx2() {
  if (!__builtin_cpu_supports("avx2")) return nullptr;
  return &avx2::terms8;
}

}  // namespace fastvmaf::psnr_hvs
