// AVX2 row kernels, bit-identical to the scalar ones in adm_rows.cpp (compared on
// random rows by tests/unit/adm_rows_test.cpp). Each vector loop runs the same integer
// arithmetic as the scalar routine; where the scalar code widens to int64, the vector
// code either keeps 64-bit lanes or uses doubles where every value involved is an
// integer below 2^53 (so the double arithmetic is exact). Column tails and band edges
// fall back to the scalar routines.
#include <immintrin.h>

#include "features/adm/adm_params.hpp"
#include "features/adm/adm_rows.hpp"

namespace fastvmaf::adm {

namespace {

// Scalar kernels for tails.
const RowKernels& scalar() { return scalar_row_kernels(); }

inline __m256i wrap16_epi32(__m256i v) { return _mm256_srai_epi32(_mm256_slli_epi32(v, 16), 16); }

// Pairs (a, b) of int16 coefficients repeated, for _mm256_madd_epi16.
inline __m256i coef_pair(std::int16_t a, std::int16_t b) {
  return _mm256_set1_epi32(static_cast<std::int32_t>(static_cast<std::uint16_t>(a)) |
                           (static_cast<std::int32_t>(static_cast<std::uint16_t>(b)) << 16));
}

// ---------------------------------------------------------------------------------
// Scale 0 vertical pass. The samples are offset by 32768 into int16 (any 16-bit value
// fits), the offset folded into constants: the low filter's taps sum to 46342, the
// high filter's to 0. Pair products fit int32 and the rest wraps as the scalar sum.
template <typename Pixel>
void dwt0_vertical(const Pixel* const src[4], int n, int bpc, std::int16_t* lo, std::int16_t* hi) {
  const std::uint32_t half = 1u << (bpc - 1);
  const __m256i flip = _mm256_set1_epi16(static_cast<std::int16_t>(0x8000));
  const __m256i lo_add = _mm256_set1_epi32(static_cast<std::int32_t>(46342u * (32768u - half) + half));
  const __m256i hi_add = _mm256_set1_epi32(static_cast<std::int32_t>(half));
  const __m128i shift = _mm_cvtsi32_si128(bpc);
  const __m256i lo01 = coef_pair(15826, 27411), lo23 = coef_pair(7345, -4240);
  const __m256i hi01 = coef_pair(-4240, -7345), hi23 = coef_pair(27411, -15826);
  auto load = [&](const Pixel* p) {
    if constexpr (sizeof(Pixel) == 1)
      return _mm256_xor_si256(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), flip);
    else
      return _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), flip);
  };
  auto filter = [&](__m256i p01_lo, __m256i p01_hi, __m256i p23_lo, __m256i p23_hi, __m256i c01, __m256i c23,
                    __m256i add) {
    const __m256i a = _mm256_add_epi32(_mm256_madd_epi16(p01_lo, c01), _mm256_madd_epi16(p23_lo, c23));
    const __m256i b = _mm256_add_epi32(_mm256_madd_epi16(p01_hi, c01), _mm256_madd_epi16(p23_hi, c23));
    // Unpacked within 128-bit lanes, so packing back restores the sample order; the
    // int16 store truncates as the scalar cast does.
    return _mm256_packs_epi32(wrap16_epi32(_mm256_sra_epi32(_mm256_add_epi32(a, add), shift)),
                              wrap16_epi32(_mm256_sra_epi32(_mm256_add_epi32(b, add), shift)));
  };
  int j = 0;
  for (; j + 16 <= n; j += 16) {
    const __m256i s0 = load(src[0] + j), s1 = load(src[1] + j), s2 = load(src[2] + j), s3 = load(src[3] + j);
    const __m256i p01_lo = _mm256_unpacklo_epi16(s0, s1), p01_hi = _mm256_unpackhi_epi16(s0, s1);
    const __m256i p23_lo = _mm256_unpacklo_epi16(s2, s3), p23_hi = _mm256_unpackhi_epi16(s2, s3);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(lo + j),
                        filter(p01_lo, p01_hi, p23_lo, p23_hi, lo01, lo23, lo_add));
    if (hi)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(hi + j),
                          filter(p01_lo, p01_hi, p23_lo, p23_hi, hi01, hi23, hi_add));
  }
  if (j < n) {
    const Pixel* tail[4] = {src[0] + j, src[1] + j, src[2] + j, src[3] + j};
    if constexpr (sizeof(Pixel) == 1)
      scalar().dwt0_vertical_u8(tail, n - j, bpc, lo + j, hi ? hi + j : nullptr);
    else
      scalar().dwt0_vertical_u16(tail, n - j, bpc, lo + j, hi ? hi + j : nullptr);
  }
}

// ---------------------------------------------------------------------------------
// Scale 0 horizontal pass: output k is (f0 p[2k] + f1 p[2k+1] + f2 p[2k+2] + f3 p[2k+3]
// + 32768) >> 16; adjacent int16 pairs are exactly what _mm256_madd_epi16 multiplies.
inline __m256i horizontal8(const std::int16_t* p, __m256i c01, __m256i c23) {
  const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2));
  const __m256i s = _mm256_add_epi32(_mm256_madd_epi16(a, c01), _mm256_madd_epi16(b, c23));
  return _mm256_srai_epi32(_mm256_add_epi32(s, _mm256_set1_epi32(32768)), 16);
}

