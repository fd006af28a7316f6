// PSNR-HVS's SIMD entries, written once for both vector widths (core/simd.hpp):
// psnr_hvs_avx2.cpp instantiates them for V256 (8 blocks at a time), psnr_hvs_avx512.cpp
// for V512 (16). Each lane does block_terms' operations (psnr_hvs_math.hpp) in their
// order: the float means and variances of the samples, Daala's int32 lifting DCT, the
// float masked energy, the double square root, the float thresholds and weights. Plain
// multiplies and adds only: the project compiles without contraction. The samples are
// brought into lanes (sample k of block b in lane b of vector k) by 8x8 transposes of
// eight blocks' rows.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/simd.hpp"
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"

namespace fastvmaf::psnr_hvs::simd_entries {

// Row i (0..7) of eight blocks, p[b] pointing at block b's first sample of that row:
// cols[j] holds sample j of every block, as int32 (lane b for block b).
template <class V>
[[gnu::always_inline]] inline void transpose8(const std::uint8_t* const p[8], __m256i cols[8]) {
  __m128i r[8];
  for (int b = 0; b < 8; ++b) r[b] = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p[b]));
  const __m128i t0 = _mm_unpacklo_epi8(r[0], r[1]), t1 = _mm_unpacklo_epi8(r[2], r[3]);
  const __m128i t2 = _mm_unpacklo_epi8(r[4], r[5]), t3 = _mm_unpacklo_epi8(r[6], r[7]);
  // u0: samples 0..3 of blocks 0..3, u1: 4..7 of 0..3; u2, u3: the same of blocks 4..7.
  const __m128i u0 = _mm_unpacklo_epi16(t0, t1), u1 = _mm_unpackhi_epi16(t0, t1);
  const __m128i u2 = _mm_unpacklo_epi16(t2, t3), u3 = _mm_unpackhi_epi16(t2, t3);
  // Samples j and j + 1 of blocks 0..7.
  const __m128i v[4] = {_mm_unpacklo_epi32(u0, u2), _mm_unpackhi_epi32(u0, u2), _mm_unpacklo_epi32(u1, u3),
                        _mm_unpackhi_epi32(u1, u3)};
  for (int q = 0; q < 4; ++q) {
    cols[2 * q] = _mm256_cvtepu8_epi32(v[q]);
    cols[2 * q + 1] = _mm256_cvtepu8_epi32(_mm_srli_si128(v[q], 8));
  }
}

template <class V>
[[gnu::always_inline]] inline void transpose8(const std::uint16_t* const p[8], __m256i cols[8]) {
  __m128i r[8];
  for (int b = 0; b < 8; ++b) r[b] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p[b]));
  __m128i t[8], u[8];
  for (int q = 0; q < 4; ++q) {
    t[2 * q] = _mm_unpacklo_epi16(r[2 * q], r[2 * q + 1]);      // samples 0..3 of blocks 2q, 2q+1
    t[2 * q + 1] = _mm_unpackhi_epi16(r[2 * q], r[2 * q + 1]);  // samples 4..7
  }
  for (int g = 0; g < 2; ++g) {  // blocks 4g .. 4g + 3
    const __m128i* s = t + 4 * g;
    u[4 * g + 0] = _mm_unpacklo_epi32(s[0], s[2]);  // samples 0, 1
    u[4 * g + 1] = _mm_unpackhi_epi32(s[0], s[2]);  // 2, 3
    u[4 * g + 2] = _mm_unpacklo_epi32(s[1], s[3]);  // 4, 5
    u[4 * g + 3] = _mm_unpackhi_epi32(s[1], s[3]);  // 6, 7
  }
  for (int q = 0; q < 4; ++q) {
    cols[2 * q] = _mm256_cvtepu16_epi32(_mm_unpacklo_epi64(u[q], u[4 + q]));
    cols[2 * q + 1] = _mm256_cvtepu16_epi32(_mm_unpackhi_epi64(u[q], u[4 + q]));
  }
}

// The samples of blocks first .. first + kLanes32 - 1 in lanes (x[8 i + j], lane b:
// sample (i, j) of block first + b); lanes past block n - 1 repeat it.
template <class V, typename Sample>
[[gnu::always_inline]] inline void load_lanes(const Sample* base, std::ptrdiff_t stride, int first, int n,
                                              typename V::I x[64]) {
  constexpr int kHalves = V::kLanes32 / 8;
  for (int i = 0; i < kBlock; ++i) {
    const Sample* row = reinterpret_cast<const Sample*>(reinterpret_cast<const std::uint8_t*>(base) + i * stride);
    __m256i cols[kHalves][8];
    for (int h = 0; h < kHalves; ++h) {
      const Sample* p[8];
      for (int b = 0; b < 8; ++b) {
        const int block = first + 8 * h + b;  // no std::min: nothing shared with other units
        p[b] = row + kStep * (block < n ? block : n - 1);
      }
      transpose8<V>(p, cols[h]);
    }
    for (int j = 0; j < kBlock; ++j) {
      if constexpr (kHalves == 1)
        x[i * kBlock + j] = cols[0][j];
      else
        x[i * kBlock + j] = V::combine(cols[0][j], cols[1][j]);
    }
  }
}

