// AVX2 kernels of the CPU VIF (this file gets -mavx2 -mfma -mbmi2; chosen at run
// time when the CPU has AVX2). Bit-identical to the baseline kernels, which the unit
// tests check on random planes of many sizes and bit depths.
//
//  - Scales 0-2: both filter passes use vpmaddwd, a signed 16 x 16 -> 32 bit
//    multiply that adds adjacent pairs. Every 16-bit input x is stored biased, as
//    x - 32768, so any uint16 fits; the taps are positive, below 2^15 and sum to
//    65536, so the bias subtracts exactly 32768 * 65536 = 2^31 from a filter sum,
//    which is added back modulo 2^32 (the sums themselves are below 2^32).
//    Vertically, two rows are interleaved (unpacklo/hi, which work within 128-bit
//    lanes; the packs that store the results undo that order). Horizontally, one
//    unaligned load at x + 2m holds the pairs (x[j+2m], x[j+2m+1]) for the even
//    outputs j, another at x + 2m + 1 those of the odd outputs.
//    The low-pass filters that produce scales 1 and 2 work the same way, with the
//    horizontal pass evaluated at the even columns only.
//  - Filter 3 (scale 3 and the subsampling to it: its centre tap, 43728, does not
//    fit int16): the generic kernels of vif_rows.hpp compiled for AVX2.
//  - The per-pixel accumulation: 8 pixels at a time. log2_32 / log2_64 take the bit
//    length from a float or double exponent of exactly representable values and
//    gather from the table; the double expressions are the scalar ones, lane by lane.
#include <immintrin.h>

#include "features/vif/vif_rows.hpp"

namespace fastvmaf::vif {

namespace {

struct Avx2 {};

inline __m256i bias16() { return _mm256_set1_epi16(static_cast<short>(0x8000)); }
inline __m256i unbias32() { return _mm256_set1_epi32(static_cast<int>(0x80000000u)); }
inline __m256i srl32(__m256i x, int n) { return _mm256_srl_epi32(x, _mm_cvtsi32_si128(n)); }
inline __m256i sll32(__m256i x, int n) { return _mm256_sll_epi32(x, _mm_cvtsi32_si128(n)); }

constexpr bool taps_fit_int16(int s) {
  const std::uint16_t* f = s == 0 ? kFilter0.data() : s == 1 ? kFilter1.data() : s == 2 ? kFilter2.data() : kFilter3.data();
  for (int k = 0; k < kFilterWidth[s]; ++k)
    if (f[k] > 32767) return false;
  return true;
}

// The taps of scale S as vpmaddwd pairs: (f[2m], f[2m+1]) for m < R, then (f[2R], 0).
template <int S>
struct TapPairs {
  static_assert(taps_fit_int16(S), "vpmaddwd takes the taps as int16");
  static constexpr int W = static_cast<int>(taps<S>().size());
  static constexpr int R = W / 2;
  static constexpr int N = R + 1;
  __m256i c[N];
  TapPairs() {
    constexpr auto& f = taps<S>();
    for (int m = 0; m < N; ++m) {
      const std::uint32_t lo = f[2 * m];
      const std::uint32_t hi = 2 * m + 1 < W ? f[2 * m + 1] : 0u;
      c[m] = _mm256_set1_epi32(static_cast<int>(lo | hi << 16));
    }
  }
};

// Ring rows of one input row: r, d, then r*r, d*d, r*d as H and L halves (split) or
// whole in slots 2..4 (8-bit samples at scale 0), all biased.
template <bool Split, class T>
void products(const T* r, const T* d, unsigned w, std::uint16_t* const* out) {
  const __m256i b = bias16();
  unsigned j = 0;
  for (; j + 16 <= w; j += 16) {
    __m256i a, e;
    if constexpr (sizeof(T) == 1) {
      a = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(r + j)));
      e = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(d + j)));
    } else {
      a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(r + j));
      e = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(d + j));
    }
    auto put = [&](int q, __m256i x) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out[q] + j), _mm256_xor_si256(x, b));
    };
    put(0, a);
    put(1, e);
    if constexpr (Split) {
      put(2, _mm256_mulhi_epu16(a, a));
      put(3, _mm256_mullo_epi16(a, a));
      put(4, _mm256_mulhi_epu16(e, e));
      put(5, _mm256_mullo_epi16(e, e));
      put(6, _mm256_mulhi_epu16(a, e));
      put(7, _mm256_mullo_epi16(a, e));
    } else {
      put(2, _mm256_mullo_epi16(a, a));
      put(3, _mm256_mullo_epi16(e, e));
      put(4, _mm256_mullo_epi16(a, e));
    }
  }
  for (; j < w; ++j) {
    const std::uint32_t a = r[j], e = d[j];
    const std::uint32_t p[3] = {a * a, e * e, a * e};
    out[0][j] = static_cast<std::uint16_t>(a ^ 0x8000);
    out[1][j] = static_cast<std::uint16_t>(e ^ 0x8000);
    for (int m = 0; m < 3; ++m) {
      if constexpr (Split) {
        out[2 + 2 * m][j] = static_cast<std::uint16_t>((p[m] >> 16) ^ 0x8000);
        out[3 + 2 * m][j] = static_cast<std::uint16_t>((p[m] & 0xFFFF) ^ 0x8000);
      } else {
        out[2 + m][j] = static_cast<std::uint16_t>(p[m] ^ 0x8000);
      }
    }
  }
}