inline void store16(std::int16_t* dst, __m256i first8, __m256i next8) {
  const __m256i packed = _mm256_packs_epi32(first8, next8);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst), _mm256_permute4x64_epi64(packed, 0xD8));
}

void dwt0_horizontal(const std::int16_t* lo, const std::int16_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                     BandRow<std::int16_t> out) {
  const __m256i lo01 = coef_pair(15826, 27411), lo23 = coef_pair(7345, -4240);
  const __m256i hi01 = coef_pair(-4240, -7345), hi23 = coef_pair(27411, -15826);
  // Vector loads read 18 elements from 2k: keep them inside the padded row (2n + 3).
  int k = 0;
  for (; k + 8 < n_a; k += 8)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + k), horizontal8(lo + 2 * k, lo01, lo23));
  if (k < n_a) scalar().dwt0_horizontal(lo + 2 * k, nullptr, n_a - k, a + k, 0, 0, out);
  if (!hi) return;
  k = c0;
  for (; k + 16 < c1; k += 16) {
    const std::int16_t* l = lo + 2 * k;
    const std::int16_t* h = hi + 2 * k;
    store16(out.v + k, horizontal8(l, hi01, hi23), horizontal8(l + 16, hi01, hi23));
    store16(out.h + k, horizontal8(h, lo01, lo23), horizontal8(h + 16, lo01, lo23));
    store16(out.d + k, horizontal8(h, hi01, hi23), horizontal8(h + 16, hi01, hi23));
  }
  if (k < c1) {
    std::int32_t unused[1];
    scalar().dwt0_horizontal(lo, hi, 0, unused, k, c1, out);
  }
}

// ---------------------------------------------------------------------------------
// Scale 0 decouple, CSF and masking terms, 8 columns at a time.
//
// Angle test: the int16 products and their sums are exact in double, so converting
// the double to float rounds exactly as libvmaf's int64-to-float conversion; the rest
// is the same double arithmetic. Ratio k: div_lookup[o] * t + 16384 is below 2^46 in
// magnitude, exact in double, and its floor after scaling by 2^-15 is libvmaf's
// arithmetic shift.
struct Decouple8 {
  __m256i r, a;
};

inline Decouple8 decouple8(__m256i o, __m256i t, __m256i angle_ok, const DecoupleParams& p) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i div = _mm256_i32gather_epi32(p.div_lookup, _mm256_add_epi32(o, _mm256_set1_epi32(32768)), 4);
  const __m256d scale = _mm256_set1_pd(1.0 / 32768.0);
  const __m256d lo_k = _mm256_setzero_pd(), hi_k = _mm256_set1_pd(32768.0), round = _mm256_set1_pd(16384.0);
  auto ratio = [&](__m128i d4, __m128i t4) {
    const __m256d num = _mm256_add_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(d4), _mm256_cvtepi32_pd(t4)), round);
    const __m256d k = _mm256_floor_pd(_mm256_mul_pd(num, scale));
    return _mm256_cvttpd_epi32(_mm256_min_pd(_mm256_max_pd(k, lo_k), hi_k));
  };
  __m256i k = _mm256_set_m128i(ratio(_mm256_extracti128_si256(div, 1), _mm256_extracti128_si256(t, 1)),
                               ratio(_mm256_castsi256_si128(div), _mm256_castsi256_si128(t)));
  const __m256i o_zero = _mm256_cmpeq_epi32(o, zero);
  k = _mm256_blendv_epi8(k, _mm256_set1_epi32(32768), o_zero);
  __m256i r = _mm256_srai_epi32(_mm256_add_epi32(_mm256_mullo_epi32(k, o), _mm256_set1_epi32(16384)), 15);
  // Enhancement where the angle test passed, k > 0 and o != 0: min(r * gain, t) for
  // o > 0, max(r * gain, t) for o < 0, truncated.
  const __m256i enhance =
      _mm256_andnot_si256(o_zero, _mm256_and_si256(angle_ok, _mm256_cmpgt_epi32(k, zero)));
  if (!_mm256_testz_si256(enhance, enhance)) {
    const __m256d gain = _mm256_set1_pd(p.gain_limit);
    const __m256i o_pos = _mm256_cmpgt_epi32(o, zero);
    auto enhanced = [&](__m128i r4, __m128i t4, __m128i pos4) {
      const __m256d g = _mm256_mul_pd(_mm256_cvtepi32_pd(r4), gain);
      const __m256d td = _mm256_cvtepi32_pd(t4);
      const __m256d up = _mm256_min_pd(g, td), down = _mm256_max_pd(g, td);
      const __m256d pos = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(pos4));
      return _mm256_cvttpd_epi32(_mm256_blendv_pd(down, up, pos));
    };
    const __m256i e = _mm256_set_m128i(
        enhanced(_mm256_extracti128_si256(r, 1), _mm256_extracti128_si256(t, 1), _mm256_extracti128_si256(o_pos, 1)),
        enhanced(_mm256_castsi256_si128(r), _mm256_castsi256_si128(t), _mm256_castsi256_si128(o_pos)));
    r = _mm256_blendv_epi8(r, wrap16_epi32(e), enhance);
  }
  return {r, wrap16_epi32(_mm256_sub_epi32(t, r))};
}

