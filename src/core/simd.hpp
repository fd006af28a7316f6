// Width-generic integer and double vectors for the SIMD entries of the DSP tables: V256
// (AVX2) and V512 (AVX-512 F/BW/VL/DQ) give the same operations under the same names, so
// a kernel written once as a template on V is compiled in a feature's _avx2.cpp for V256
// and in its _avx512.cpp for V512 (and, where it pays, in _avx512vnni.cpp for V512Vnni,
// which fuses dpwssd). Every operation has the same per-element meaning at
// both widths: the AVX2 instantiation, which every machine with AVX2 tests against the C
// entries, checks the kernel's arithmetic, and only this file's one-to-one mappings
// differ for AVX-512.
//
// Lane conventions, as the instructions have them: unpack*, packs/packus, madd and the
// byte shifts work within each 128-bit lane at both widths (so an unpack followed by the
// matching pack restores the element order); functions named *_ordered undo that where
// the element order must be kept across lanes. Comparisons return vector masks (every bit
// of a true element set) at both widths.
//
// Only SIMD units include this (it is empty elsewhere). Everything is in an anonymous
// namespace: each unit gets its own copies, so no weak symbol compiled for one
// instruction set can be picked by the linker for another
// (tests/contract/simd_weak_symbols.sh).
#pragma once

#if defined(__AVX2__)
// GCC 12's AVX-512 headers start some intrinsics from an undefined register and warn
// about it wherever they are inlined; the warnings are located in the header.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop

#include <cstdint>

namespace fastvmaf::simd {
namespace {

#define FVMAF_SIMD_INLINE [[gnu::always_inline]] static inline

struct V256 {
  using I = __m256i;   // kLanes32 int32 lanes
  using H = __m128i;   // half of I: kLanes32 int16 or kLanes32 / 2 int32
  using D = __m256d;   // kLanes32 / 2 doubles
  using F = __m256;    // kLanes32 floats
  using HF = __m128;   // kLanes32 / 2 floats
  static constexpr int kBytes = 32;
  static constexpr int kLanes32 = 8;