// The vertical pass of NO consecutive output rows into the biased rows v[o][0..7]:
// mu1, mu2, then the H and L halves of xx, yy, xy. rows[q][t] is ring row q of input
// row t of the block (output o reads t = o .. o + W - 1). Each pair of adjacent
// input rows is loaded and interleaved once and feeds every output whose tap pair it
// is, which divides the loads by NO.
template <int S, bool Split, int NO>
void vertical(const TapPairs<S>& tp, const std::uint16_t* const (&rows)[kRingRows][kRingSlots], unsigned w,
              VerticalRounding rnd, std::uint16_t* const (*v)[kVertical]) {
  constexpr auto& f = taps<S>();
  constexpr int W = TapPairs<S>::W;
  constexpr int R = TapPairs<S>::R;
  constexpr int T = W + NO - 1;  // input rows of the block
  const __m256i b16 = bias16();
  const __m256i ub = unbias32();
  const __m256i lo16 = _mm256_set1_epi32(0xFFFF);
  const __m256i mu_round = _mm256_set1_epi32(static_cast<int>(rnd.mu_round));
  const __m256i sq_round = _mm256_set1_epi32(static_cast<int>(rnd.sq_round));
  unsigned j = 0;
  // Filter sums of ring row q for every output of the block (lo / hi: the column
  // order of unpacklo / unpackhi).
  auto sum = [&](int q, __m256i (&lo)[NO], __m256i (&hi)[NO]) {
    for (int o = 0; o < NO; ++o) lo[o] = hi[o] = ub;
    __m256i prev = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[q][0] + j));
#pragma GCC unroll 32
    for (int t = 1; t < T; ++t) {
      const __m256i cur = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows[q][t] + j));
      const __m256i ul = _mm256_unpacklo_epi16(prev, cur);
      const __m256i uh = _mm256_unpackhi_epi16(prev, cur);