// |c| / 30 and |c| / 15 of an int16 CSF value, as int16.
inline __m256i masking0(__m256i c, std::int32_t mul) {
  const __m256i v = _mm256_mullo_epi32(_mm256_abs_epi32(c), _mm256_set1_epi32(mul));
  return wrap16_epi32(_mm256_srli_epi32(_mm256_add_epi32(v, _mm256_set1_epi32(2048)), 12));
}

inline __m256i csf0_8(__m256i x, int band) {
  return band == 2 ? wrap16_epi32(_mm256_srai_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(65535)), 17))
                   : wrap16_epi32(_mm256_srai_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(16384)), 15));
}

inline __m256i load16_as32(const std::int16_t* p) {
  return _mm256_cvtepi16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

inline __m256d to_pd_lo(__m256i v) { return _mm256_cvtepi32_pd(_mm256_castsi256_si128(v)); }
inline __m256d to_pd_hi(__m256i v) { return _mm256_cvtepi32_pd(_mm256_extracti128_si256(v, 1)); }

// libvmaf's angle test on 4 columns, given the dot product and squared norms already
// rounded to float (held in doubles): scaled by 2^-12 and compared in double.
inline __m256d angle_test4(__m256d dp_f, __m256d om_f, __m256d tm_f, __m256d cos_sq) {
  const __m256d inv = _mm256_set1_pd(1.0 / 4096.0);
  const __m256d dp = _mm256_mul_pd(dp_f, inv), om = _mm256_mul_pd(om_f, inv), tm = _mm256_mul_pd(tm_f, inv);
  const __m256d ge0 = _mm256_cmp_pd(dp, _mm256_setzero_pd(), _CMP_GE_OQ);
  const __m256d ge = _mm256_cmp_pd(_mm256_mul_pd(dp, dp), _mm256_mul_pd(_mm256_mul_pd(cos_sq, om), tm), _CMP_GE_OQ);
  return _mm256_and_pd(ge0, ge);
}

// Scale 0: int16 products and their sums are exact in double, so rounding the double to
// float rounds exactly as libvmaf's int64-to-float conversion.
inline __m256d within_1deg4(__m256d oh, __m256d ov, __m256d th, __m256d tv, __m256d cos_sq) {
  auto to_float = [](__m256d v) { return _mm256_cvtps_pd(_mm256_cvtpd_ps(v)); };
  return angle_test4(to_float(_mm256_add_pd(_mm256_mul_pd(oh, th), _mm256_mul_pd(ov, tv))),
                     to_float(_mm256_add_pd(_mm256_mul_pd(oh, oh), _mm256_mul_pd(ov, ov))),
                     to_float(_mm256_add_pd(_mm256_mul_pd(th, th), _mm256_mul_pd(tv, tv))), cos_sq);
}

inline __m256i pd_mask_to_epi32(__m256d lo4, __m256d hi4) {
  // Each 64-bit mask lane is all ones or zero: keep one dword of each.
  const __m256i idx = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  const __m256i l = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(lo4), idx);
  const __m256i h = _mm256_permutevar8x32_epi32(_mm256_castpd_si256(hi4), idx);
  return _mm256_permute2x128_si256(l, h, 0x20);
}

void decouple0_row(BandRow<const std::int16_t> o, BandRow<const std::int16_t> t, int c0, int c1,
                   const DecoupleParams& p, const MaskRow& out) {
  const __m256d cos_sq = _mm256_set1_pd(static_cast<double>(p.cos_sq));
  int j = c0;
  for (; j + 8 <= c1; j += 8) {
    const __m256i oh = load16_as32(o.h + j), ov = load16_as32(o.v + j), od = load16_as32(o.d + j);
    const __m256i th = load16_as32(t.h + j), tv = load16_as32(t.v + j), td = load16_as32(t.d + j);
    const __m256i angle_ok =
        pd_mask_to_epi32(within_1deg4(to_pd_lo(oh), to_pd_lo(ov), to_pd_lo(th), to_pd_lo(tv), cos_sq),
                         within_1deg4(to_pd_hi(oh), to_pd_hi(ov), to_pd_hi(th), to_pd_hi(tv), cos_sq));
    const Decouple8 dc[3] = {decouple8(oh, th, angle_ok, p), decouple8(ov, tv, angle_ok, p),
                             decouple8(od, td, angle_ok, p)};
    __m256i nb_dlm = _mm256_setzero_si256(), ce_dlm = nb_dlm, nb_aim = nb_dlm, ce_aim = nb_dlm;
    for (int b = 0; b < 3; ++b) {
      const __m256i w = _mm256_set1_epi32(static_cast<std::int32_t>(p.i_rfactor[b]));
      const __m256i xr = _mm256_mullo_epi32(dc[b].r, w);
      const __m256i xa = _mm256_mullo_epi32(dc[b].a, w);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.x_dlm[b] + j), xr);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.x_aim[b] + j), xa);
      const __m256i ca = csf0_8(xa, b);
      nb_dlm = _mm256_add_epi32(nb_dlm, masking0(ca, 4369));
      ce_dlm = _mm256_add_epi32(ce_dlm, masking0(ca, 8738));
      if (p.aim) {
        const __m256i cr = csf0_8(xr, b);
        nb_aim = _mm256_add_epi32(nb_aim, masking0(cr, 4369));
        ce_aim = _mm256_add_epi32(ce_aim, masking0(cr, 8738));
      }
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.nb_dlm + j), nb_dlm);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.centre_dlm + j), ce_dlm);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.nb_aim + j), nb_aim);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.centre_aim + j), ce_aim);
  }
  if (j < c1) scalar().decouple0(o, t, j, c1, p, out);
}