  FVMAF_SIMD_INLINE I loadu(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  FVMAF_SIMD_INLINE void storeu(void* p, I v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  FVMAF_SIMD_INLINE H loadu_half(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
  FVMAF_SIMD_INLINE void storeu_half(void* p, H v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }
  FVMAF_SIMD_INLINE I zero() { return _mm256_setzero_si256(); }
  FVMAF_SIMD_INLINE I set1_epi8(std::int8_t v) { return _mm256_set1_epi8(v); }
  FVMAF_SIMD_INLINE I set1_epi16(std::int16_t v) { return _mm256_set1_epi16(v); }
  FVMAF_SIMD_INLINE I set1_epi32(std::int32_t v) { return _mm256_set1_epi32(v); }
  FVMAF_SIMD_INLINE I set1_epi64(std::int64_t v) { return _mm256_set1_epi64x(v); }

  // Arithmetic (wrapping).
  FVMAF_SIMD_INLINE I add_epi16(I a, I b) { return _mm256_add_epi16(a, b); }
  FVMAF_SIMD_INLINE I sub_epi16(I a, I b) { return _mm256_sub_epi16(a, b); }
  FVMAF_SIMD_INLINE I add_epi32(I a, I b) { return _mm256_add_epi32(a, b); }
  FVMAF_SIMD_INLINE I sub_epi32(I a, I b) { return _mm256_sub_epi32(a, b); }
  FVMAF_SIMD_INLINE I add_epi64(I a, I b) { return _mm256_add_epi64(a, b); }
  FVMAF_SIMD_INLINE I sub_epi64(I a, I b) { return _mm256_sub_epi64(a, b); }
  FVMAF_SIMD_INLINE I mullo_epi16(I a, I b) { return _mm256_mullo_epi16(a, b); }
  FVMAF_SIMD_INLINE I mulhi_epu16(I a, I b) { return _mm256_mulhi_epu16(a, b); }
  FVMAF_SIMD_INLINE I mullo_epi32(I a, I b) { return _mm256_mullo_epi32(a, b); }
  // (int32) a[2i] * b[2i] + a[2i+1] * b[2i+1] of int16 pairs.
  FVMAF_SIMD_INLINE I madd_epi16(I a, I b) { return _mm256_madd_epi16(a, b); }
  // acc + madd(a, b), modulo 2^32 per lane (V512Vnni fuses it into one instruction).
  FVMAF_SIMD_INLINE I dpwssd(I acc, I a, I b) { return _mm256_add_epi32(acc, _mm256_madd_epi16(a, b)); }
  // Low dword of each qword, unsigned / signed, to a 64-bit product.
  FVMAF_SIMD_INLINE I mul_epu32(I a, I b) { return _mm256_mul_epu32(a, b); }
  FVMAF_SIMD_INLINE I mul_epi32(I a, I b) { return _mm256_mul_epi32(a, b); }
  FVMAF_SIMD_INLINE I abs_epi32(I a) { return _mm256_abs_epi32(a); }
  FVMAF_SIMD_INLINE I max_epi32(I a, I b) { return _mm256_max_epi32(a, b); }
  FVMAF_SIMD_INLINE I min_epi32(I a, I b) { return _mm256_min_epi32(a, b); }
  FVMAF_SIMD_INLINE I max_epu16(I a, I b) { return _mm256_max_epu16(a, b); }
  FVMAF_SIMD_INLINE I min_epu16(I a, I b) { return _mm256_min_epu16(a, b); }
  FVMAF_SIMD_INLINE I subs_epu8(I a, I b) { return _mm256_subs_epu8(a, b); }

  // Bits.
  FVMAF_SIMD_INLINE I and_(I a, I b) { return _mm256_and_si256(a, b); }
  FVMAF_SIMD_INLINE I or_(I a, I b) { return _mm256_or_si256(a, b); }
  FVMAF_SIMD_INLINE I xor_(I a, I b) { return _mm256_xor_si256(a, b); }
  FVMAF_SIMD_INLINE I andnot(I a, I b) { return _mm256_andnot_si256(a, b); }  // ~a & b
  // Where mask (a vector mask) is set, b, else a.
  FVMAF_SIMD_INLINE I blendv(I a, I b, I mask) { return _mm256_blendv_epi8(a, b, mask); }
  FVMAF_SIMD_INLINE bool all_zero(I a) { return _mm256_testz_si256(a, a); }

  // Shifts by an immediate and by a count held in a vector's low qword.
  template <int N> FVMAF_SIMD_INLINE I srai_epi16(I a) { return _mm256_srai_epi16(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srai_epi32(I a) { return _mm256_srai_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srli_epi32(I a) { return _mm256_srli_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I slli_epi32(I a) { return _mm256_slli_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srli_epi64(I a) { return _mm256_srli_epi64(a, N); }
  template <int N> FVMAF_SIMD_INLINE I slli_epi64(I a) { return _mm256_slli_epi64(a, N); }
  FVMAF_SIMD_INLINE __m128i count(int n) { return _mm_cvtsi32_si128(n); }
  FVMAF_SIMD_INLINE I sra_epi32(I a, __m128i n) { return _mm256_sra_epi32(a, n); }
  FVMAF_SIMD_INLINE I srl_epi32(I a, __m128i n) { return _mm256_srl_epi32(a, n); }
  FVMAF_SIMD_INLINE I sll_epi32(I a, __m128i n) { return _mm256_sll_epi32(a, n); }
  FVMAF_SIMD_INLINE I srl_epi64(I a, __m128i n) { return _mm256_srl_epi64(a, n); }
  FVMAF_SIMD_INLINE I srlv_epi32(I a, I n) { return _mm256_srlv_epi32(a, n); }
  FVMAF_SIMD_INLINE I sllv_epi32(I a, I n) { return _mm256_sllv_epi32(a, n); }
  FVMAF_SIMD_INLINE I srlv_epi64(I a, I n) { return _mm256_srlv_epi64(a, n); }
  FVMAF_SIMD_INLINE I sllv_epi64(I a, I n) { return _mm256_sllv_epi64(a, n); }
  // Arithmetic right shift of int64 lanes (AVX2 has none: by the sign trick).
  FVMAF_SIMD_INLINE I sra_epi64(I a, __m128i n) {
    const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
    return _mm256_xor_si256(_mm256_srl_epi64(_mm256_xor_si256(a, sign), n), sign);
  }
  FVMAF_SIMD_INLINE I srav_epi64(I a, I n) {
    const __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
    return _mm256_xor_si256(_mm256_srlv_epi64(_mm256_xor_si256(a, sign), n), sign);
  }

  // Comparisons (vector masks).
  FVMAF_SIMD_INLINE I cmpgt_epi16(I a, I b) { return _mm256_cmpgt_epi16(a, b); }
  FVMAF_SIMD_INLINE I cmpeq_epi16(I a, I b) { return _mm256_cmpeq_epi16(a, b); }
  FVMAF_SIMD_INLINE I cmpgt_epi32(I a, I b) { return _mm256_cmpgt_epi32(a, b); }
  FVMAF_SIMD_INLINE I cmpeq_epi32(I a, I b) { return _mm256_cmpeq_epi32(a, b); }
  FVMAF_SIMD_INLINE I cmpgt_epi64(I a, I b) { return _mm256_cmpgt_epi64(a, b); }
  FVMAF_SIMD_INLINE I cmpeq_epi64(I a, I b) { return _mm256_cmpeq_epi64(a, b); }
  // Number of true elements of a 32-bit vector mask.
  FVMAF_SIMD_INLINE int count_true_epi32(I mask) {
    return __builtin_popcount(static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(mask))));
  }

  // Within 128-bit lanes.
  FVMAF_SIMD_INLINE I unpacklo_epi8(I a, I b) { return _mm256_unpacklo_epi8(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi8(I a, I b) { return _mm256_unpackhi_epi8(a, b); }
  FVMAF_SIMD_INLINE I unpacklo_epi16(I a, I b) { return _mm256_unpacklo_epi16(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi16(I a, I b) { return _mm256_unpackhi_epi16(a, b); }
  FVMAF_SIMD_INLINE I unpacklo_epi32(I a, I b) { return _mm256_unpacklo_epi32(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi32(I a, I b) { return _mm256_unpackhi_epi32(a, b); }
  FVMAF_SIMD_INLINE I packs_epi32(I a, I b) { return _mm256_packs_epi32(a, b); }
  FVMAF_SIMD_INLINE I packus_epi32(I a, I b) { return _mm256_packus_epi32(a, b); }
  FVMAF_SIMD_INLINE I shuffle_epi32_a0(I a) { return _mm256_shuffle_epi32(a, 0xA0); }  // dword 0, 0, 2, 2
  FVMAF_SIMD_INLINE I blend_odd_epi32(I even, I odd) { return _mm256_blend_epi32(even, odd, 0xAA); }
  // The packs of a then b with the element order kept across lanes.
  FVMAF_SIMD_INLINE I packs_epi32_ordered(I a, I b) {
    return _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
  }
  FVMAF_SIMD_INLINE I packus_epi32_ordered(I a, I b) {
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8);
  }
  // 128-bit lanes of a and b alternately, the first half of them / the second half:
  // a.L0 b.L0 | a.L1 b.L1 (with unpacklo / unpackhi results: the element order).
  FVMAF_SIMD_INLINE I zip_lanes_lo(I a, I b) { return _mm256_permute2x128_si256(a, b, 0x20); }
  FVMAF_SIMD_INLINE I zip_lanes_hi(I a, I b) { return _mm256_permute2x128_si256(a, b, 0x31); }
  // The low dwords of the qwords of a, then of b, in element order.
  FVMAF_SIMD_INLINE I compact_epi64_lo(I a, I b) {
    const __m256i idx = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    return _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(a, idx), _mm256_permutevar8x32_epi32(b, idx), 0x20);
  }
  // The high dwords of the qwords of a, then of b, in element order.
  FVMAF_SIMD_INLINE I compact_epi64_hi(I a, I b) {
    const __m256 odd = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), _MM_SHUFFLE(3, 1, 3, 1));
    return _mm256_permute4x64_epi64(_mm256_castps_si256(odd), 0xD8);
  }

  // Widening (element order kept) and halves.
  FVMAF_SIMD_INLINE I cvtepu8_epi16(H a) { return _mm256_cvtepu8_epi16(a); }
  FVMAF_SIMD_INLINE I cvtepi16_epi32(H a) { return _mm256_cvtepi16_epi32(a); }
  FVMAF_SIMD_INLINE I cvtepi32_epi64(H a) { return _mm256_cvtepi32_epi64(a); }
  FVMAF_SIMD_INLINE H lo_half(I a) { return _mm256_castsi256_si128(a); }
  FVMAF_SIMD_INLINE H hi_half(I a) { return _mm256_extracti128_si256(a, 1); }
  FVMAF_SIMD_INLINE I combine(H lo, H hi) { return _mm256_set_m128i(hi, lo); }
  FVMAF_SIMD_INLINE H zero_half() { return _mm_setzero_si128(); }

  // Gathers of int32 from base + 4 * index / base + scale * index.
  FVMAF_SIMD_INLINE I gather_epi32(const std::int32_t* base, I index) {
    return _mm256_i32gather_epi32(reinterpret_cast<const int*>(base), index, 4);
  }
  // 32-bit reads at base + 2 * index, where mask is set (0 elsewhere).
  FVMAF_SIMD_INLINE I gather_epi32_scale2_masked(const void* base, I index, I mask) {
    return _mm256_mask_i32gather_epi32(_mm256_setzero_si256(), static_cast<const int*>(base), index, mask, 2);
  }

  // The bits of the floats nearest the int32 lanes (round to nearest even).
  FVMAF_SIMD_INLINE I cvtepi32_ps_bits(I a) { return _mm256_castps_si256(_mm256_cvtepi32_ps(a)); }
  // The int16 elements of a and b alternately, in element order: a0 b0 a1 b1 ...
  FVMAF_SIMD_INLINE I interleave_epi16(H a, H b) { return combine(_mm_unpacklo_epi16(a, b), _mm_unpackhi_epi16(a, b)); }

  // Floats.
  FVMAF_SIMD_INLINE F cvtepi32_ps(I a) { return _mm256_cvtepi32_ps(a); }
  FVMAF_SIMD_INLINE I castps_si(F a) { return _mm256_castps_si256(a); }
  FVMAF_SIMD_INLINE F castsi_ps(I a) { return _mm256_castsi256_ps(a); }
  FVMAF_SIMD_INLINE HF lo_half_ps(F a) { return _mm256_castps256_ps128(a); }
  FVMAF_SIMD_INLINE HF hi_half_ps(F a) { return _mm256_extractf128_ps(a, 1); }
  FVMAF_SIMD_INLINE D cvtps_pd(HF a) { return _mm256_cvtps_pd(a); }

  // Doubles: D holds as many doubles as H holds int32.
  FVMAF_SIMD_INLINE D cvtepi32_pd(H a) { return _mm256_cvtepi32_pd(a); }
  FVMAF_SIMD_INLINE H cvttpd_epi32(D a) { return _mm256_cvttpd_epi32(a); }
  FVMAF_SIMD_INLINE D set1_pd(double v) { return _mm256_set1_pd(v); }
  FVMAF_SIMD_INLINE D zero_pd() { return _mm256_setzero_pd(); }
  FVMAF_SIMD_INLINE D add_pd(D a, D b) { return _mm256_add_pd(a, b); }
  FVMAF_SIMD_INLINE D sub_pd(D a, D b) { return _mm256_sub_pd(a, b); }
  FVMAF_SIMD_INLINE D mul_pd(D a, D b) { return _mm256_mul_pd(a, b); }
  FVMAF_SIMD_INLINE D div_pd(D a, D b) { return _mm256_div_pd(a, b); }
  // maxpd / minpd: the second operand where either is NaN or both are zero.
  FVMAF_SIMD_INLINE D max_pd(D a, D b) { return _mm256_max_pd(a, b); }
  FVMAF_SIMD_INLINE D min_pd(D a, D b) { return _mm256_min_pd(a, b); }
  FVMAF_SIMD_INLINE D floor_pd(D a) { return _mm256_floor_pd(a); }
  FVMAF_SIMD_INLINE D trunc_pd(D a) { return _mm256_round_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
  // Round to float (nearest even) and back: the double of the float.
  FVMAF_SIMD_INLINE D round_to_float(D a) { return _mm256_cvtps_pd(_mm256_cvtpd_ps(a)); }
  FVMAF_SIMD_INLINE D castsi_pd(I a) { return _mm256_castsi256_pd(a); }
  FVMAF_SIMD_INLINE I castpd_si(D a) { return _mm256_castpd_si256(a); }
  // Comparison masks of doubles (all bits of a qword), ordered, non-signalling.
  FVMAF_SIMD_INLINE D cmpge_pd(D a, D b) { return _mm256_cmp_pd(a, b, _CMP_GE_OQ); }
  FVMAF_SIMD_INLINE D and_pd(D a, D b) { return _mm256_and_pd(a, b); }
  FVMAF_SIMD_INLINE D xor_pd(D a, D b) { return _mm256_xor_pd(a, b); }
  FVMAF_SIMD_INLINE D blendv_pd(D a, D b, D mask) { return _mm256_blendv_pd(a, b, mask); }
  // One dword per qword of a 64-bit mask, as a half vector (each all ones or zero).
  FVMAF_SIMD_INLINE H narrow_mask_pd(D m) {
    const __m256i idx = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), idx));
  }

  // Float arithmetic (SSIM's filters and terms, PSNR-HVS's masking, the float family's
  // filters and statistics). HF holds as many floats as D holds doubles, so a float
  // vector's halves widen to doubles one to one.
  FVMAF_SIMD_INLINE F loadu_ps(const float* p) { return _mm256_loadu_ps(p); }
  FVMAF_SIMD_INLINE void storeu_ps(float* p, F v) { _mm256_storeu_ps(p, v); }
  FVMAF_SIMD_INLINE F set1_ps(float v) { return _mm256_set1_ps(v); }
  FVMAF_SIMD_INLINE F zero_ps() { return _mm256_setzero_ps(); }
  FVMAF_SIMD_INLINE F add_ps(F a, F b) { return _mm256_add_ps(a, b); }
  FVMAF_SIMD_INLINE F sub_ps(F a, F b) { return _mm256_sub_ps(a, b); }
  FVMAF_SIMD_INLINE F mul_ps(F a, F b) { return _mm256_mul_ps(a, b); }
  FVMAF_SIMD_INLINE F div_ps(F a, F b) { return _mm256_div_ps(a, b); }
  FVMAF_SIMD_INLINE F and_ps(F a, F b) { return _mm256_and_ps(a, b); }
  // Comparison masks of floats (every bit of a true element set), ordered, non-signalling:
  // false where either is NaN, as C's < > <= are.
  FVMAF_SIMD_INLINE F cmplt_ps(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
  FVMAF_SIMD_INLINE F cmpgt_ps(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
  FVMAF_SIMD_INLINE F cmple_ps(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
  // Where mask (a vector mask) is set, b, else a.
  FVMAF_SIMD_INLINE F blendv_ps(F a, F b, F mask) { return _mm256_blendv_ps(a, b, mask); }
  // Doubles rounded to floats (nearest even), and two halves into one vector.
  FVMAF_SIMD_INLINE HF cvtpd_ps(D a) { return _mm256_cvtpd_ps(a); }
  FVMAF_SIMD_INLINE F combine_ps(HF lo, HF hi) { return _mm256_set_m128(hi, lo); }
  // The even elements of a, then those of b, in element order: a0 a2 ... b0 b2 ...
  FVMAF_SIMD_INLINE F even_ps(F a, F b) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0x88)), 0xD8));
  }
  FVMAF_SIMD_INLINE D loadu_pd(const double* p) { return _mm256_loadu_pd(p); }
  FVMAF_SIMD_INLINE void storeu_pd(double* p, D v) { _mm256_storeu_pd(p, v); }
  // Correctly rounded, as std::sqrt.
  FVMAF_SIMD_INLINE D sqrt_pd(D a) { return _mm256_sqrt_pd(a); }

  // More of the same for float VIF, ADM and the filter: == and >= as C's (ordered); |a|;
  // whether every element of a mask is true; rcpps, per element the estimate rcpss gives
  // (the same table on one CPU); double comparisons and the float mask of two double
  // masks (lo's elements, then hi's); the odd elements of a, then b: a1 a3 ... b1 b3 ...
  FVMAF_SIMD_INLINE F cmpeq_ps(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_EQ_OQ); }
  FVMAF_SIMD_INLINE F cmpge_ps(F a, F b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
  FVMAF_SIMD_INLINE F abs_ps(F a) { return _mm256_and_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(0x7FFFFFFF))); }
  FVMAF_SIMD_INLINE bool all_true_ps(F mask) { return _mm256_movemask_ps(mask) == 0xFF; }
  FVMAF_SIMD_INLINE F rcp_ps(F a) { return _mm256_rcp_ps(a); }
  FVMAF_SIMD_INLINE D cmplt_pd(D a, D b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
  FVMAF_SIMD_INLINE D cmpgt_pd(D a, D b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
  FVMAF_SIMD_INLINE F narrow_masks_pd(D lo, D hi) { return castsi_ps(combine(narrow_mask_pd(lo), narrow_mask_pd(hi))); }
  FVMAF_SIMD_INLINE F odd_ps(F a, F b) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(a, b, 0xDD)), 0xD8));
  }