#pragma GCC unroll 4
      for (int o = 0; o < NO; ++o) {
        const int k = t - 1 - o;  // tap of input row t - 1 for output o
        if (k < 0 || k % 2 || k / 2 > R) continue;
        lo[o] = _mm256_add_epi32(lo[o], _mm256_madd_epi16(ul, tp.c[k / 2]));
        hi[o] = _mm256_add_epi32(hi[o], _mm256_madd_epi16(uh, tp.c[k / 2]));
      }
      prev = cur;
    }
    // The last output's last tap has no row after it: pair it with itself, the
    // coefficient pair (f[W-1], 0) ignores the copy.
    lo[NO - 1] = _mm256_add_epi32(lo[NO - 1], _mm256_madd_epi16(_mm256_unpacklo_epi16(prev, prev), tp.c[R]));
    hi[NO - 1] = _mm256_add_epi32(hi[NO - 1], _mm256_madd_epi16(_mm256_unpackhi_epi16(prev, prev), tp.c[R]));
  };
  auto store = [&](int o, int q, __m256i lo, __m256i hi) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(v[o][q] + j), _mm256_xor_si256(_mm256_packus_epi32(lo, hi), b16));
  };
  for (; j + 16 <= w; j += 16) {
    __m256i lo[NO], hi[NO];
    for (int q = 0; q < 2; ++q) {
      sum(q, lo, hi);
      for (int o = 0; o < NO; ++o)
        store(o, q, srl32(_mm256_add_epi32(lo[o], mu_round), rnd.mu_shift),
              srl32(_mm256_add_epi32(hi[o], mu_round), rnd.mu_shift));
    }
    for (int m = 0; m < 3; ++m) {
      if constexpr (Split) {
        __m256i hl[NO], hh[NO];
        sum(2 + 2 * m, hl, hh);
        sum(3 + 2 * m, lo, hi);
        const int up = 16 - rnd.sq_shift;
        for (int o = 0; o < NO; ++o) {
          lo[o] = _mm256_add_epi32(sll32(hl[o], up), srl32(_mm256_add_epi32(lo[o], sq_round), rnd.sq_shift));
          hi[o] = _mm256_add_epi32(sll32(hh[o], up), srl32(_mm256_add_epi32(hi[o], sq_round), rnd.sq_shift));
        }
      } else {
        sum(2 + m, lo, hi);
      }
      for (int o = 0; o < NO; ++o) {
        store(o, 2 + 2 * m, _mm256_srli_epi32(lo[o], 16), _mm256_srli_epi32(hi[o], 16));
        store(o, 3 + 2 * m, _mm256_and_si256(lo[o], lo16), _mm256_and_si256(hi[o], lo16));
      }
    }
  }
  // Remaining columns one at a time, same arithmetic.
  for (; j < w; ++j) {
    for (int o = 0; o < NO; ++o) {
      auto col = [&](int q) {
        std::uint32_t s = 0;
        for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(rows[q][o + k][j] ^ 0x8000);
        return s;
      };
      auto put = [&](int q, std::uint32_t x) { v[o][q][j] = static_cast<std::uint16_t>(x ^ 0x8000); };
      for (int q = 0; q < 2; ++q) put(q, (col(q) + rnd.mu_round) >> rnd.mu_shift);
      for (int m = 0; m < 3; ++m) {
        std::uint32_t x;
        if constexpr (Split)
          x = (col(2 + 2 * m) << (16 - rnd.sq_shift)) + ((col(3 + 2 * m) + rnd.sq_round) >> rnd.sq_shift);
        else
          x = col(2 + m);
        put(2 + 2 * m, x >> 16);
        put(3 + 2 * m, x & 0xFFFF);
      }
    }
  }
}

// (uint32)((a * b + 2^31) >> 32) per lane.
inline __m256i mul_round_hi(__m256i a, __m256i b) {
  const __m256i half = _mm256_set1_epi64x(0x80000000LL);
  const __m256i even = _mm256_add_epi64(_mm256_mul_epu32(a, b), half);
  const __m256i odd = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(a, 32), _mm256_srli_epi64(b, 32)), half);
  return _mm256_blend_epi32(_mm256_srli_epi64(even, 32), odd, 0xAA);
}