// ---------------------------------------------------------------------------------
// Contrast measure, 8 interior columns at a time; the two edge columns (mirrored
// neighbours) and the tail go through the scalar routine.

// (v >> s) as an arithmetic shift of int64 lanes.
inline __m256i srai_epi64(__m256i v, __m128i s) {
  const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), v);
  return _mm256_xor_si256(_mm256_srl_epi64(_mm256_xor_si256(v, sign), s), sign);
}

inline __m256i loadu32(const std::int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }

void measure_row(const MeasureRow& m, int c0, int c1, int w, const CubeRounding (&rounding)[3],
                 std::int64_t (&sums)[3]) {
  int j = c0;
  if (j == 0 && c1 > 0) {
    scalar().measure(m, 0, 1, w, rounding, sums);
    j = 1;
  }
  const int end = c1 < w - 1 ? c1 : w - 1;  // last column mirrors: scalar
  __m256i acc[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
  __m128i sub[3], sq_shift[3], cub_shift[3];
  __m256i sq_add[3], cub_add[3];
  for (int b = 0; b < 3; ++b) {
    sub[b] = _mm_cvtsi32_si128(rounding[b].sub_shift);
    sq_shift[b] = _mm_cvtsi32_si128(rounding[b].sq_shift);
    cub_shift[b] = _mm_cvtsi32_si128(static_cast<int>(rounding[b].cub_shift));
    sq_add[b] = _mm256_set1_epi64x(rounding[b].sq_add);
    cub_add[b] = _mm256_set1_epi64x(rounding[b].cub_add);
  }
  for (; j + 8 <= end; j += 8) {
    __m256i thr = _mm256_add_epi32(loadu32(m.nb_above + j - 1), loadu32(m.nb_above + j));
    thr = _mm256_add_epi32(thr, loadu32(m.nb_above + j + 1));
    thr = _mm256_add_epi32(thr, loadu32(m.nb + j - 1));
    thr = _mm256_add_epi32(thr, loadu32(m.nb + j + 1));
    thr = _mm256_add_epi32(thr, loadu32(m.nb_below + j - 1));
    thr = _mm256_add_epi32(thr, loadu32(m.nb_below + j));
    thr = _mm256_add_epi32(thr, loadu32(m.nb_below + j + 1));
    thr = _mm256_add_epi32(thr, loadu32(m.centre + j));
    for (int b = 0; b < 3; ++b) {
      __m256i v = _mm256_sub_epi32(_mm256_abs_epi32(loadu32(m.x[b] + j)), _mm256_sll_epi32(thr, sub[b]));
      v = _mm256_max_epi32(v, _mm256_setzero_si256());
      // v * v (v >= 0) in 64 bits, rounded and shifted, keeps its low 32 bits (signed).
      const __m256i v_odd = _mm256_srli_epi64(v, 32);
      const __m256i sq_even = _mm256_srl_epi64(_mm256_add_epi64(_mm256_mul_epu32(v, v), sq_add[b]), sq_shift[b]);
      const __m256i sq_odd =
          _mm256_srl_epi64(_mm256_add_epi64(_mm256_mul_epu32(v_odd, v_odd), sq_add[b]), sq_shift[b]);
      // sq * v with sq signed: _mm256_mul_epi32 sign-extends the low dword of each lane.
      const __m256i cube_even = _mm256_add_epi64(_mm256_mul_epi32(sq_even, v), cub_add[b]);
      const __m256i cube_odd = _mm256_add_epi64(_mm256_mul_epi32(sq_odd, v_odd), cub_add[b]);
      acc[b] = _mm256_add_epi64(acc[b], srai_epi64(cube_even, cub_shift[b]));
      acc[b] = _mm256_add_epi64(acc[b], srai_epi64(cube_odd, cub_shift[b]));
    }
  }
  for (int b = 0; b < 3; ++b) {
    alignas(32) std::int64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[b]);
    sums[b] = add64(add64(add64(sums[b], lanes[0]), add64(lanes[1], lanes[2])), lanes[3]);
  }
  if (j < c1) scalar().measure(m, j, c1, w, rounding, sums);
}

// ---------------------------------------------------------------------------------
// Scales 1..3 in 64-bit lanes: _mm256_mul_epi32 multiplies the signed low dwords of
// each qword, so the even columns are processed in place and the odd ones after a
// 32-bit right shift; results come back as the low dword of each qword.

inline __m256i odd(__m256i v) { return _mm256_srli_epi64(v, 32); }
// Low dwords of the even and odd results back into 8 columns.
inline __m256i interleave(__m256i even, __m256i odd_result) {
  return _mm256_blend_epi32(even, _mm256_slli_epi64(odd_result, 32), 0xAA);
}
// Low dwords of the 4 qwords of a and of b, in order, as 8 dwords.
inline __m256i compact(__m256i a, __m256i b) {
  const __m256i idx = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
  return _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(a, idx), _mm256_permutevar8x32_epi32(b, idx), 0x20);
}

struct Taps64 {
  __m256i f[4];
  __m256i add;
  __m128i shift;
};