  // Reductions.
  FVMAF_SIMD_INLINE std::uint32_t reduce_add_epi32(I a) {
    const __m128i s = _mm_add_epi32(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    const __m128i t = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    return static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_add_epi32(t, _mm_shuffle_epi32(t, 0xB1))));
  }
  FVMAF_SIMD_INLINE std::uint64_t reduce_add_epi64(I a) {
    const __m128i s = _mm_add_epi64(_mm256_castsi256_si128(a), _mm256_extracti128_si256(a, 1));
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_add_epi64(s, _mm_unpackhi_epi64(s, s))));
  }
};

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512DQ__)
struct V512 {
  using I = __m512i;
  using H = __m256i;
  using D = __m512d;
  using F = __m512;
  using HF = __m256;
  static constexpr int kBytes = 64;
  static constexpr int kLanes32 = 16;

  FVMAF_SIMD_INLINE I loadu(const void* p) { return _mm512_loadu_si512(p); }
  FVMAF_SIMD_INLINE void storeu(void* p, I v) { _mm512_storeu_si512(p, v); }
  FVMAF_SIMD_INLINE H loadu_half(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  FVMAF_SIMD_INLINE void storeu_half(void* p, H v) { _mm256_storeu_si256(static_cast<__m256i*>(p), v); }
  FVMAF_SIMD_INLINE I zero() { return _mm512_setzero_si512(); }
  FVMAF_SIMD_INLINE I set1_epi8(std::int8_t v) { return _mm512_set1_epi8(v); }
  FVMAF_SIMD_INLINE I set1_epi16(std::int16_t v) { return _mm512_set1_epi16(v); }
  FVMAF_SIMD_INLINE I set1_epi32(std::int32_t v) { return _mm512_set1_epi32(v); }
  FVMAF_SIMD_INLINE I set1_epi64(std::int64_t v) { return _mm512_set1_epi64(v); }

  FVMAF_SIMD_INLINE I add_epi16(I a, I b) { return _mm512_add_epi16(a, b); }
  FVMAF_SIMD_INLINE I sub_epi16(I a, I b) { return _mm512_sub_epi16(a, b); }
  FVMAF_SIMD_INLINE I add_epi32(I a, I b) { return _mm512_add_epi32(a, b); }
  FVMAF_SIMD_INLINE I sub_epi32(I a, I b) { return _mm512_sub_epi32(a, b); }
  FVMAF_SIMD_INLINE I add_epi64(I a, I b) { return _mm512_add_epi64(a, b); }
  FVMAF_SIMD_INLINE I sub_epi64(I a, I b) { return _mm512_sub_epi64(a, b); }
  FVMAF_SIMD_INLINE I mullo_epi16(I a, I b) { return _mm512_mullo_epi16(a, b); }
  FVMAF_SIMD_INLINE I mulhi_epu16(I a, I b) { return _mm512_mulhi_epu16(a, b); }
  FVMAF_SIMD_INLINE I mullo_epi32(I a, I b) { return _mm512_mullo_epi32(a, b); }
  FVMAF_SIMD_INLINE I madd_epi16(I a, I b) { return _mm512_madd_epi16(a, b); }
  FVMAF_SIMD_INLINE I dpwssd(I acc, I a, I b) { return _mm512_add_epi32(acc, _mm512_madd_epi16(a, b)); }
  FVMAF_SIMD_INLINE I mul_epu32(I a, I b) { return _mm512_mul_epu32(a, b); }
  FVMAF_SIMD_INLINE I mul_epi32(I a, I b) { return _mm512_mul_epi32(a, b); }
  FVMAF_SIMD_INLINE I abs_epi32(I a) { return _mm512_abs_epi32(a); }
  FVMAF_SIMD_INLINE I max_epi32(I a, I b) { return _mm512_max_epi32(a, b); }
  FVMAF_SIMD_INLINE I min_epi32(I a, I b) { return _mm512_min_epi32(a, b); }
  FVMAF_SIMD_INLINE I max_epu16(I a, I b) { return _mm512_max_epu16(a, b); }
  FVMAF_SIMD_INLINE I min_epu16(I a, I b) { return _mm512_min_epu16(a, b); }
  FVMAF_SIMD_INLINE I subs_epu8(I a, I b) { return _mm512_subs_epu8(a, b); }

  FVMAF_SIMD_INLINE I and_(I a, I b) { return _mm512_and_si512(a, b); }
  FVMAF_SIMD_INLINE I or_(I a, I b) { return _mm512_or_si512(a, b); }
  FVMAF_SIMD_INLINE I xor_(I a, I b) { return _mm512_xor_si512(a, b); }
  FVMAF_SIMD_INLINE I andnot(I a, I b) { return _mm512_andnot_si512(a, b); }
  // Vector masks have every bit of a true byte set, so the byte's top bit decides.
  FVMAF_SIMD_INLINE I blendv(I a, I b, I mask) { return _mm512_mask_blend_epi8(_mm512_movepi8_mask(mask), a, b); }
  FVMAF_SIMD_INLINE bool all_zero(I a) { return _mm512_test_epi64_mask(a, a) == 0; }

  template <int N> FVMAF_SIMD_INLINE I srai_epi16(I a) { return _mm512_srai_epi16(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srai_epi32(I a) { return _mm512_srai_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srli_epi32(I a) { return _mm512_srli_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I slli_epi32(I a) { return _mm512_slli_epi32(a, N); }
  template <int N> FVMAF_SIMD_INLINE I srli_epi64(I a) { return _mm512_srli_epi64(a, N); }
  template <int N> FVMAF_SIMD_INLINE I slli_epi64(I a) { return _mm512_slli_epi64(a, N); }
  FVMAF_SIMD_INLINE __m128i count(int n) { return _mm_cvtsi32_si128(n); }
  FVMAF_SIMD_INLINE I sra_epi32(I a, __m128i n) { return _mm512_sra_epi32(a, n); }
  FVMAF_SIMD_INLINE I srl_epi32(I a, __m128i n) { return _mm512_srl_epi32(a, n); }
  FVMAF_SIMD_INLINE I sll_epi32(I a, __m128i n) { return _mm512_sll_epi32(a, n); }
  FVMAF_SIMD_INLINE I srl_epi64(I a, __m128i n) { return _mm512_srl_epi64(a, n); }
  FVMAF_SIMD_INLINE I srlv_epi32(I a, I n) { return _mm512_srlv_epi32(a, n); }
  FVMAF_SIMD_INLINE I sllv_epi32(I a, I n) { return _mm512_sllv_epi32(a, n); }
  FVMAF_SIMD_INLINE I srlv_epi64(I a, I n) { return _mm512_srlv_epi64(a, n); }
  FVMAF_SIMD_INLINE I sllv_epi64(I a, I n) { return _mm512_sllv_epi64(a, n); }
  FVMAF_SIMD_INLINE I sra_epi64(I a, __m128i n) { return _mm512_sra_epi64(a, n); }
  FVMAF_SIMD_INLINE I srav_epi64(I a, I n) { return _mm512_srav_epi64(a, n); }

  FVMAF_SIMD_INLINE I cmpgt_epi16(I a, I b) { return _mm512_movm_epi16(_mm512_cmpgt_epi16_mask(a, b)); }
  FVMAF_SIMD_INLINE I cmpeq_epi16(I a, I b) { return _mm512_movm_epi16(_mm512_cmpeq_epi16_mask(a, b)); }
  FVMAF_SIMD_INLINE I cmpgt_epi32(I a, I b) { return _mm512_movm_epi32(_mm512_cmpgt_epi32_mask(a, b)); }
  FVMAF_SIMD_INLINE I cmpeq_epi32(I a, I b) { return _mm512_movm_epi32(_mm512_cmpeq_epi32_mask(a, b)); }
  FVMAF_SIMD_INLINE I cmpgt_epi64(I a, I b) { return _mm512_movm_epi64(_mm512_cmpgt_epi64_mask(a, b)); }
  FVMAF_SIMD_INLINE I cmpeq_epi64(I a, I b) { return _mm512_movm_epi64(_mm512_cmpeq_epi64_mask(a, b)); }
  FVMAF_SIMD_INLINE int count_true_epi32(I mask) {
    return __builtin_popcount(static_cast<unsigned>(_mm512_movepi32_mask(mask)));
  }

  FVMAF_SIMD_INLINE I unpacklo_epi8(I a, I b) { return _mm512_unpacklo_epi8(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi8(I a, I b) { return _mm512_unpackhi_epi8(a, b); }
  FVMAF_SIMD_INLINE I unpacklo_epi16(I a, I b) { return _mm512_unpacklo_epi16(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi16(I a, I b) { return _mm512_unpackhi_epi16(a, b); }
  FVMAF_SIMD_INLINE I unpacklo_epi32(I a, I b) { return _mm512_unpacklo_epi32(a, b); }
  FVMAF_SIMD_INLINE I unpackhi_epi32(I a, I b) { return _mm512_unpackhi_epi32(a, b); }
  FVMAF_SIMD_INLINE I packs_epi32(I a, I b) { return _mm512_packs_epi32(a, b); }
  FVMAF_SIMD_INLINE I packus_epi32(I a, I b) { return _mm512_packus_epi32(a, b); }
  FVMAF_SIMD_INLINE I shuffle_epi32_a0(I a) { return _mm512_shuffle_epi32(a, static_cast<_MM_PERM_ENUM>(0xA0)); }
  FVMAF_SIMD_INLINE I blend_odd_epi32(I even, I odd) { return _mm512_mask_blend_epi32(0xAAAA, even, odd); }
  // Qwords of the in-lane pack (a0 b0 a1 b1 a2 b2 a3 b3 per 128-bit lane pair) back to
  // a0 a1 a2 a3 b0 b1 b2 b3.
  FVMAF_SIMD_INLINE I packs_epi32_ordered(I a, I b) {
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), _mm512_packs_epi32(a, b));
  }
  FVMAF_SIMD_INLINE I packus_epi32_ordered(I a, I b) {
    return _mm512_permutexvar_epi64(_mm512_setr_epi64(0, 2, 4, 6, 1, 3, 5, 7), _mm512_packus_epi32(a, b));
  }
  // a.L0 b.L0 a.L1 b.L1 | a.L2 b.L2 a.L3 b.L3.
  FVMAF_SIMD_INLINE I zip_lanes_lo(I a, I b) {
    return _mm512_permutex2var_epi64(a, _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11), b);
  }
  FVMAF_SIMD_INLINE I zip_lanes_hi(I a, I b) {
    return _mm512_permutex2var_epi64(a, _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15), b);
  }
  FVMAF_SIMD_INLINE I compact_epi64_lo(I a, I b) {
    const __m512i idx = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    return _mm512_permutex2var_epi32(a, idx, b);
  }
  FVMAF_SIMD_INLINE I compact_epi64_hi(I a, I b) {
    const __m512i idx = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return _mm512_permutex2var_epi32(a, idx, b);
  }

  FVMAF_SIMD_INLINE I cvtepu8_epi16(H a) { return _mm512_cvtepu8_epi16(a); }
  FVMAF_SIMD_INLINE I cvtepi16_epi32(H a) { return _mm512_cvtepi16_epi32(a); }
  FVMAF_SIMD_INLINE I cvtepi32_epi64(H a) { return _mm512_cvtepi32_epi64(a); }
  FVMAF_SIMD_INLINE H lo_half(I a) { return _mm512_castsi512_si256(a); }
  FVMAF_SIMD_INLINE H hi_half(I a) { return _mm512_extracti64x4_epi64(a, 1); }
  FVMAF_SIMD_INLINE I combine(H lo, H hi) { return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1); }
  FVMAF_SIMD_INLINE H zero_half() { return _mm256_setzero_si256(); }

  FVMAF_SIMD_INLINE I gather_epi32(const std::int32_t* base, I index) {
    return _mm512_i32gather_epi32(index, base, 4);
  }
  FVMAF_SIMD_INLINE I gather_epi32_scale2_masked(const void* base, I index, I mask) {
    return _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), _mm512_movepi32_mask(mask), index, base, 2);
  }

  FVMAF_SIMD_INLINE I cvtepi32_ps_bits(I a) { return _mm512_castps_si512(_mm512_cvtepi32_ps(a)); }
  // In-lane unpacks give the pairs of 128-bit lanes 0, 2 | 1, 3: reorder the lanes.
  FVMAF_SIMD_INLINE I interleave_epi16(H a, H b) {
    const I x = combine(_mm256_unpacklo_epi16(a, b), _mm256_unpackhi_epi16(a, b));
    return _mm512_shuffle_i64x2(x, x, _MM_SHUFFLE(3, 1, 2, 0));
  }

  FVMAF_SIMD_INLINE F cvtepi32_ps(I a) { return _mm512_cvtepi32_ps(a); }
  FVMAF_SIMD_INLINE I castps_si(F a) { return _mm512_castps_si512(a); }
  FVMAF_SIMD_INLINE F castsi_ps(I a) { return _mm512_castsi512_ps(a); }
  FVMAF_SIMD_INLINE HF lo_half_ps(F a) { return _mm512_castps512_ps256(a); }
  FVMAF_SIMD_INLINE HF hi_half_ps(F a) {
    return _mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1));
  }
  FVMAF_SIMD_INLINE D cvtps_pd(HF a) { return _mm512_cvtps_pd(a); }