// unbiased_rshift(a, 1).
template <class V>
[[gnu::always_inline]] inline typename V::I half_unbiased(typename V::I a) {
  return V::template srai_epi32<1>(V::add_epi32(V::template srli_epi32<31>(a), a));
}

// (a * c + r) >> S in int32.
template <class V, int S>
[[gnu::always_inline]] inline typename V::I mul_round(typename V::I a, int c, int r) {
  return V::template srai_epi32<S>(V::add_epi32(V::mullo_epi32(a, V::set1_epi32(c)), V::set1_epi32(r)));
}

// fdct8 in lanes: x[r * stride] to y[k * ystride].
template <class V>
[[gnu::always_inline]] inline void fdct8(const typename V::I* x, int stride, typename V::I* y, int ystride) {
  using I = typename V::I;
  I t0 = x[0 * stride], t4 = x[1 * stride], t2 = x[2 * stride], t6 = x[3 * stride];
  I t7 = x[4 * stride], t3 = x[5 * stride], t5 = x[6 * stride], t1 = x[7 * stride];
  t1 = V::sub_epi32(t0, t1);
  const I t1h = half_unbiased<V>(t1);
  t0 = V::sub_epi32(t0, t1h);
  t4 = V::add_epi32(t4, t5);
  const I t4h = half_unbiased<V>(t4);
  t5 = V::sub_epi32(t5, t4h);
  t3 = V::sub_epi32(t2, t3);
  t2 = V::sub_epi32(t2, half_unbiased<V>(t3));
  t6 = V::add_epi32(t6, t7);
  const I t6h = half_unbiased<V>(t6);
  t7 = V::sub_epi32(t6h, t7);
  t0 = V::add_epi32(t0, t6h);
  t6 = V::sub_epi32(t0, t6);
  t2 = V::sub_epi32(t4h, t2);
  t4 = V::sub_epi32(t2, t4);
  t0 = V::sub_epi32(t0, mul_round<V, 15>(t4, 13573, 16384));
  t4 = V::add_epi32(t4, mul_round<V, 14>(t0, 11585, 8192));
  t0 = V::sub_epi32(t0, mul_round<V, 15>(t4, 13573, 16384));
  t6 = V::sub_epi32(t6, mul_round<V, 15>(t2, 21895, 16384));
  t2 = V::add_epi32(t2, mul_round<V, 14>(t6, 15137, 8192));
  t6 = V::sub_epi32(t6, mul_round<V, 15>(t2, 21895, 16384));
  t3 = V::add_epi32(t3, mul_round<V, 15>(t5, 19195, 16384));
  t5 = V::add_epi32(t5, mul_round<V, 14>(t3, 11585, 8192));
  t3 = V::sub_epi32(t3, mul_round<V, 13>(t5, 7489, 4096));
  t7 = V::sub_epi32(half_unbiased<V>(t5), t7);
  t5 = V::sub_epi32(t5, t7);
  t3 = V::sub_epi32(t1h, t3);
  t1 = V::sub_epi32(t1, t3);
  t7 = V::add_epi32(t7, mul_round<V, 15>(t1, 3227, 16384));
  t1 = V::sub_epi32(t1, mul_round<V, 15>(t7, 6393, 16384));
  t7 = V::add_epi32(t7, mul_round<V, 15>(t1, 3227, 16384));
  t5 = V::add_epi32(t5, mul_round<V, 13>(t3, 2485, 4096));
  t3 = V::sub_epi32(t3, mul_round<V, 15>(t5, 18205, 16384));
  t5 = V::add_epi32(t5, mul_round<V, 13>(t3, 2485, 4096));
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
template <class V>
[[gnu::always_inline]] inline void fdct8x8(typename V::I* b) {
  typename V::I z[64];
  for (int i = 0; i < 8; ++i) fdct8<V>(b + i, 8, z + 8 * i, 1);
  for (int i = 0; i < 8; ++i) fdct8<V>(z + i, 8, b + 8 * i, 1);
}

constexpr int quadrant(int i, int j) { return ((i & 12) >> 2) + ((j & 12) >> 1); }

template <class V>
[[gnu::always_inline]] inline typename V::F variance_ratio(const typename V::I* b) {
  using F = typename V::F;
  F means[4], vars[4];
  for (int q = 0; q < 4; ++q) means[q] = vars[q] = V::zero_ps();
  F gmean = V::zero_ps(), gvar = V::zero_ps();
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const F v = V::cvtepi32_ps(b[i * 8 + j]);
      gmean = V::add_ps(gmean, v);
      means[quadrant(i, j)] = V::add_ps(means[quadrant(i, j)], v);
    }
  gmean = V::div_ps(gmean, V::set1_ps(64.f));
  for (int q = 0; q < 4; ++q) means[q] = V::div_ps(means[q], V::set1_ps(16.f));
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const F v = V::cvtepi32_ps(b[i * 8 + j]);
      const F dg = V::sub_ps(v, gmean), dq = V::sub_ps(v, means[quadrant(i, j)]);
      gvar = V::add_ps(gvar, V::mul_ps(dg, dg));
      vars[quadrant(i, j)] = V::add_ps(vars[quadrant(i, j)], V::mul_ps(dq, dq));
    }
  gvar = V::mul_ps(gvar, V::set1_ps(1 / 63.f * 64));
  for (int q = 0; q < 4; ++q) vars[q] = V::mul_ps(vars[q], V::set1_ps(1 / 15.f * 16));
  const F ratio = V::div_ps(V::add_ps(V::add_ps(V::add_ps(vars[0], vars[1]), vars[2]), vars[3]), gvar);
  return V::blendv_ps(gvar, ratio, V::cmpgt_ps(gvar, V::zero_ps()));
}