inline Taps64 make_taps(const std::int32_t (&f)[4], std::int32_t add, int shift) {
  return {{_mm256_set1_epi32(f[0]), _mm256_set1_epi32(f[1]), _mm256_set1_epi32(f[2]), _mm256_set1_epi32(f[3])},
          _mm256_set1_epi64x(add),
          _mm_cvtsi32_si128(shift)};
}

// (sum_t f[t] * s_t + add) >> shift on the low dwords of each qword.
inline __m256i taps64(__m256i s0, __m256i s1, __m256i s2, __m256i s3, const Taps64& t) {
  __m256i acc = _mm256_add_epi64(_mm256_mul_epi32(s0, t.f[0]), _mm256_mul_epi32(s1, t.f[1]));
  acc = _mm256_add_epi64(acc, _mm256_mul_epi32(s2, t.f[2]));
  acc = _mm256_add_epi64(acc, _mm256_mul_epi32(s3, t.f[3]));
  return srai_epi64(_mm256_add_epi64(acc, t.add), t.shift);
}

void dwt123_vertical(const std::int32_t* const src[4], int n, std::int32_t add, int shift, std::int32_t* lo,
                     std::int32_t* hi) {
  const Taps64 tl = make_taps(kDwtLo, add, shift), th = make_taps(kDwtHi, add, shift);
  int j = 0;
  for (; j + 8 <= n; j += 8) {
    const __m256i s0 = loadu32(src[0] + j), s1 = loadu32(src[1] + j), s2 = loadu32(src[2] + j),
                  s3 = loadu32(src[3] + j);
    const __m256i o0 = odd(s0), o1 = odd(s1), o2 = odd(s2), o3 = odd(s3);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(lo + j),
                        interleave(taps64(s0, s1, s2, s3, tl), taps64(o0, o1, o2, o3, tl)));
    if (hi)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(hi + j),
                          interleave(taps64(s0, s1, s2, s3, th), taps64(o0, o1, o2, o3, th)));
  }
  if (j < n) {
    const std::int32_t* tail[4] = {src[0] + j, src[1] + j, src[2] + j, src[3] + j};
    scalar().dwt123_vertical(tail, n - j, add, shift, lo + j, hi ? hi + j : nullptr);
  }
}

// Outputs k..k+3 of a padded row: qword m of p + 2k holds taps 0, 1 of output k+m,
// qword m of p + 2k + 2 taps 2, 3.
inline __m256i horizontal4(const std::int32_t* p, const Taps64& t) {
  const __m256i a = loadu32(p), b = loadu32(p + 2);
  return taps64(a, odd(a), b, odd(b), t);
}

void dwt123_horizontal(const std::int32_t* lo, const std::int32_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                       std::int32_t add, int shift, BandRow<std::int32_t> out) {
  const Taps64 tl = make_taps(kDwtLo, add, shift), th = make_taps(kDwtHi, add, shift);
  auto eight = [](const std::int32_t* p, const Taps64& t) { return compact(horizontal4(p, t), horizontal4(p + 8, t)); };
  // Loads read 18 elements from 2k: inside the padded row while k + 8 < n.
  int k = 0;
  for (; k + 8 < n_a; k += 8) _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + k), eight(lo + 2 * k, tl));
  if (k < n_a) scalar().dwt123_horizontal(lo + 2 * k, nullptr, n_a - k, a + k, 0, 0, add, shift, out);
  if (!hi) return;
  k = c0;
  for (; k + 8 < c1; k += 8) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.v + k), eight(lo + 2 * k, th));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.h + k), eight(hi + 2 * k, tl));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.d + k), eight(hi + 2 * k, th));
  }
  if (k < c1) {
    std::int32_t unused[1];
    scalar().dwt123_horizontal(lo, hi, 0, unused, k, c1, add, shift, out);
  }
}

// int64 to float with round-to-nearest-even, as cvtsi2ss, returned as the (exact)
// double of that float: the magnitude is rounded to 24 significant bits in integer
// arithmetic, then scaled.
inline __m256d int64_to_float4(__m256i x) {
  const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
  const __m256i sign = _mm256_cmpgt_epi64(zero, x);
  const __m256i a = _mm256_sub_epi64(_mm256_xor_si256(x, sign), sign);  // |x| (2^63 for INT64_MIN)
  // Exact doubles of values below 2^52 by the 2^52 bias trick.
  const __m256i bias_bits = _mm256_set1_epi64x(0x4330000000000000LL);
  const __m256d bias = _mm256_castsi256_pd(bias_bits);
  auto small_to_pd = [&](__m256i v) { return _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(v, bias_bits)), bias); };
  // floor(log2 |x|): the exponent of an approximate double, one too high when it rounded up.
  const __m256d approx = _mm256_add_pd(_mm256_mul_pd(small_to_pd(_mm256_srli_epi64(a, 32)), _mm256_set1_pd(4294967296.0)),
                                       small_to_pd(_mm256_and_si256(a, _mm256_set1_epi64x(0xffffffffLL))));
  __m256i e = _mm256_sub_epi64(_mm256_srli_epi64(_mm256_castpd_si256(approx), 52), _mm256_set1_epi64x(1023));
  e = _mm256_add_epi64(e, _mm256_cmpeq_epi64(_mm256_srlv_epi64(a, e), zero));  // -1 where a >> e == 0
  // Keep 24 bits: drop = max(e - 23, 0), round half to even.
  __m256i drop = _mm256_sub_epi64(e, _mm256_set1_epi64x(23));
  drop = _mm256_andnot_si256(_mm256_cmpgt_epi64(zero, drop), drop);
  const __m256i unit = _mm256_sllv_epi64(one, drop);
  __m256i q = _mm256_srlv_epi64(a, drop);
  const __m256i rem = _mm256_and_si256(a, _mm256_sub_epi64(unit, one));
  const __m256i half = _mm256_srli_epi64(unit, 1);
  const __m256i tie = _mm256_andnot_si256(_mm256_cmpeq_epi64(rem, zero),
                                          _mm256_and_si256(_mm256_cmpeq_epi64(rem, half),
                                                           _mm256_cmpeq_epi64(_mm256_and_si256(q, one), one)));
  q = _mm256_sub_epi64(q, _mm256_or_si256(_mm256_cmpgt_epi64(rem, half), tie));
  const __m256d scale = _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_add_epi64(drop, _mm256_set1_epi64x(1023)), 52));
  const __m256d mag = _mm256_mul_pd(small_to_pd(q), scale);
  return _mm256_xor_pd(mag, _mm256_castsi256_pd(_mm256_and_si256(sign, _mm256_set1_epi64x(INT64_MIN))));
}