// The horizontal pass of one row (biased rows v[0..7], mirrored) down to the sigmas.
// Each block of 16 columns writes its even columns, then its odd ones.
template <int S>
void horizontal(const TapPairs<S>& tp, const std::uint16_t* const* v, unsigned w, std::int32_t* s1,
                std::int32_t* s2, std::int32_t* s12) {
  constexpr auto& f = taps<S>();
  constexpr int W = TapPairs<S>::W;
  constexpr int R = TapPairs<S>::R;
  constexpr int N = TapPairs<S>::N;
  const __m256i ub = unbias32();
  const __m256i round16 = _mm256_set1_epi32(32768);
  unsigned j = 0;
  for (; j + 16 <= w; j += 16) {
    for (int h = 0; h < 2; ++h) {
      // Columns j + h, j + h + 2, ...: the pair at p + 2m is (x[j+h-R+2m], x[j+h-R+2m+1]).
      auto sum = [&](int q) {
        const std::uint16_t* p = v[q] + static_cast<int>(j) - R + h;
        __m256i acc = _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), tp.c[0]);
        for (int m = 1; m < N; ++m)
          acc = _mm256_add_epi32(
              acc, _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2 * m)), tp.c[m]));
        return _mm256_add_epi32(acc, ub);
      };
      const __m256i mu1 = sum(0);
      const __m256i mu2 = sum(1);
      __m256i m[3];
      for (int k = 0; k < 3; ++k) {
        const __m256i hi = sum(2 + 2 * k);
        m[k] = _mm256_add_epi32(hi, _mm256_srli_epi32(_mm256_add_epi32(sum(3 + 2 * k), round16), 16));
      }
      const __m256i a = _mm256_sub_epi32(m[0], mul_round_hi(mu1, mu1));
      const __m256i b = _mm256_max_epi32(_mm256_sub_epi32(m[1], mul_round_hi(mu2, mu2)), _mm256_setzero_si256());
      const __m256i c = _mm256_sub_epi32(m[2], mul_round_hi(mu1, mu2));
      const unsigned at = j + 8 * static_cast<unsigned>(h);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s1 + at), a);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s2 + at), b);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(s12 + at), c);
    }
  }
  for (; j < w; ++j) {
    auto row = [&](int q) {
      std::uint32_t s = 0;
      for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(v[q][static_cast<int>(j) - R + k] ^ 0x8000);
      return s;
    };
    std::uint32_t m[3];
    for (int k = 0; k < 3; ++k) m[k] = row(2 + 2 * k) + ((row(3 + 2 * k) + 32768) >> 16);
    const Sigmas s = vif_sigmas(row(0), row(1), m[0], m[1], m[2]);
    s1[j] = s.s1;
    s2[j] = s.s2;
    s12[j] = s.s12;
  }
}

// log2_64 of 4 exact integers held as doubles (2^17 <= x < 2^53): the exponent
// gives the bit length, the next 15 mantissa bits the table index.
inline __m256i log2_of_doubles(__m256d x, __m128i mask, const std::uint16_t* table) {
  const __m256i bits = _mm256_castpd_si256(x);
  const __m256i k = _mm256_sub_epi64(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(1023 + 15));
  const __m256i idx = _mm256_and_si256(_mm256_srli_epi64(bits, 37), _mm256_set1_epi64x(0x7FFF));
  const __m128i t = _mm_and_si128(
      _mm256_mask_i64gather_epi32(_mm_setzero_si128(), reinterpret_cast<const int*>(table), idx, mask, 2),
      _mm_set1_epi32(0xFFFF));
  return _mm256_add_epi64(_mm256_cvtepu32_epi64(t), _mm256_slli_epi64(k, 11));
}

inline std::int64_t sum_epi64(__m256i v) {
  alignas(32) std::int64_t x[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(x), v);
  return x[0] + x[1] + x[2] + x[3];
}

}  // namespace

