// VIF's SIMD entries, written once for both vector widths (core/simd.hpp): vif_avx2.cpp
// instantiates them for V256, vif_avx512.cpp for V512, vif_avx512vnni.cpp for V512Vnni
// (each filter tap pair's madd and add in one vpdpwssd). Bit-identical to the C entries
// (vif_dsp.cpp), which tests/dsp checks on random planes of many sizes and depths.
//
//  - Scales 0-2: both filter passes use madd, a signed 16 x 16 -> 32 bit multiply that
//    adds adjacent pairs, added to the sum modulo 2^32 (dpwssd). Every 16-bit input x is stored biased, as x - 32768, so any
//    uint16 fits; the taps are positive, below 2^15 and sum to 65536, so the bias
//    subtracts exactly 32768 * 65536 = 2^31 from a filter sum, which is added back
//    modulo 2^32 (the sums themselves are below 2^32).
//    Vertically, two rows are interleaved (unpacklo/hi, which work within 128-bit lanes;
//    the packs that store the results undo that order). Horizontally, one unaligned load
//    at x + 2m holds the pairs (x[j+2m], x[j+2m+1]) for the even outputs j, another at
//    x + 2m + 1 those of the odd outputs. The low-pass filters that produce scales 1 and
//    2 work the same way, with the horizontal pass evaluated at the even columns only.
//  - Filter 3 (scale 3 and the subsampling to it: its centre tap, 43728, does not fit
//    int16) keeps the C entries.
//  - The per-pixel accumulation: kLanes32 pixels at a time. log2_32 / log2_64 take the
//    bit length from a float or double exponent of exactly representable values and
//    gather from the table; the double expressions are the scalar ones, lane by lane.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/simd.hpp"
#include "features/vif/vif_dsp.hpp"