// Scales 1..3: the angle test of the columns in the low dwords of each qword, from the
// exact int64 dot product and squared norms (wrapping as libvmaf's int64 sums). Returns
// the mask in each qword's low dword.
inline __m256i angle_test64(__m256i oh, __m256i ov, __m256i th, __m256i tv, __m256d cos_sq) {
  auto dot = [](__m256i a, __m256i b, __m256i c, __m256i d) {
    return _mm256_add_epi64(_mm256_mul_epi32(a, b), _mm256_mul_epi32(c, d));
  };
  return _mm256_castpd_si256(angle_test4(int64_to_float4(dot(oh, th, ov, tv)), int64_to_float4(dot(oh, oh, ov, ov)),
                                         int64_to_float4(dot(th, th, tv, tv)), cos_sq));
}

// Scale 1..3 decouple of 8 columns of one band. See decouple123 in adm_math.hpp.
inline Decouple8 decouple123_8(__m256i o, __m256i t, __m256i angle_ok, const DecoupleParams& p) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i abs_o = _mm256_abs_epi32(o);  // 2^31 stays 0x80000000, as the scalar's uint32
  // floor(log2 |o|) from the exponent of the (exact) double; INT_MIN gives 31.
  auto exponent4 = [](__m128i v) {
    const __m256i bits = _mm256_castpd_si256(_mm256_cvtepi32_pd(v));
    return _mm256_sub_epi64(_mm256_and_si256(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(0x7ff)),
                            _mm256_set1_epi64x(1023));
  };
  const __m256i e = compact(exponent4(_mm256_castsi256_si128(abs_o)), exponent4(_mm256_extracti128_si256(abs_o, 1)));
  // |o| >= 32768 keeps its 15 leading bits (rounded) and shifts the rest into k's shift.
  const __m256i big = _mm256_cmpgt_epi32(e, _mm256_set1_epi32(14));
  const __m256i shift = _mm256_and_si256(big, _mm256_sub_epi32(e, _mm256_set1_epi32(14)));
  const __m256i one = _mm256_set1_epi32(1);
  const __m256i rounded = _mm256_srlv_epi32(
      _mm256_add_epi32(abs_o, _mm256_sllv_epi32(one, _mm256_sub_epi32(shift, one))), shift);
  const __m256i msb = _mm256_blendv_epi8(abs_o, rounded, big);
  const __m256i div = _mm256_i32gather_epi32(p.div_lookup, _mm256_add_epi32(msb, _mm256_set1_epi32(32768)), 4);
  // (int32)(1u << (14 + shift)), sign-extended, and the shift 15 + shift.
  const __m256i round32 = _mm256_sllv_epi32(one, _mm256_add_epi32(shift, _mm256_set1_epi32(14)));
  const __m256i count32 = _mm256_add_epi32(shift, _mm256_set1_epi32(15));
  const __m256i neg = _mm256_cmpgt_epi32(zero, o);
  const __m256i k_max = _mm256_set1_epi64x(32768);
  auto ratio = [&](__m256i d, __m256i tt, __m256i r32, __m256i c32, __m256i n32) {
    __m256i prod = _mm256_mul_epi32(d, tt);
    const __m256i neg64 = _mm256_shuffle_epi32(n32, 0xA0);  // low dword's mask over the qword
    prod = _mm256_sub_epi64(_mm256_xor_si256(prod, neg64), neg64);
    const __m256i v = _mm256_add_epi64(prod, _mm256_mul_epi32(r32, _mm256_set1_epi64x(1)));
    const __m256i cnt = _mm256_and_si256(c32, _mm256_set1_epi64x(0xffffffff));
    const __m256i sign = _mm256_cmpgt_epi64(zero, v);
    __m256i k = _mm256_xor_si256(_mm256_srlv_epi64(_mm256_xor_si256(v, sign), cnt), sign);
    k = _mm256_andnot_si256(_mm256_cmpgt_epi64(zero, k), k);
    return _mm256_blendv_epi8(k, k_max, _mm256_cmpgt_epi64(k, k_max));
  };
  const __m256i k_even = ratio(div, t, round32, count32, neg);
  const __m256i k_odd = ratio(odd(div), odd(t), odd(round32), odd(count32), odd(neg));
  const __m256i o_zero = _mm256_cmpeq_epi32(o, zero);
  const __m256i k = _mm256_blendv_epi8(interleave(k_even, k_odd), _mm256_set1_epi32(32768), o_zero);
  // r = (k * o + 16384) >> 15 in 64 bits.
  const __m256i r_add = _mm256_set1_epi64x(16384);
  const __m128i r_shift = _mm_cvtsi32_si128(15);
  __m256i r = interleave(srai_epi64(_mm256_add_epi64(_mm256_mul_epi32(k, o), r_add), r_shift),
                         srai_epi64(_mm256_add_epi64(_mm256_mul_epi32(odd(k), odd(o)), r_add), r_shift));
  const __m256i enhance = _mm256_andnot_si256(o_zero, _mm256_and_si256(angle_ok, _mm256_cmpgt_epi32(k, zero)));
  if (!_mm256_testz_si256(enhance, enhance)) {
    const __m256d gain = _mm256_set1_pd(p.gain_limit);
    const __m256i o_pos = _mm256_cmpgt_epi32(o, zero);
    auto enhanced = [&](__m128i r4, __m128i t4, __m128i pos4) {
      const __m256d g = _mm256_mul_pd(_mm256_cvtepi32_pd(r4), gain);
      const __m256d td = _mm256_cvtepi32_pd(t4);
      const __m256d pos = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(pos4));
      return _mm256_cvttpd_epi32(_mm256_blendv_pd(_mm256_max_pd(g, td), _mm256_min_pd(g, td), pos));
    };
    const __m256i e8 = _mm256_set_m128i(
        enhanced(_mm256_extracti128_si256(r, 1), _mm256_extracti128_si256(t, 1), _mm256_extracti128_si256(o_pos, 1)),
        enhanced(_mm256_castsi256_si128(r), _mm256_castsi256_si128(t), _mm256_castsi256_si128(o_pos)));
    r = _mm256_blendv_epi8(r, e8, enhance);
  }
  return {r, _mm256_sub_epi32(t, r)};
}