  FVMAF_SIMD_INLINE D cvtepi32_pd(H a) { return _mm512_cvtepi32_pd(a); }
  FVMAF_SIMD_INLINE H cvttpd_epi32(D a) { return _mm512_cvttpd_epi32(a); }
  FVMAF_SIMD_INLINE D set1_pd(double v) { return _mm512_set1_pd(v); }
  FVMAF_SIMD_INLINE D zero_pd() { return _mm512_setzero_pd(); }
  FVMAF_SIMD_INLINE D add_pd(D a, D b) { return _mm512_add_pd(a, b); }
  FVMAF_SIMD_INLINE D sub_pd(D a, D b) { return _mm512_sub_pd(a, b); }
  FVMAF_SIMD_INLINE D mul_pd(D a, D b) { return _mm512_mul_pd(a, b); }
  FVMAF_SIMD_INLINE D div_pd(D a, D b) { return _mm512_div_pd(a, b); }
  FVMAF_SIMD_INLINE D max_pd(D a, D b) { return _mm512_max_pd(a, b); }
  FVMAF_SIMD_INLINE D min_pd(D a, D b) { return _mm512_min_pd(a, b); }
  FVMAF_SIMD_INLINE D floor_pd(D a) { return _mm512_roundscale_pd(a, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
  FVMAF_SIMD_INLINE D trunc_pd(D a) { return _mm512_roundscale_pd(a, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); }
  FVMAF_SIMD_INLINE D round_to_float(D a) { return _mm512_cvtps_pd(_mm512_cvtpd_ps(a)); }
  FVMAF_SIMD_INLINE D castsi_pd(I a) { return _mm512_castsi512_pd(a); }
  FVMAF_SIMD_INLINE I castpd_si(D a) { return _mm512_castpd_si512(a); }
  FVMAF_SIMD_INLINE D cmpge_pd(D a, D b) {
    return _mm512_castsi512_pd(_mm512_movm_epi64(_mm512_cmp_pd_mask(a, b, _CMP_GE_OQ)));
  }
  FVMAF_SIMD_INLINE D and_pd(D a, D b) { return _mm512_and_pd(a, b); }
  FVMAF_SIMD_INLINE D xor_pd(D a, D b) { return _mm512_xor_pd(a, b); }
  FVMAF_SIMD_INLINE D blendv_pd(D a, D b, D mask) {
    return _mm512_mask_blend_pd(_mm512_movepi64_mask(_mm512_castpd_si512(mask)), a, b);
  }
  FVMAF_SIMD_INLINE H narrow_mask_pd(D m) { return _mm512_cvtepi64_epi32(_mm512_castpd_si512(m)); }

  FVMAF_SIMD_INLINE F loadu_ps(const float* p) { return _mm512_loadu_ps(p); }
  FVMAF_SIMD_INLINE void storeu_ps(float* p, F v) { _mm512_storeu_ps(p, v); }
  FVMAF_SIMD_INLINE F set1_ps(float v) { return _mm512_set1_ps(v); }
  FVMAF_SIMD_INLINE F zero_ps() { return _mm512_setzero_ps(); }
  FVMAF_SIMD_INLINE F add_ps(F a, F b) { return _mm512_add_ps(a, b); }
  FVMAF_SIMD_INLINE F sub_ps(F a, F b) { return _mm512_sub_ps(a, b); }
  FVMAF_SIMD_INLINE F mul_ps(F a, F b) { return _mm512_mul_ps(a, b); }
  FVMAF_SIMD_INLINE F div_ps(F a, F b) { return _mm512_div_ps(a, b); }
  FVMAF_SIMD_INLINE F and_ps(F a, F b) { return _mm512_and_ps(a, b); }
  FVMAF_SIMD_INLINE F cmplt_ps(F a, F b) {
    return _mm512_castsi512_ps(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)));
  }
  FVMAF_SIMD_INLINE F cmpgt_ps(F a, F b) {
    return _mm512_castsi512_ps(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)));
  }
  FVMAF_SIMD_INLINE F cmple_ps(F a, F b) {
    return _mm512_castsi512_ps(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, _CMP_LE_OQ)));
  }
  // The sign bit of each element decides, as blendvps does.
  FVMAF_SIMD_INLINE F blendv_ps(F a, F b, F mask) {
    return _mm512_mask_blend_ps(_mm512_movepi32_mask(_mm512_castps_si512(mask)), a, b);
  }
  FVMAF_SIMD_INLINE HF cvtpd_ps(D a) { return _mm512_cvtpd_ps(a); }
  FVMAF_SIMD_INLINE F combine_ps(HF lo, HF hi) {
    return _mm512_insertf32x8(_mm512_castps256_ps512(lo), hi, 1);
  }
  FVMAF_SIMD_INLINE F even_ps(F a, F b) {
    const __m512i idx = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    return _mm512_permutex2var_ps(a, idx, b);
  }
  FVMAF_SIMD_INLINE D loadu_pd(const double* p) { return _mm512_loadu_pd(p); }
  FVMAF_SIMD_INLINE void storeu_pd(double* p, D v) { _mm512_storeu_pd(p, v); }
  FVMAF_SIMD_INLINE D sqrt_pd(D a) { return _mm512_sqrt_pd(a); }

  FVMAF_SIMD_INLINE F cmpeq_ps(F a, F b) {
    return _mm512_castsi512_ps(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)));
  }
  FVMAF_SIMD_INLINE F cmpge_ps(F a, F b) {
    return _mm512_castsi512_ps(_mm512_movm_epi32(_mm512_cmp_ps_mask(a, b, _CMP_GE_OQ)));
  }
  FVMAF_SIMD_INLINE F abs_ps(F a) { return _mm512_and_ps(a, _mm512_castsi512_ps(_mm512_set1_epi32(0x7FFFFFFF))); }
  FVMAF_SIMD_INLINE bool all_true_ps(F mask) { return _mm512_movepi32_mask(_mm512_castps_si512(mask)) == 0xFFFF; }
  // AVX-512's own estimate (vrcp14ps) is a different one: two 256-bit rcpps instead.
  FVMAF_SIMD_INLINE F rcp_ps(F a) { return combine_ps(_mm256_rcp_ps(lo_half_ps(a)), _mm256_rcp_ps(hi_half_ps(a))); }
  FVMAF_SIMD_INLINE D cmplt_pd(D a, D b) {
    return _mm512_castsi512_pd(_mm512_movm_epi64(_mm512_cmp_pd_mask(a, b, _CMP_LT_OQ)));
  }
  FVMAF_SIMD_INLINE D cmpgt_pd(D a, D b) {
    return _mm512_castsi512_pd(_mm512_movm_epi64(_mm512_cmp_pd_mask(a, b, _CMP_GT_OQ)));
  }
  FVMAF_SIMD_INLINE F narrow_masks_pd(D lo, D hi) { return castsi_ps(combine(narrow_mask_pd(lo), narrow_mask_pd(hi))); }
  FVMAF_SIMD_INLINE F odd_ps(F a, F b) {
    const __m512i idx = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    return _mm512_permutex2var_ps(a, idx, b);
  }

  FVMAF_SIMD_INLINE std::uint32_t reduce_add_epi32(I a) {
    return static_cast<std::uint32_t>(_mm512_reduce_add_epi32(a));
  }
  FVMAF_SIMD_INLINE std::uint64_t reduce_add_epi64(I a) {
    return static_cast<std::uint64_t>(_mm512_reduce_add_epi64(a));
  }
};
#endif

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__AVX512DQ__) && \
    defined(__AVX512VNNI__)
// V512 on a CPU with AVX512_VNNI (the _avx512vnni.cpp units): vpdpwssd adds the two
// products of madd to the accumulator in one instruction, the same sum modulo 2^32 (the
// non-saturating form). The 17-tap filters are chains of these; on Zen 4 and Sapphire
// Rapids one uop instead of two per tap pair.
struct V512Vnni : V512 {
  FVMAF_SIMD_INLINE I dpwssd(I acc, I a, I b) { return _mm512_dpwssd_epi32(acc, a, b); }
};
#endif

#undef FVMAF_SIMD_INLINE

}  // namespace
}  // namespace fastvmaf::simd
#endif