template <>
struct Accumulate<Avx2> {
  static void row(VifAccum& acc, const std::int32_t* s1p, const std::int32_t* s2p, const std::int32_t* s12p,
                  unsigned w, double gain_limit, const std::uint16_t* table) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i nsq = _mm256_set1_epi32(kSigmaNsq);
    const __m256i nsq_m1 = _mm256_set1_epi32(kSigmaNsq - 1);
    const __m256d eps = _mm256_set1_pd(kEps);
    const __m256d limit = _mm256_set1_pd(gain_limit);
    const __m256d nsq_d = _mm256_set1_pd(static_cast<double>(kSigmaNsq));
    const int* tbl = reinterpret_cast<const int*>(table);
    __m256i den32 = zero;     // den_log: below 2^16 per pixel, so a row fits int32 lanes
    __m256i num64 = zero;     // num_log
    __m256i nonlog64 = zero;  // num_non_log
    std::int64_t den_non_log = 0;
    unsigned j = 0;
    for (; j + 8 <= w; j += 8) {
      const __m256i s1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s1p + j));
      const __m256i s2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s2p + j));
      const __m256i s12 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s12p + j));
      const __m256i mlog = _mm256_cmpgt_epi32(s1, nsq_m1);

      // log2_32(sigma_nsq + sigma1_sq): v >= 2^18 where used; (v >> 1) without its
      // low 8 bits converts to float exactly, and its exponent is log2(v) - 1.
      const __m256i v = _mm256_add_epi32(s1, nsq);
      const __m256i vh = _mm256_andnot_si256(_mm256_set1_epi32(0xFF), _mm256_srli_epi32(v, 1));
      const __m256i e = _mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(vh)), 23);
      const __m256i k = _mm256_sub_epi32(e, _mm256_set1_epi32(127 + 14));
      const __m256i idx = _mm256_sub_epi32(_mm256_srlv_epi32(v, k), _mm256_set1_epi32(static_cast<int>(kLog2Base)));
      const __m256i t = _mm256_and_si256(_mm256_mask_i32gather_epi32(zero, tbl, idx, mlog, 2), _mm256_set1_epi32(0xFFFF));
      const __m256i lg = _mm256_add_epi32(t, _mm256_slli_epi32(k, 11));
      den32 = _mm256_add_epi32(den32, _mm256_and_si256(_mm256_sub_epi32(lg, _mm256_set1_epi32(2048 * 17)), mlog));

      const __m256i s2_nl = _mm256_andnot_si256(mlog, s2);
      nonlog64 = _mm256_add_epi64(nonlog64, _mm256_cvtepi32_epi64(_mm256_castsi256_si128(s2_nl)));
      nonlog64 = _mm256_add_epi64(nonlog64, _mm256_cvtepi32_epi64(_mm256_extracti128_si256(s2_nl, 1)));
      den_non_log += __builtin_popcount(~static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(mlog))) & 0xFFu);

      const __m256i mnum =
          _mm256_and_si256(mlog, _mm256_and_si256(_mm256_cmpgt_epi32(s12, zero), _mm256_cmpgt_epi32(s2, zero)));
      if (_mm256_testz_si256(mnum, mnum)) continue;
      for (int h = 0; h < 2; ++h) {
        const __m128i m32 = h ? _mm256_extracti128_si256(mnum, 1) : _mm256_castsi256_si128(mnum);
        const __m256d a = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(s1, 1) : _mm256_castsi256_si128(s1));
        const __m256d b = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(s2, 1) : _mm256_castsi256_si128(s2));
        const __m256d c = _mm256_cvtepi32_pd(h ? _mm256_extracti128_si256(s12, 1) : _mm256_castsi256_si128(s12));
        __m256d g = _mm256_div_pd(c, _mm256_add_pd(a, eps));
        const __m256d sv = _mm256_sub_pd(b, _mm256_mul_pd(g, c));
        // sv_sq = sv > 0 ? trunc(sv) : 0 (maxpd returns its second operand for
        // -0.0 and NaN, as the scalar comparison does).
        const __m256d sv_sq =
            _mm256_max_pd(_mm256_round_pd(sv, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC), _mm256_setzero_pd());
        g = _mm256_min_pd(g, limit);  // g < limit ? g : limit
        const __m256d numer1 = _mm256_add_pd(sv_sq, nsq_d);
        const __m256d gain = _mm256_round_pd(_mm256_mul_pd(_mm256_mul_pd(g, g), a), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        const __m256d numer1_tmp = _mm256_add_pd(gain, numer1);
        const __m256i diff =
            _mm256_sub_epi64(log2_of_doubles(numer1_tmp, m32, table), log2_of_doubles(numer1, m32, table));
        num64 = _mm256_add_epi64(num64, _mm256_and_si256(diff, _mm256_cvtepi32_epi64(m32)));
      }
    }
    alignas(32) std::int32_t d[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(d), den32);
    for (std::int32_t x : d) acc.den_log += x;
    acc.num_log += sum_epi64(num64);
    acc.num_non_log += sum_epi64(nonlog64);
    acc.den_non_log += den_non_log;
    for (; j < w; ++j) vif_accumulate(acc, Sigmas{s1p[j], s2p[j], s12p[j]}, gain_limit, table);
  }
};