// csf123: (x * w + 2^27) >> 28 with w an unsigned Q32 weight.
struct Csf123 {
  __m256i w;
  bool high;  // w >= 2^31: the signed multiply needs x * 2^32 added back
};

inline __m256i csf123_4(__m256i x, const Csf123& c) {
  __m256i prod = _mm256_mul_epi32(x, c.w);
  if (c.high) prod = _mm256_add_epi64(prod, _mm256_slli_epi64(_mm256_mul_epi32(x, _mm256_set1_epi64x(1)), 32));
  return srai_epi64(_mm256_add_epi64(prod, _mm256_set1_epi64x(1 << 27)), _mm_cvtsi32_si128(28));
}
inline __m256i csf123_8(__m256i x, const Csf123& c) { return interleave(csf123_4(x, c), csf123_4(odd(x), c)); }

// (|c| * mul - 2^31) >> 32: the high dword of the 64-bit difference.
inline __m256i masking123(__m256i c, std::int32_t mul) {
  const __m256i a = _mm256_abs_epi32(c), m = _mm256_set1_epi32(mul), bias = _mm256_set1_epi64x(2147483648LL);
  const __m256i even = _mm256_sub_epi64(_mm256_mul_epu32(a, m), bias);
  const __m256i odd_r = _mm256_sub_epi64(_mm256_mul_epu32(odd(a), m), bias);
  return _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd_r, 0xAA);
}

void decouple123_row(BandRow<const std::int32_t> o, BandRow<const std::int32_t> t, int c0, int c1,
                     const DecoupleParams& p, const MaskRow& out) {
  const __m256d cos_sq = _mm256_set1_pd(static_cast<double>(p.cos_sq));
  Csf123 csf[3];
  for (int b = 0; b < 3; ++b)
    csf[b] = {_mm256_set1_epi32(static_cast<std::int32_t>(p.i_rfactor[b])), p.i_rfactor[b] >= 0x80000000u};
  int j = c0;
  for (; j + 8 <= c1; j += 8) {
    const __m256i oh = loadu32(o.h + j), ov = loadu32(o.v + j), od = loadu32(o.d + j);
    const __m256i th = loadu32(t.h + j), tv = loadu32(t.v + j), td = loadu32(t.d + j);
    const __m256i angle_ok = interleave(angle_test64(oh, ov, th, tv, cos_sq),
                                        angle_test64(odd(oh), odd(ov), odd(th), odd(tv), cos_sq));
    const Decouple8 dc[3] = {decouple123_8(oh, th, angle_ok, p), decouple123_8(ov, tv, angle_ok, p),
                             decouple123_8(od, td, angle_ok, p)};
    __m256i nb_dlm = _mm256_setzero_si256(), ce_dlm = nb_dlm, nb_aim = nb_dlm, ce_aim = nb_dlm;
    for (int b = 0; b < 3; ++b) {
      const __m256i cr = csf123_8(dc[b].r, csf[b]);
      const __m256i ca = csf123_8(dc[b].a, csf[b]);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.x_dlm[b] + j), cr);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.x_aim[b] + j), ca);
      nb_dlm = _mm256_add_epi32(nb_dlm, masking123(ca, 143165577));
      ce_dlm = _mm256_add_epi32(ce_dlm, masking123(ca, 286331153));
      if (p.aim) {
        nb_aim = _mm256_add_epi32(nb_aim, masking123(cr, 143165577));
        ce_aim = _mm256_add_epi32(ce_aim, masking123(cr, 286331153));
      }
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.nb_dlm + j), nb_dlm);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.centre_dlm + j), ce_dlm);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.nb_aim + j), nb_aim);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out.centre_aim + j), ce_aim);
  }
  if (j < c1) scalar().decouple123(o, t, j, c1, p, out);
}