namespace fastvmaf::vif::simd_entries {

constexpr bool taps_fit_int16(int s) {
  const std::uint16_t* f = s == 0 ? kFilter0.data() : s == 1 ? kFilter1.data() : s == 2 ? kFilter2.data() : kFilter3.data();
  for (int k = 0; k < kFilterWidth[s]; ++k)
    if (f[k] > 32767) return false;
  return true;
}

// The taps of scale S as madd pairs: (f[2m], f[2m+1]) for m < R, then (f[2R], 0).
template <class V, int S>
struct TapPairs {
  static_assert(taps_fit_int16(S), "madd takes the taps as int16");
  static constexpr int W = static_cast<int>(taps<S>().size());
  static constexpr int R = W / 2;
  static constexpr int N = R + 1;
  typename V::I c[N];
  TapPairs() {
    constexpr auto& f = taps<S>();
    for (int m = 0; m < N; ++m) {
      const std::uint32_t lo = f[2 * m];
      const std::uint32_t hi = 2 * m + 1 < W ? f[2 * m + 1] : 0u;
      c[m] = V::set1_epi32(static_cast<std::int32_t>(lo | hi << 16));
    }
  }
};

template <class V>
typename V::I bias16() {
  return V::set1_epi16(static_cast<std::int16_t>(0x8000));
}
template <class V>
typename V::I unbias32() {
  return V::set1_epi32(static_cast<std::int32_t>(0x80000000u));
}

// Ring rows of one input row: r, d, then r*r, d*d, r*d as H and L halves (split) or
// whole in slots 2..4 (8-bit samples at scale 0), all biased. Part::Ref makes r and r*r
// only, Part::Dis the others.
template <class V, bool Split, Part P, class T>
void products(const T* r, const T* d, unsigned w, std::uint16_t* const* out) {
  constexpr bool kRef = P != Part::Dis, kDis = P != Part::Ref;
  using I = typename V::I;
  constexpr unsigned kStep = V::kBytes / 2;
  const I b = bias16<V>();
  unsigned j = 0;
  for (; j + kStep <= w; j += kStep) {
    I a, e;
    if constexpr (sizeof(T) == 1) {
      a = V::cvtepu8_epi16(V::loadu_half(r + j));
      if constexpr (kDis) e = V::cvtepu8_epi16(V::loadu_half(d + j));
    } else {
      a = V::loadu(r + j);
      if constexpr (kDis) e = V::loadu(d + j);
    }
    auto put = [&](int q, I x) { V::storeu(out[q] + j, V::xor_(x, b)); };
    if constexpr (kRef) put(0, a);
    if constexpr (kDis) put(1, e);
    if constexpr (Split) {
      if constexpr (kRef) {
        put(2, V::mulhi_epu16(a, a));
        put(3, V::mullo_epi16(a, a));
      }
      if constexpr (kDis) {
        put(4, V::mulhi_epu16(e, e));
        put(5, V::mullo_epi16(e, e));
        put(6, V::mulhi_epu16(a, e));
        put(7, V::mullo_epi16(a, e));
      }
    } else {
      if constexpr (kRef) put(2, V::mullo_epi16(a, a));
      if constexpr (kDis) {
        put(3, V::mullo_epi16(e, e));
        put(4, V::mullo_epi16(a, e));
      }
    }
  }
  for (; j < w; ++j) {
    const std::uint32_t a = r[j], e = kDis ? d[j] : 0;
    const std::uint32_t p[3] = {a * a, e * e, a * e};
    if constexpr (kRef) out[0][j] = static_cast<std::uint16_t>(a ^ 0x8000);
    if constexpr (kDis) out[1][j] = static_cast<std::uint16_t>(e ^ 0x8000);
    for (int m = kRef ? 0 : 1; m < (kDis ? 3 : 1); ++m) {
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
// row t of the block (output o reads t = o .. o + W - 1). Each pair of adjacent input
// rows is loaded and interleaved once and feeds every output whose tap pair it is,
// which divides the loads by NO. Part::Ref filters mu1 and xx only, Part::Dis the rest.
template <class V, int S, bool Split, int NO, Part P = Part::Both>
void vertical(const TapPairs<V, S>& tp, const std::uint16_t* const (&rows)[kRingRows][kRingSlots], unsigned w,
              VerticalRounding rnd, std::uint16_t* const (*v)[kVertical]) {
  using I = typename V::I;
  constexpr auto& f = taps<S>();
  constexpr int W = TapPairs<V, S>::W;
  constexpr int R = TapPairs<V, S>::R;
  constexpr int T = W + NO - 1;  // input rows of the block
  constexpr unsigned kStep = V::kBytes / 2;
  const I b16 = bias16<V>();
  const I ub = unbias32<V>();
  const I lo16 = V::set1_epi32(0xFFFF);
  const I mu_round = V::set1_epi32(static_cast<std::int32_t>(rnd.mu_round));
  const I sq_round = V::set1_epi32(static_cast<std::int32_t>(rnd.sq_round));
  const auto mu_shift = V::count(rnd.mu_shift), sq_shift = V::count(rnd.sq_shift), up = V::count(16 - rnd.sq_shift);
  // The means (q) and second moments (m) of this part.
  constexpr int q0 = P == Part::Dis ? 1 : 0, q1 = P == Part::Ref ? 1 : 2;
  constexpr int m0 = P == Part::Dis ? 1 : 0, m1 = P == Part::Ref ? 1 : 3;
  unsigned j = 0;
  // Filter sums of ring row q for every output of the block (lo / hi: the column
  // order of unpacklo / unpackhi).
  auto sum = [&](int q, I (&lo)[NO], I (&hi)[NO]) {
    for (int o = 0; o < NO; ++o) lo[o] = hi[o] = ub;
    I prev = V::loadu(rows[q][0] + j);
#pragma GCC unroll 32
    for (int t = 1; t < T; ++t) {
      const I cur = V::loadu(rows[q][t] + j);
      const I ul = V::unpacklo_epi16(prev, cur);
      const I uh = V::unpackhi_epi16(prev, cur);
#pragma GCC unroll 4
      for (int o = 0; o < NO; ++o) {
        const int k = t - 1 - o;  // tap of input row t - 1 for output o
        if (k < 0 || k % 2 || k / 2 > R) continue;
        lo[o] = V::dpwssd(lo[o], ul, tp.c[k / 2]);
        hi[o] = V::dpwssd(hi[o], uh, tp.c[k / 2]);
      }
      prev = cur;
    }
    // The last output's last tap has no row after it: pair it with itself, the
    // coefficient pair (f[W-1], 0) ignores the copy.
    lo[NO - 1] = V::dpwssd(lo[NO - 1], V::unpacklo_epi16(prev, prev), tp.c[R]);
    hi[NO - 1] = V::dpwssd(hi[NO - 1], V::unpackhi_epi16(prev, prev), tp.c[R]);
  };
  auto store = [&](int o, int q, I lo, I hi) { V::storeu(v[o][q] + j, V::xor_(V::packus_epi32(lo, hi), b16)); };
  for (; j + kStep <= w; j += kStep) {
    I lo[NO], hi[NO];
    for (int q = q0; q < q1; ++q) {
      sum(q, lo, hi);
      for (int o = 0; o < NO; ++o)
        store(o, q, V::srl_epi32(V::add_epi32(lo[o], mu_round), mu_shift),
              V::srl_epi32(V::add_epi32(hi[o], mu_round), mu_shift));
    }
    for (int m = m0; m < m1; ++m) {
      if constexpr (Split) {
        I hl[NO], hh[NO];
        sum(2 + 2 * m, hl, hh);
        sum(3 + 2 * m, lo, hi);
        for (int o = 0; o < NO; ++o) {
          lo[o] = V::add_epi32(V::sll_epi32(hl[o], up), V::srl_epi32(V::add_epi32(lo[o], sq_round), sq_shift));
          hi[o] = V::add_epi32(V::sll_epi32(hh[o], up), V::srl_epi32(V::add_epi32(hi[o], sq_round), sq_shift));
        }
      } else {
        sum(2 + m, lo, hi);
      }
      for (int o = 0; o < NO; ++o) {
        store(o, 2 + 2 * m, V::template srli_epi32<16>(lo[o]), V::template srli_epi32<16>(hi[o]));
        store(o, 3 + 2 * m, V::and_(lo[o], lo16), V::and_(hi[o], lo16));
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
      for (int q = q0; q < q1; ++q) put(q, (col(q) + rnd.mu_round) >> rnd.mu_shift);
      for (int m = m0; m < m1; ++m) {
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
template <class V>
typename V::I mul_round_hi(typename V::I a, typename V::I b) {
  const auto half = V::set1_epi64(0x80000000LL);
  const auto even = V::add_epi64(V::mul_epu32(a, b), half);
  const auto odd =
      V::add_epi64(V::mul_epu32(V::template srli_epi64<32>(a), V::template srli_epi64<32>(b)), half);
  return V::blend_odd_epi32(V::template srli_epi64<32>(even), odd);
}

// The horizontal pass of one row (biased rows v[0..7], mirrored) down to the sigmas.
// Each block of 2 * kLanes32 columns writes its even columns, then its odd ones.
// Part::Ref writes s1 and the means mu1 (in that column order); Part::Dis reads mu1 and
// writes s2 and s12; Both writes the three sigmas and leaves mu1 alone.
template <class V, int S, Part P = Part::Both>
void horizontal(const TapPairs<V, S>& tp, const std::uint16_t* const* v, unsigned w, std::int32_t* s1,
                std::int32_t* s2, std::int32_t* s12, Mu1Row<P> mu1_row = nullptr) {
  using I = typename V::I;
  constexpr auto& f = taps<S>();
  constexpr int W = TapPairs<V, S>::W;
  constexpr int R = TapPairs<V, S>::R;
  constexpr int N = TapPairs<V, S>::N;
  constexpr unsigned kStep = V::kBytes / 2;
  const I ub = unbias32<V>();
  const I round16 = V::set1_epi32(32768);
  unsigned j = 0;
  for (; j + kStep <= w; j += kStep) {
    for (int h = 0; h < 2; ++h) {
      // Columns j + h, j + h + 2, ...: the pair at p + 2m is (x[j+h-R+2m], x[j+h-R+2m+1]).
      auto sum = [&](int q) {
        const std::uint16_t* p = v[q] + static_cast<int>(j) - R + h;
        I acc = V::madd_epi16(V::loadu(p), tp.c[0]);
        for (int m = 1; m < N; ++m) acc = V::dpwssd(acc, V::loadu(p + 2 * m), tp.c[m]);
        return V::add_epi32(acc, ub);
      };
      const unsigned at = j + static_cast<unsigned>(V::kLanes32 * h);
      auto moment = [&](int k) {
        const I hi = sum(2 + 2 * k);
        return V::add_epi32(hi, V::template srli_epi32<16>(V::add_epi32(sum(3 + 2 * k), round16)));
      };
      if constexpr (P == Part::Both) {
        // All sums first, then the sigmas (this order keeps the whole pass fastest).
        const I mu1 = sum(0);
        const I mu2 = sum(1);
        I m[3];
        for (int k = 0; k < 3; ++k) m[k] = moment(k);
        const I a = V::sub_epi32(m[0], mul_round_hi<V>(mu1, mu1));
        const I b = V::max_epi32(V::sub_epi32(m[1], mul_round_hi<V>(mu2, mu2)), V::zero());
        const I c = V::sub_epi32(m[2], mul_round_hi<V>(mu1, mu2));
        V::storeu(s1 + at, a);
        V::storeu(s2 + at, b);
        V::storeu(s12 + at, c);
      } else if constexpr (P == Part::Ref) {
        const I mu1 = sum(0);
        V::storeu(s1 + at, V::sub_epi32(moment(0), mul_round_hi<V>(mu1, mu1)));
        V::storeu(mu1_row + at, mu1);
      } else {
        const I mu1 = V::loadu(mu1_row + at);
        const I mu2 = sum(1);
        const I m1 = moment(1);
        const I m2 = moment(2);
        V::storeu(s2 + at, V::max_epi32(V::sub_epi32(m1, mul_round_hi<V>(mu2, mu2)), V::zero()));
        V::storeu(s12 + at, V::sub_epi32(m2, mul_round_hi<V>(mu1, mu2)));
      }
    }
  }
  for (; j < w; ++j) {
    auto row = [&](int q) {
      std::uint32_t s = 0;
      for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(v[q][static_cast<int>(j) - R + k] ^ 0x8000);
      return s;
    };
    auto moment = [&](int k) { return row(2 + 2 * k) + ((row(3 + 2 * k) + 32768) >> 16); };
    const std::uint32_t mu1 = P == Part::Dis ? mu1_row[j] : row(0);
    if constexpr (P != Part::Dis) {
      s1[j] = vif_sigma1(mu1, moment(0));
      if constexpr (P == Part::Ref) {
        mu1_row[j] = mu1;
        continue;
      }
    }
    Sigmas s{};
    vif_sigma2_12(mu1, row(1), moment(1), moment(2), s);
    s2[j] = s.s2;
    s12[j] = s.s12;
  }
}

// One pixel of the sums, or of part P's (vif_dsp.hpp).
template <Part P>
inline void accumulate_pixel(VifAccum& acc, std::int32_t s1, const std::int32_t* s2, const std::int32_t* s12,
                             unsigned j, double gain_limit, const std::uint16_t* table) {
  if constexpr (P == Part::Both) {
    vif_accumulate(acc, Sigmas{s1, s2[j], s12[j]}, gain_limit, table);
  } else {
    VifAccum one;
    vif_accumulate(one, P == Part::Ref ? Sigmas{s1, 0, 0} : Sigmas{s1, s2[j], s12[j]}, gain_limit, table);
    acc += P == Part::Ref ? VifAccum{0, one.den_log, 0, one.den_non_log} : VifAccum{one.num_log, 0, one.num_non_log, 0};
  }
}

// log2_64 of exact integers held as doubles (2^17 <= x < 2^53), given as the high
// dwords of their bits (V::compact_epi64_hi: one int32 lane per value, in pixel order):
// the exponent gives the bit length, the next 15 mantissa bits (all in the high dword)
// the table index. One 32-bit gather serves kLanes32 values where an int64-indexed one
// served half as many (two of those cost about twice one of these on Zen 3).
template <class V>
typename V::I log2_of_double_tops(typename V::I top, typename V::I mask, const std::uint16_t* table) {
  using I = typename V::I;
  const I k = V::sub_epi32(V::template srli_epi32<20>(top), V::set1_epi32(1023 + 15));
  const I idx = V::and_(V::template srli_epi32<5>(top), V::set1_epi32(0x7FFF));
  const I t = V::and_(V::gather_epi32_scale2_masked(table, idx, mask), V::set1_epi32(0xFFFF));
  return V::add_epi32(t, V::template slli_epi32<11>(k));
}

// Part::Ref adds den_log and den_non_log (which read sigma1_sq alone), Part::Dis the
// other two sums.
template <class V, Part P = Part::Both>
void accumulate(VifAccum& acc, const std::int32_t* s1p, const std::int32_t* s2p, const std::int32_t* s12p, unsigned w,
                double gain_limit, const std::uint16_t* table) {
  constexpr bool kDen = P != Part::Dis, kNum = P != Part::Ref;
  using I = typename V::I;
  using D = typename V::D;
  const I zero = V::zero();
  const I nsq = V::set1_epi32(kSigmaNsq);
  const I nsq_m1 = V::set1_epi32(kSigmaNsq - 1);
  const D eps = V::set1_pd(kEps);
  const D limit = V::set1_pd(gain_limit);
  const D nsq_d = V::set1_pd(static_cast<double>(kSigmaNsq));
  I den32 = zero;     // den_log: below 2^16 per pixel, so a row fits int32 lanes
  I num64 = zero;     // num_log
  I nonlog64 = zero;  // num_non_log
  std::int64_t den_non_log = 0;
  unsigned j = 0;
  for (; j + V::kLanes32 <= w; j += V::kLanes32) {
    const I s1 = V::loadu(s1p + j);
    const I mlog = V::cmpgt_epi32(s1, nsq_m1);
    if constexpr (kDen) {
      // log2_32(sigma_nsq + sigma1_sq): v >= 2^18 where used; (v >> 1) without its
      // low 8 bits converts to float exactly, and its exponent is log2(v) - 1.
      const I v = V::add_epi32(s1, nsq);
      const I vh = V::andnot(V::set1_epi32(0xFF), V::template srli_epi32<1>(v));
      const I e = V::template srli_epi32<23>(V::cvtepi32_ps_bits(vh));
      const I k = V::sub_epi32(e, V::set1_epi32(127 + 14));
      const I idx = V::sub_epi32(V::srlv_epi32(v, k), V::set1_epi32(static_cast<std::int32_t>(kLog2Base)));
      const I t = V::and_(V::gather_epi32_scale2_masked(table, idx, mlog), V::set1_epi32(0xFFFF));
      const I lg = V::add_epi32(t, V::template slli_epi32<11>(k));
      den32 = V::add_epi32(den32, V::and_(V::sub_epi32(lg, V::set1_epi32(2048 * 17)), mlog));
      den_non_log += V::kLanes32 - V::count_true_epi32(mlog);
    }
    if constexpr (!kNum) continue;
    const I s2 = V::loadu(s2p + j);
    const I s12 = V::loadu(s12p + j);

    const I s2_nl = V::andnot(mlog, s2);
    nonlog64 = V::add_epi64(nonlog64, V::cvtepi32_epi64(V::lo_half(s2_nl)));
    nonlog64 = V::add_epi64(nonlog64, V::cvtepi32_epi64(V::hi_half(s2_nl)));

    const I mnum = V::and_(mlog, V::and_(V::cmpgt_epi32(s12, zero), V::cmpgt_epi32(s2, zero)));
    if (V::all_zero(mnum)) continue;
    D tops[2][2];  // [h]: numer1_tmp, numer1 of half h's pixels
    for (int h = 0; h < 2; ++h) {
      const D a = V::cvtepi32_pd(h ? V::hi_half(s1) : V::lo_half(s1));
      const D b = V::cvtepi32_pd(h ? V::hi_half(s2) : V::lo_half(s2));
      const D c = V::cvtepi32_pd(h ? V::hi_half(s12) : V::lo_half(s12));
      D g = V::div_pd(c, V::add_pd(a, eps));
      const D sv = V::sub_pd(b, V::mul_pd(g, c));
      // sv_sq = sv > 0 ? trunc(sv) : 0 (maxpd returns its second operand for -0.0 and
      // NaN, as the scalar comparison does).
      const D sv_sq = V::max_pd(V::trunc_pd(sv), V::zero_pd());
      g = V::min_pd(g, limit);  // g < limit ? g : limit
      const D numer1 = V::add_pd(sv_sq, nsq_d);
      const D gain = V::trunc_pd(V::mul_pd(V::mul_pd(g, g), a));
      tops[h][0] = V::add_pd(gain, numer1);
      tops[h][1] = numer1;
    }
    // log2(numer1_tmp) - log2(numer1) per pixel: 0 to below 2^18, an int32.
    auto top = [&](int k) { return V::compact_epi64_hi(V::castpd_si(tops[0][k]), V::castpd_si(tops[1][k])); };
    const I diff = V::and_(V::sub_epi32(log2_of_double_tops<V>(top(0), mnum, table),
                                        log2_of_double_tops<V>(top(1), mnum, table)),
                           mnum);
    num64 = V::add_epi64(num64, V::cvtepi32_epi64(V::lo_half(diff)));
    num64 = V::add_epi64(num64, V::cvtepi32_epi64(V::hi_half(diff)));
  }
  alignas(64) std::int32_t d[V::kLanes32];
  V::storeu(d, den32);
  for (std::int32_t x : d) acc.den_log += x;
  acc.num_log += static_cast<std::int64_t>(V::reduce_add_epi64(num64));
  acc.num_non_log += static_cast<std::int64_t>(V::reduce_add_epi64(nonlog64));
  acc.den_non_log += den_non_log;
  for (; j < w; ++j) accumulate_pixel<P>(acc, s1p[j], s2p, s12p, j, gain_limit, table);
}

// Whether part P fills vertical row q (mu1, mu2, then H and L of xx, yy, xy).
template <Part P>
constexpr bool filtered_by(int q) {
  const bool ref = q == 0 || q == 2 || q == 3;
  return P == Part::Both || (P == Part::Ref) == ref;
}

// The statistic of scale S (< 3) over output rows [y0, y1), or its part P.
template <class V, int S, class T, Part P = Part::Both>
VifAccum stat(const Band<T>& b, RowScratch& ws) {
  constexpr bool kSplit = !(S == 0 && std::is_same_v<T, std::uint8_t>);
  constexpr int W = TapPairs<V, S>::W;
  constexpr int R = TapPairs<V, S>::R;
  constexpr int kSlots = W + kRowBlock - 1;  // input rows a block of outputs reads
  static const TapPairs<V, S> tp;
  const View<T>& ref = b.ref;
  const View<T>& dis = b.dis;
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
  // The next input row whose products enter the ring (input row y in slot y % kSlots).
  int next_row = static_cast<int>(b.y0) > R ? static_cast<int>(b.y0) - R : 0;
  const int end = static_cast<int>(b.y1);
  for (int i = static_cast<int>(b.y0); i < end; i += kRowBlock) {
    const int n = end - i < kRowBlock ? end - i : kRowBlock;  // outputs in this block
    const int last = i + n - 1 + R < h ? i + n - 1 + R : h - 1;
    for (; next_row <= last; ++next_row) {
      std::uint16_t* out[kRingRows];
      for (int q = 0; q < kRingRows; ++q) out[q] = ws.ring_row(next_row % kSlots, q);
      products<V, kSplit, P>(ref.row(next_row), dis.row(next_row), w, out);
    }
    for (int t = 0; t < W + n - 1; ++t) {
      const int slot = reflect(i - R + t, h) % kSlots;
      for (int q = 0; q < kRingRows; ++q) rows[q][t] = ws.ring_row(slot, q);
    }
    if (n == kRowBlock) {
      vertical<V, S, kSplit, kRowBlock, P>(tp, rows, w, b.rnd, v);
    } else {
      for (int o = 0; o < n; ++o) {
        const std::uint16_t* one[kRingRows][kRingSlots];
        for (int q = 0; q < kRingRows; ++q)
          for (int t = 0; t < W; ++t) one[q][t] = rows[q][o + t];
        vertical<V, S, kSplit, 1, P>(tp, one, w, b.rnd, &v[o]);
      }
    }
    for (int o = 0; o < n; ++o) {
      for (int q = 0; q < kVertical; ++q)
        if (filtered_by<P>(q)) mirror_row(v[o][q], w, R);
      const std::size_t row = static_cast<std::size_t>(i + o) * w;
      if constexpr (P == Part::Ref) {
        horizontal<V, S, P>(tp, v[o], w, b.ref_s1_out + row, s2, s12, b.ref_mu1_out + row);
        accumulate<V, P>(acc, b.ref_s1_out + row, nullptr, nullptr, w, b.gain_limit, b.log2);
      } else if constexpr (P == Part::Dis) {
        horizontal<V, S, P>(tp, v[o], w, s1, s2, s12, b.ref_mu1 + row);
        accumulate<V, P>(acc, b.ref_s1 + row, s2, s12, w, b.gain_limit, b.log2);
      } else {
        horizontal<V, S>(tp, v[o], w, s1, s2, s12);
        accumulate<V>(acc, s1, s2, s12, w, b.gain_limit, b.log2);
      }
    }
  }
  return acc;
}

// Rows [y0, y1) of scale S + 1 (S < 2) from scale S (filter S + 1) at the even rows and
// columns: the vertical pass as in `vertical` (one output row), then the horizontal
// pass at the even columns only, which is exactly what the even-column loads give.
template <class V, int S, class T>
void subsample(const Band<T>& b, std::uint16_t* out_ref, std::uint16_t* out_dis, RowScratch& ws) {
  using I = typename V::I;
  constexpr auto& f = taps<S + 1>();
  constexpr int W = TapPairs<V, S + 1>::W;
  constexpr int R = TapPairs<V, S + 1>::R;
  constexpr int N = TapPairs<V, S + 1>::N;
  constexpr unsigned kStep = V::kBytes / 2;
  static const TapPairs<V, S + 1> tp;
  const unsigned w = b.ref.w, h = b.ref.h;
  const unsigned ow = w / 2;
  const I b16 = bias16<V>();
  const I ub = unbias32<V>();
  const I mu_round = V::set1_epi32(static_cast<std::int32_t>(b.rnd.mu_round));
  const auto mu_shift = V::count(b.rnd.mu_shift);
  const I round16 = V::set1_epi32(32768);
  std::uint16_t* vrow[2] = {ws.vrow(0), ws.vrow(1)};
  const View<T>* src[2] = {&b.ref, &b.dis};
  std::uint16_t* out[2] = {out_ref, out_dis};
  auto load16 = [&](const T* p) {
    if constexpr (sizeof(T) == 1)
      return V::xor_(V::cvtepu8_epi16(V::loadu_half(p)), b16);
    else
      return V::xor_(V::loadu(p), b16);
  };
  for (unsigned oi = b.y0; oi < b.y1; ++oi) {
    for (int which = 0; which < 2; ++which) {
      if (!out[which]) continue;
      const T* rows[W];
      for (int k = 0; k < W; ++k)
        rows[k] = src[which]->row(reflect(static_cast<int>(2 * oi) - R + k, static_cast<int>(h)));
      std::uint16_t* v = vrow[which];
      unsigned j = 0;
      for (; j + kStep <= w; j += kStep) {
        I lo = ub, hi = ub;
        for (int m = 0; m < N; ++m) {
          const I a = load16(rows[2 * m] + j);
          const I c = 2 * m + 1 < W ? load16(rows[2 * m + 1] + j) : a;
          lo = V::dpwssd(lo, V::unpacklo_epi16(a, c), tp.c[m]);
          hi = V::dpwssd(hi, V::unpackhi_epi16(a, c), tp.c[m]);
        }
        lo = V::srl_epi32(V::add_epi32(lo, mu_round), mu_shift);
        hi = V::srl_epi32(V::add_epi32(hi, mu_round), mu_shift);
        V::storeu(v + j, V::xor_(V::packus_epi32(lo, hi), b16));
      }
      for (; j < w; ++j) {
        std::uint32_t s = 0;
        for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(rows[k][j]);
        v[j] = static_cast<std::uint16_t>(((s + b.rnd.mu_round) >> b.rnd.mu_shift) ^ 0x8000);
      }
      mirror_row(v, w, R);

      std::uint16_t* o = out[which] + static_cast<std::size_t>(oi) * ow;
      unsigned x = 0;
      auto lanes = [&](unsigned at) {  // outputs at .. at + kLanes32 - 1
        const std::uint16_t* p = v + 2 * static_cast<int>(at) - R;
        I acc = ub;
        for (int m = 0; m < N; ++m) acc = V::dpwssd(acc, V::loadu(p + 2 * m), tp.c[m]);
        return V::template srli_epi32<16>(V::add_epi32(acc, round16));
      };
      for (; x + 2 * V::kLanes32 <= ow; x += 2 * V::kLanes32)
        V::storeu(o + x, V::packus_epi32_ordered(lanes(x), lanes(x + V::kLanes32)));
      for (; x < ow; ++x) {
        std::uint32_t s = 0;
        for (int k = 0; k < W; ++k) s += f[k] * static_cast<std::uint32_t>(v[2 * static_cast<int>(x) - R + k] ^ 0x8000);
        o[x] = static_cast<std::uint16_t>((s + 32768) >> 16);
      }
    }
  }
}

template <class V>
FVMAF_DSP_FILL void fill(Dsp& d) {
  d.stat_u8 = stat<V, 0, std::uint8_t>;
  d.stat[0] = stat<V, 0, std::uint16_t>;
  d.stat[1] = stat<V, 1, std::uint16_t>;
  d.stat[2] = stat<V, 2, std::uint16_t>;
  d.stat_part_u8[0] = stat<V, 0, std::uint8_t, Part::Ref>;
  d.stat_part_u8[1] = stat<V, 0, std::uint8_t, Part::Dis>;
  d.stat_part[0][0] = stat<V, 0, std::uint16_t, Part::Ref>;
  d.stat_part[1][0] = stat<V, 0, std::uint16_t, Part::Dis>;
  d.stat_part[0][1] = stat<V, 1, std::uint16_t, Part::Ref>;
  d.stat_part[1][1] = stat<V, 1, std::uint16_t, Part::Dis>;
  d.stat_part[0][2] = stat<V, 2, std::uint16_t, Part::Ref>;
  d.stat_part[1][2] = stat<V, 2, std::uint16_t, Part::Dis>;
  d.subsample_u8 = subsample<V, 0, std::uint8_t>;
  d.subsample[0] = subsample<V, 0, std::uint16_t>;
  d.subsample[1] = subsample<V, 1, std::uint16_t>;
  d.accumulate = accumulate<V>;
}

}  // namespace fastvmaf::vif::simd_entries