template <class V>
[[gnu::always_inline]] inline typename V::F masked_energy(const typename V::I* dct, const PlaneTables& t) {
  typename V::F e = V::zero_ps();
  for (int i = 0; i < 8; ++i)
    for (int j = (i == 0); j < 8; ++j) {
      const typename V::I v = dct[i * 8 + j];
      e = V::add_ps(e, V::mul_ps(V::cvtepi32_ps(V::mullo_epi32(v, v)), V::set1_ps(t.mask[i][j])));
    }
  return e;
}

// (float)(sqrt((double)(e * ratio)) / 32.f).
template <class V>
[[gnu::always_inline]] inline typename V::F mask_strength(typename V::F e, typename V::F ratio) {
  const typename V::F p = V::mul_ps(e, ratio);
  const typename V::D k = V::set1_pd(32.0);
  const typename V::D lo = V::div_pd(V::sqrt_pd(V::cvtps_pd(V::lo_half_ps(p))), k);
  const typename V::D hi = V::div_pd(V::sqrt_pd(V::cvtps_pd(V::hi_half_ps(p))), k);
  return V::combine_ps(V::cvtpd_ps(lo), V::cvtpd_ps(hi));
}

template <class V, typename Sample>
void terms(const Sample* ref, std::ptrdiff_t ref_stride, const Sample* dis, std::ptrdiff_t dis_stride, int n,
           const PlaneTables& t, float* out) {
  using I = typename V::I;
  using F = typename V::F;
  constexpr int kLanes = V::kLanes32;
  for (int first = 0; first < n; first += kLanes) {
    I sv[64], dv[64];
    load_lanes<V>(ref, ref_stride, first, n, sv);
    load_lanes<V>(dis, dis_stride, first, n, dv);
    const F s_ratio = variance_ratio<V>(sv), d_ratio = variance_ratio<V>(dv);
    fdct8x8<V>(sv);
    fdct8x8<V>(dv);
    F s_mask = mask_strength<V>(masked_energy<V>(sv, t), s_ratio);
    const F d_mask = mask_strength<V>(masked_energy<V>(dv, t), d_ratio);
    s_mask = V::blendv_ps(s_mask, d_mask, V::cmpgt_ps(d_mask, s_mask));
    const F zero = V::zero_ps();
    // A vector past the last block goes through a buffer, of which n - first lanes are kept.
    const bool whole = first + kLanes <= n;
    alignas(64) float part[64 * kLanes];
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) {
        const int k = i * 8 + j;
        F err = V::cvtepi32_ps(V::abs_epi32(V::sub_epi32(sv[k], dv[k])));
        if (k != 0) {
          const F thr = V::div_ps(s_mask, V::set1_ps(t.mask[i][j]));
          err = V::blendv_ps(V::sub_ps(err, thr), zero, V::cmplt_ps(err, thr));
        }
        const F w = V::mul_ps(err, V::set1_ps(t.csf[i][j]));
        V::storeu_ps(whole ? out + k * kGroup + first : part + k * kLanes, V::mul_ps(w, w));
      }
    if (!whole)
      for (int k = 0; k < 64; ++k)
        for (int b = 0; b < n - first; ++b) out[k * kGroup + first + b] = part[k * kLanes + b];
  }
}

}  // namespace fastvmaf::psnr_hvs::simd_entries