// Cubes at scales 1..3: ((|x|^2 + 2^sq) >> sq) * |x|, rounded and shifted, in uint64.
// The squared term can reach 2^32 + 1 (|x| = 2^31), so its high dword is multiplied
// separately.
inline __m256i den_cube4(__m256i a, __m128i sq_shift, __m256i sq_add, __m256i cub_add, __m128i cub_shift) {
  const __m256i m = _mm256_srl_epi64(_mm256_add_epi64(_mm256_mul_epu32(a, a), sq_add), sq_shift);
  const __m256i prod = _mm256_add_epi64(_mm256_mul_epu32(m, a), _mm256_slli_epi64(_mm256_mul_epu32(odd(m), a), 32));
  return _mm256_srl_epi64(_mm256_add_epi64(prod, cub_add), cub_shift);
}

void den123_row(BandRow<const std::int32_t> o, int c0, int c1, int scale, std::uint32_t cub_add,
                std::uint32_t cub_shift, std::uint64_t (&sums)[3]) {
  const int sq = scale == 2 ? 30 : 31;
  const __m128i sq_shift = _mm_cvtsi32_si128(sq), c_shift = _mm_cvtsi32_si128(static_cast<int>(cub_shift));
  const __m256i sq_add = _mm256_set1_epi64x(std::int64_t{1} << sq), c_add = _mm256_set1_epi64x(cub_add);
  const std::int32_t* bands[3] = {o.h, o.v, o.d};
  __m256i acc[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
  int j = c0;
  for (; j + 8 <= c1; j += 8) {
    for (int b = 0; b < 3; ++b) {
      const __m256i a = _mm256_abs_epi32(loadu32(bands[b] + j));
      acc[b] = _mm256_add_epi64(acc[b], den_cube4(a, sq_shift, sq_add, c_add, c_shift));
      acc[b] = _mm256_add_epi64(acc[b], den_cube4(odd(a), sq_shift, sq_add, c_add, c_shift));
    }
  }
  for (int b = 0; b < 3; ++b) {
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[b]);
    sums[b] += lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }
  if (j < c1) scalar().den123(o, j, c1, scale, cub_add, cub_shift, sums);
}

// ---------------------------------------------------------------------------------
// Cubes of the reference bands: |x|^2 fits 32 bits, the cube is formed in 64.
void den0_row(BandRow<const std::int16_t> o, int c0, int c1, std::uint64_t (&sums)[3]) {
  const std::int16_t* bands[3] = {o.h, o.v, o.d};
  int j = c0;
  __m256i acc[3] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256()};
  for (; j + 8 <= c1; j += 8) {
    for (int b = 0; b < 3; ++b) {
      const __m256i a = _mm256_abs_epi32(load16_as32(bands[b] + j));
      const __m256i sq = _mm256_mullo_epi32(a, a);
      acc[b] = _mm256_add_epi64(acc[b], _mm256_mul_epu32(sq, a));
      acc[b] = _mm256_add_epi64(acc[b], _mm256_mul_epu32(_mm256_srli_epi64(sq, 32), _mm256_srli_epi64(a, 32)));
    }
  }
  for (int b = 0; b < 3; ++b) {
    alignas(32) std::uint64_t lanes[4];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[b]);
    sums[b] += lanes[0] + lanes[1] + lanes[2] + lanes[3];
  }
  if (j < c1) scalar().den0(o, j, c1, sums);
}

}  // namespace

void int64_to_float_avx2(const std::int64_t* in, float* out, int n) {
  for (int i = 0; i < n; i += 4) {
    alignas(32) std::int64_t v[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4 && i + k < n; ++k) v[k] = in[i + k];
    alignas(32) double d[4];
    _mm256_store_pd(d, int64_to_float4(_mm256_load_si256(reinterpret_cast<const __m256i*>(v))));
    for (int k = 0; k < 4 && i + k < n; ++k) out[i + k] = static_cast<float>(d[k]);
  }
}

const RowKernels* avx2_row_kernels() {
  static const RowKernels k = [] {
    RowKernels r = scalar_row_kernels();
    r.dwt0_vertical_u8 = dwt0_vertical<std::uint8_t>;
    r.dwt0_vertical_u16 = dwt0_vertical<std::uint16_t>;
    r.dwt0_horizontal = dwt0_horizontal;
    r.dwt123_vertical = dwt123_vertical;
    r.dwt123_horizontal = dwt123_horizontal;
    r.decouple123 = decouple123_row;
    r.den123 = den123_row;
    r.decouple0 = decouple0_row;
    r.measure = measure_row;
    r.den0 = den0_row;
    return r;
  }();
  static const bool available = __builtin_cpu_supports("avx2");
  return available ? &k : nullptr;
}

}  // namespace fastvmaf::adm