namespace {

template <int S, class T>
VifAccum stat(View<T> ref, View<T> dis, VerticalRounding rnd, double gain_limit, const std::uint16_t* table,
              Workspace& ws) {
  constexpr bool kSplit = !(S == 0 && std::is_same_v<T, std::uint8_t>);
  constexpr int W = TapPairs<S>::W;
  constexpr int R = TapPairs<S>::R;
  constexpr int kSlots = W + kRowBlock - 1;  // input rows a block of outputs reads
  static const TapPairs<S> tp;
  const unsigned w = ref.w;
  const int h = static_cast<int>(ref.h);
  std::uint16_t* v[kRowBlock][kVertical];
  for (int o = 0; o < kRowBlock; ++o)
    for (int q = 0; q < kVertical; ++q) v[o][q] = ws.vrow(q, o);
  std::int32_t* s1 = ws.sigmas.data();
  std::int32_t* s2 = s1 + w;
  std::int32_t* s12 = s2 + w;
  const std::uint16_t* rows[kRingRows][kRingSlots];
  VifAccum acc;
  int next_row = 0;
  for (int i = 0; i < h; i += kRowBlock) {
    const int n = h - i < kRowBlock ? h - i : kRowBlock;  // outputs in this block
    const int last = i + n - 1 + R < h ? i + n - 1 + R : h - 1;
    for (; next_row <= last; ++next_row) {
      std::uint16_t* out[kRingRows];
      for (int q = 0; q < kRingRows; ++q) out[q] = ws.ring_row(next_row % kSlots, q);
      products<kSplit>(ref.row(next_row), dis.row(next_row), w, out);
    }
    for (int t = 0; t < W + n - 1; ++t) {
      const int slot = reflect(i - R + t, h) % kSlots;
      for (int q = 0; q < kRingRows; ++q) rows[q][t] = ws.ring_row(slot, q);
    }
    if (n == kRowBlock) {
      vertical<S, kSplit, kRowBlock>(tp, rows, w, rnd, v);
    } else {
      for (int o = 0; o < n; ++o) {
        const std::uint16_t* one[kRingRows][kRingSlots];
        for (int q = 0; q < kRingRows; ++q)
          for (int t = 0; t < W; ++t) one[q][t] = rows[q][o + t];
        vertical<S, kSplit, 1>(tp, one, w, rnd, &v[o]);
      }
    }
    for (int o = 0; o < n; ++o) {
      for (int q = 0; q < kVertical; ++q) mirror_row(v[o][q], w, R);
      horizontal<S>(tp, v[o], w, s1, s2, s12);
      Accumulate<Avx2>::row(acc, s1, s2, s12, w, gain_limit, table);
    }
  }
  return acc;
}

// Scale S + 1 from scale S (filter S + 1) at the even rows and columns: the
// vertical pass as in `vertical` (one output row), then the horizontal pass at the
// even columns only, which is exactly what the even-column loads give.
template <int S, class T>
void subsample(View<T> ref, View<T> dis, VerticalRounding rnd, std::uint16_t* out_ref, std::uint16_t* out_dis,
               Workspace& ws) {
  constexpr auto& f = taps<S + 1>();
  constexpr int W = TapPairs<S + 1>::W;
  constexpr int R = TapPairs<S + 1>::R;
  constexpr int N = TapPairs<S + 1>::N;
  static const TapPairs<S + 1> tp;
  const unsigned w = ref.w, h = ref.h;
  const unsigned ow = w / 2, oh = h / 2;
  const __m256i b16 = bias16();
  const __m256i ub = unbias32();
  const __m256i mu_round = _mm256_set1_epi32(static_cast<int>(rnd.mu_round));
  const __m256i round16 = _mm256_set1_epi32(32768);
  std::uint16_t* vrow[2] = {ws.vrow(0), ws.vrow(1)};
  const View<T>* src[2] = {&ref, &dis};
  std::uint16_t* out[2] = {out_ref, out_dis};
  auto load16 = [&](const T* p) {
    if constexpr (sizeof(T) == 1)
      return _mm256_xor_si256(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), b16);
    else
      return _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)), b16);
  };
  for (unsigned oi = 0; oi < oh; ++oi) {
    for (int which = 0; which < 2; ++which) {
      const T* rows[W];
      for (int k = 0; k < W; ++k) rows[k] = src[which]->row(reflect(static_cast<int>(2 * oi) - R + k, static_cast<int>(h)));
      std::uint16_t* v = vrow[which];
      unsigned j = 0;
      for (; j + 16 <= w; j += 16) {
        __m256i lo = ub, hi = ub;
        for (int m = 0; m < N; ++m) {
          const __m256i a = load16(rows[2 * m] + j);
          const __m256i c = 2 * m + 1 < W ? load16(rows[2 * m + 1] + j) : a;
          lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(a, c), tp.c[m]));
          hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(a, c), tp.c[m]));
        }
        lo = srl32(_mm256_add_epi32(lo, mu_round), rnd.mu_shift);
        hi = srl32(_mm256_add_epi32(hi, mu_round), rnd.mu_shift);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(v + j), _mm256_xor_si256(_mm256_packus_epi32(lo, hi), b16));
      }
      for (; j < w; ++j) {
        std::uint32_t s = 0;
        for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(rows[k][j]);
        v[j] = static_cast<std::uint16_t>(((s + rnd.mu_round) >> rnd.mu_shift) ^ 0x8000);
      }
      mirror_row(v, w, R);

      std::uint16_t* o = out[which] + static_cast<std::size_t>(oi) * ow;
      unsigned x = 0;
      auto eight = [&](unsigned at) {  // outputs at .. at + 7
        const std::uint16_t* p = v + 2 * static_cast<int>(at) - R;
        __m256i acc = ub;
        for (int m = 0; m < N; ++m)
          acc = _mm256_add_epi32(
              acc, _mm256_madd_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2 * m)), tp.c[m]));
        return _mm256_srli_epi32(_mm256_add_epi32(acc, round16), 16);
      };
      for (; x + 16 <= ow; x += 16) {
        const __m256i packed = _mm256_packus_epi32(eight(x), eight(x + 8));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + x), _mm256_permute4x64_epi64(packed, 0xD8));
      }
      for (; x < ow; ++x) {
        std::uint32_t s = 0;
        for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(v[2 * static_cast<int>(x) - R + k] ^ 0x8000);
        o[x] = static_cast<std::uint16_t>((s + 32768) >> 16);
      }
    }
  }
}

}  // namespace

template <int S, class T>
struct SubsampleScale<Avx2, S, T> {
  static void run(View<T> ref, View<T> dis, VerticalRounding rnd, std::uint16_t* out_ref, std::uint16_t* out_dis,
                  Workspace& ws) {
    if constexpr (S < 2)
      subsample<S>(ref, dis, rnd, out_ref, out_dis, ws);
    else
      Kernels<Avx2>::template subsample<S>(ref, dis, rnd, out_ref, out_dis, ws);
  }
};

template <int S, class T>
struct StatScale<Avx2, S, T> {
  static VifAccum run(View<T> ref, View<T> dis, VerticalRounding rnd, double gain_limit, const std::uint16_t* table,
                      Workspace& ws) {
    if constexpr (S < 3)
      return stat<S>(ref, dis, rnd, gain_limit, table, ws);
    else
      return Kernels<Avx2>::template stat<S>(ref, dis, rnd, gain_limit, table, ws);
  }
};

FrameFn frame_fn_avx2() {
  if (!__builtin_cpu_supports("avx2")) return nullptr;
  return &Kernels<Avx2>::frame;
}

}  // namespace fastvmaf::vif
