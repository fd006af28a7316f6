// ADM's SIMD entries, written once for both vector widths (core/simd.hpp): adm_avx2.cpp
// instantiates them for V256, adm_avx512.cpp for V512. Bit-identical to the C entries of
// adm_dsp.cpp (tests/dsp compares them on random rows: full-range, small and extreme
// values, every bit depth, many widths and column ranges). Each vector loop runs the same
// integer arithmetic as the C routine; where the C code widens to int64, the vector code
// either keeps 64-bit lanes or uses doubles where every value involved is an integer
// below 2^53 (so the double arithmetic is exact). Column tails and band edges go to the C
// entries.
//
// L = V::kLanes32 (8 for AVX2, 16 for AVX-512) int32 lanes; D vectors hold L / 2 doubles.
#pragma once

#include <cstdint>
#include <cstring>

#include "core/simd.hpp"
#include "features/adm/adm_dsp.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::adm::simd_entries {

template <class V>
struct Kernels {
  using I = typename V::I;
  using H = typename V::H;
  using D = typename V::D;
  static constexpr int L = V::kLanes32;

  static I wrap16_epi32(I v) { return V::template srai_epi32<16>(V::template slli_epi32<16>(v)); }

  // Pairs (a, b) of int16 coefficients repeated, for madd.
  static I coef_pair(std::int16_t a, std::int16_t b) {
    return V::set1_epi32(static_cast<std::int32_t>(static_cast<std::uint16_t>(a)) |
                         (static_cast<std::int32_t>(static_cast<std::uint16_t>(b)) << 16));
  }
  static I loadu32(const std::int32_t* p) { return V::loadu(p); }
  static I load16_as32(const std::int16_t* p) { return V::cvtepi16_epi32(V::loadu_half(p)); }
  static D to_pd_lo(I v) { return V::cvtepi32_pd(V::lo_half(v)); }
  static D to_pd_hi(I v) { return V::cvtepi32_pd(V::hi_half(v)); }
  // The odd dwords moved to the low half of each qword.
  static I odd(I v) { return V::template srli_epi64<32>(v); }
  // Low dwords of the even and odd results back into L columns.
  static I interleave(I even, I odd_result) { return V::blend_odd_epi32(even, V::template slli_epi64<32>(odd_result)); }

  // -------------------------------------------------------------------------------
  // Scale 0 vertical pass. The samples are offset by 32768 into int16 (any 16-bit value
  // fits), the offset folded into constants: the low filter's taps sum to 46342, the
  // high filter's to 0. Pair products fit int32 and the rest wraps as the C sum.
  template <typename Pixel>
  static void dwt0_vertical(const Pixel* const src[4], int n, int bpc, std::int16_t* lo, std::int16_t* hi) {
    const std::uint32_t half = 1u << (bpc - 1);
    const I flip = V::set1_epi16(static_cast<std::int16_t>(0x8000));
    const I lo_add = V::set1_epi32(static_cast<std::int32_t>(46342u * (32768u - half) + half));
    const I hi_add = V::set1_epi32(static_cast<std::int32_t>(half));
    const auto shift = V::count(bpc);
    const I lo01 = coef_pair(15826, 27411), lo23 = coef_pair(7345, -4240);
    const I hi01 = coef_pair(-4240, -7345), hi23 = coef_pair(27411, -15826);
    auto load = [&](const Pixel* p) {
      if constexpr (sizeof(Pixel) == 1)
        return V::xor_(V::cvtepu8_epi16(V::loadu_half(p)), flip);
      else
        return V::xor_(V::loadu(p), flip);
    };
    auto filter = [&](I p01_lo, I p01_hi, I p23_lo, I p23_hi, I c01, I c23, I add) {
      const I a = V::add_epi32(V::madd_epi16(p01_lo, c01), V::madd_epi16(p23_lo, c23));
      const I b = V::add_epi32(V::madd_epi16(p01_hi, c01), V::madd_epi16(p23_hi, c23));
      // Unpacked within 128-bit lanes, so packing back restores the sample order; the
      // int16 store truncates as the C cast does.
      return V::packs_epi32(wrap16_epi32(V::sra_epi32(V::add_epi32(a, add), shift)),
                            wrap16_epi32(V::sra_epi32(V::add_epi32(b, add), shift)));
    };
    constexpr int kStep = V::kBytes / 2;
    int j = 0;
    for (; j + kStep <= n; j += kStep) {
      const I s0 = load(src[0] + j), s1 = load(src[1] + j), s2 = load(src[2] + j), s3 = load(src[3] + j);
      const I p01_lo = V::unpacklo_epi16(s0, s1), p01_hi = V::unpackhi_epi16(s0, s1);
      const I p23_lo = V::unpacklo_epi16(s2, s3), p23_hi = V::unpackhi_epi16(s2, s3);
      V::storeu(lo + j, filter(p01_lo, p01_hi, p23_lo, p23_hi, lo01, lo23, lo_add));
      if (hi) V::storeu(hi + j, filter(p01_lo, p01_hi, p23_lo, p23_hi, hi01, hi23, hi_add));
    }
    if (j < n) {
      const Pixel* tail[4] = {src[0] + j, src[1] + j, src[2] + j, src[3] + j};
      if constexpr (sizeof(Pixel) == 1)
        c_dsp().dwt0_vertical_u8(tail, n - j, bpc, lo + j, hi ? hi + j : nullptr);
      else
        c_dsp().dwt0_vertical_u16(tail, n - j, bpc, lo + j, hi ? hi + j : nullptr);
    }
  }

  // -------------------------------------------------------------------------------
  // Scale 0 horizontal pass: output k is (f0 p[2k] + f1 p[2k+1] + f2 p[2k+2] + f3 p[2k+3]
  // + 32768) >> 16; adjacent int16 pairs are exactly what madd multiplies. L outputs.
  static I horizontal_l(const std::int16_t* p, I c01, I c23) {
    const I a = V::loadu(p);
    const I b = V::loadu(p + 2);
    const I s = V::add_epi32(V::madd_epi16(a, c01), V::madd_epi16(b, c23));
    return V::template srai_epi32<16>(V::add_epi32(s, V::set1_epi32(32768)));
  }

  static void dwt0_horizontal(const std::int16_t* lo, const std::int16_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                              BandRow<std::int16_t> out) {
    const I lo01 = coef_pair(15826, 27411), lo23 = coef_pair(7345, -4240);
    const I hi01 = coef_pair(-4240, -7345), hi23 = coef_pair(27411, -15826);
    // Vector loads read 2L + 2 elements from 2k: keep them inside the padded row (2n + 3).
    int k = 0;
    for (; k + L < n_a; k += L) V::storeu(a + k, horizontal_l(lo + 2 * k, lo01, lo23));
    if (k < n_a) c_dsp().dwt0_horizontal(lo + 2 * k, nullptr, n_a - k, a + k, 0, 0, out);
    if (!hi) return;
    k = c0;
    for (; k + 2 * L < c1; k += 2 * L) {
      const std::int16_t* l = lo + 2 * k;
      const std::int16_t* h = hi + 2 * k;
      V::storeu(out.v + k, V::packs_epi32_ordered(horizontal_l(l, hi01, hi23), horizontal_l(l + 2 * L, hi01, hi23)));
      V::storeu(out.h + k, V::packs_epi32_ordered(horizontal_l(h, lo01, lo23), horizontal_l(h + 2 * L, lo01, lo23)));
      V::storeu(out.d + k, V::packs_epi32_ordered(horizontal_l(h, hi01, hi23), horizontal_l(h + 2 * L, hi01, hi23)));
    }
    if (k < c1) {
      std::int32_t unused[1];
      c_dsp().dwt0_horizontal(lo, hi, 0, unused, k, c1, out);
    }
  }

  // The columns [j, c1) a row's vector loop left, for an entry whose outputs at a column
  // depend on that column's inputs alone: one more vector ending at c1 (`step`), which
  // writes columns before j again with the same values, where the row holds L columns;
  // else the C entry (`tail`). At small widths (576x324: scale 3 is 36 columns) the C
  // tail was a tenth of ADM's time.
  template <class Step, class Tail>
  static void finish_row(int j, int c0, int c1, Step&& step, Tail&& tail) {
    if (j >= c1) return;
    if (c1 - c0 >= L)
      step(c1 - L);
    else
      tail();
  }

  // -------------------------------------------------------------------------------
  // Scale 0 decouple, CSF and masking terms, L columns at a time.
  struct DecoupleL {
    I r, a;
  };

  // Ratio k = clamp((div_lookup[o] * t + 16384) >> 15, 0, 32768) of int16 o and t
  // without 64 bits: with d = floor(2^30 / |o|) (the table), the product is <= 0 when
  // the signs differ (k = 0); for equal signs and |t| <= |o| it is d |t| <= 2^30, exact
  // in int32; for |t| > |o| it is at least d (|o| + 1) >= 2^30 (as 2^30 / |o| >= |o|),
  // so k clamps to 32768. o = 0 gives 32768.
  static DecoupleL decouple_l(I o, I t, I angle_ok, const DecoupleParams& p) {
    const I zero = V::zero();
    const I k_max = V::set1_epi32(32768);
    const I div = V::gather_epi32(p.div_lookup, V::add_epi32(o, k_max));
    const I same = V::cmpgt_epi32(V::mullo_epi32(o, t), zero);  // |o t| < 2^31
    const I kq = V::template srai_epi32<15>(V::add_epi32(V::mullo_epi32(div, t), V::set1_epi32(16384)));
    I k = V::blendv(kq, k_max, V::cmpgt_epi32(V::abs_epi32(t), V::abs_epi32(o)));
    k = V::and_(k, same);
    const I o_zero = V::cmpeq_epi32(o, zero);
    k = V::blendv(k, k_max, o_zero);
    I r = V::template srai_epi32<15>(V::add_epi32(V::mullo_epi32(k, o), V::set1_epi32(16384)));
    // Enhancement where the angle test passed, k > 0 and o != 0: min(r * gain, t) for
    // o > 0, max(r * gain, t) for o < 0, truncated.
    const I enhance = V::andnot(o_zero, V::and_(angle_ok, V::cmpgt_epi32(k, zero)));
    if (!V::all_zero(enhance)) {
      const D gain = V::set1_pd(p.gain_limit);
      const I o_pos = V::cmpgt_epi32(o, zero);
      auto enhanced = [&](H r_half, H t_half, H pos_half) {
        const D g = V::mul_pd(V::cvtepi32_pd(r_half), gain);
        const D td = V::cvtepi32_pd(t_half);
        const D up = V::min_pd(g, td), down = V::max_pd(g, td);
        const D pos = V::castsi_pd(V::cvtepi32_epi64(pos_half));
        return V::cvttpd_epi32(V::blendv_pd(down, up, pos));
      };
      const I e = V::combine(enhanced(V::lo_half(r), V::lo_half(t), V::lo_half(o_pos)),
                             enhanced(V::hi_half(r), V::hi_half(t), V::hi_half(o_pos)));
      r = V::blendv(r, wrap16_epi32(e), enhance);
    }
    return {r, wrap16_epi32(V::sub_epi32(t, r))};
  }

  // |c| / 30 and |c| / 15 of an int16 CSF value, as int16.
  static I masking0(I c, std::int32_t mul) {
    const I v = V::mullo_epi32(V::abs_epi32(c), V::set1_epi32(mul));
    return wrap16_epi32(V::template srli_epi32<12>(V::add_epi32(v, V::set1_epi32(2048))));
  }

  static I csf0_l(I x, int band) {
    return band == 2 ? wrap16_epi32(V::template srai_epi32<17>(V::add_epi32(x, V::set1_epi32(65535))))
                     : wrap16_epi32(V::template srai_epi32<15>(V::add_epi32(x, V::set1_epi32(16384))));
  }

  // libvmaf's angle test, given the dot product and squared norms already rounded to
  // float (held in doubles): scaled by 2^-12 and compared in double.
  static D angle_test(D dp_f, D om_f, D tm_f, D cos_sq) {
    const D inv = V::set1_pd(1.0 / 4096.0);
    const D dp = V::mul_pd(dp_f, inv), om = V::mul_pd(om_f, inv), tm = V::mul_pd(tm_f, inv);
    const D ge0 = V::cmpge_pd(dp, V::zero_pd());
    const D ge = V::cmpge_pd(V::mul_pd(dp, dp), V::mul_pd(V::mul_pd(cos_sq, om), tm));
    return V::and_pd(ge0, ge);
  }

  // Scale 0: libvmaf's angle test on L columns of int16 bands. The dot product and the
  // squared norms are pair sums of int16 products (madd), exact in int32 except the one
  // sum that reaches 2^31 (both products (-32768)^2): the norms are then read as
  // unsigned, and a dot product of -2^31, which no true one equals, as +2^31. Converted
  // to float they round as libvmaf's int64-to-float. Both sides of libvmaf's comparison
  // are scaled by 2^-24 (its divisions by 4096), which changes no rounding and no
  // comparison, so it is left out.
  static I within_1deg0(const std::int16_t* oh, const std::int16_t* ov, const std::int16_t* th,
                        const std::int16_t* tv, D cos_sq) {
    const I o = V::interleave_epi16(V::loadu_half(oh), V::loadu_half(ov));
    const I t = V::interleave_epi16(V::loadu_half(th), V::loadu_half(tv));
    const I int_min = V::set1_epi32(static_cast<std::int32_t>(0x80000000u));
    const I dp = V::madd_epi16(o, t);
    const I wrapped = V::cmpeq_epi32(dp, int_min);
    const typename V::F dp_f = V::castsi_ps(V::xor_(V::castps_si(V::cvtepi32_ps(dp)), V::and_(wrapped, int_min)));
    const I abs_bits = V::set1_epi32(0x7FFFFFFF);
    const typename V::F om_f = V::castsi_ps(V::and_(V::castps_si(V::cvtepi32_ps(V::madd_epi16(o, o))), abs_bits));
    const typename V::F tm_f = V::castsi_ps(V::and_(V::castps_si(V::cvtepi32_ps(V::madd_epi16(t, t))), abs_bits));
    auto half_test = [&](typename V::HF d, typename V::HF om, typename V::HF tm) {
      const D dd = V::cvtps_pd(d);
      return V::narrow_mask_pd(V::cmpge_pd(V::mul_pd(dd, dd), V::mul_pd(V::mul_pd(cos_sq, V::cvtps_pd(om)), V::cvtps_pd(tm))));
    };
    const I ge = V::combine(half_test(V::lo_half_ps(dp_f), V::lo_half_ps(om_f), V::lo_half_ps(tm_f)),
                            half_test(V::hi_half_ps(dp_f), V::hi_half_ps(om_f), V::hi_half_ps(tm_f)));
    const I non_negative = V::or_(V::cmpgt_epi32(dp, V::set1_epi32(-1)), wrapped);
    return V::and_(ge, non_negative);
  }

  static void decouple0_row(BandRow<const std::int16_t> o, BandRow<const std::int16_t> t, int c0, int c1,
                            const DecoupleParams& p, const MaskRow& out) {
    const D cos_sq = V::set1_pd(static_cast<double>(p.cos_sq));
    auto step = [&](int j) {
      const I oh = load16_as32(o.h + j), ov = load16_as32(o.v + j), od = load16_as32(o.d + j);
      const I th = load16_as32(t.h + j), tv = load16_as32(t.v + j), td = load16_as32(t.d + j);
      const I angle_ok = within_1deg0(o.h + j, o.v + j, t.h + j, t.v + j, cos_sq);
      const DecoupleL dc[3] = {decouple_l(oh, th, angle_ok, p), decouple_l(ov, tv, angle_ok, p),
                               decouple_l(od, td, angle_ok, p)};
      I nb_dlm = V::zero(), ce_dlm = nb_dlm, nb_aim = nb_dlm, ce_aim = nb_dlm;
      for (int b = 0; b < 3; ++b) {
        const I w = V::set1_epi32(static_cast<std::int32_t>(p.i_rfactor[b]));
        const I xr = V::mullo_epi32(dc[b].r, w);
        const I xa = V::mullo_epi32(dc[b].a, w);
        V::storeu(out.x_dlm[b] + j, xr);
        V::storeu(out.x_aim[b] + j, xa);
        const I ca = csf0_l(xa, b);
        nb_dlm = V::add_epi32(nb_dlm, masking0(ca, 4369));
        ce_dlm = V::add_epi32(ce_dlm, masking0(ca, 8738));
        if (p.aim) {
          const I cr = csf0_l(xr, b);
          nb_aim = V::add_epi32(nb_aim, masking0(cr, 4369));
          ce_aim = V::add_epi32(ce_aim, masking0(cr, 8738));
        }
      }
      V::storeu(out.nb_dlm + j, nb_dlm);
      V::storeu(out.centre_dlm + j, ce_dlm);
      V::storeu(out.nb_aim + j, nb_aim);
      V::storeu(out.centre_aim + j, ce_aim);
    };
    int j = c0;
    for (; j + L <= c1; j += L) step(j);
    finish_row(j, c0, c1, step, [&] { c_dsp().decouple0(o, t, j, c1, p, out); });
  }

  // -------------------------------------------------------------------------------
  // Contrast measure, L interior columns at a time; the two edge columns (mirrored
  // neighbours) and the tail go through the C entry.
  static void measure_row(const MeasureRow& m, int c0, int c1, int w, const CubeRounding (&rounding)[3],
                          std::int64_t (&sums)[3]) {
    int j = c0;
    if (j == 0 && c1 > 0) {
      c_dsp().measure(m, 0, 1, w, rounding, sums);
      j = 1;
    }
    const int end = c1 < w - 1 ? c1 : w - 1;  // last column mirrors: C
    I acc[3] = {V::zero(), V::zero(), V::zero()};
    __m128i sub[3], sq_shift[3], cub_shift[3];
    I sq_add[3], cub_add[3];
    for (int b = 0; b < 3; ++b) {
      sub[b] = V::count(rounding[b].sub_shift);
      sq_shift[b] = V::count(rounding[b].sq_shift);
      cub_shift[b] = V::count(static_cast<int>(rounding[b].cub_shift));
      sq_add[b] = V::set1_epi64(rounding[b].sq_add);
      cub_add[b] = V::set1_epi64(rounding[b].cub_add);
    }
    for (; j + L <= end; j += L) {
      I thr = V::add_epi32(loadu32(m.nb_above + j - 1), loadu32(m.nb_above + j));
      thr = V::add_epi32(thr, loadu32(m.nb_above + j + 1));
      thr = V::add_epi32(thr, loadu32(m.nb + j - 1));
      thr = V::add_epi32(thr, loadu32(m.nb + j + 1));
      thr = V::add_epi32(thr, loadu32(m.nb_below + j - 1));
      thr = V::add_epi32(thr, loadu32(m.nb_below + j));
      thr = V::add_epi32(thr, loadu32(m.nb_below + j + 1));
      thr = V::add_epi32(thr, loadu32(m.centre + j));
      for (int b = 0; b < 3; ++b) {
        I v = V::sub_epi32(V::abs_epi32(loadu32(m.x[b] + j)), V::sll_epi32(thr, sub[b]));
        v = V::max_epi32(v, V::zero());
        // v * v (v >= 0) in 64 bits, rounded and shifted, keeps its low 32 bits (signed).
        const I v_odd = odd(v);
        const I sq_even = V::srl_epi64(V::add_epi64(V::mul_epu32(v, v), sq_add[b]), sq_shift[b]);
        const I sq_odd = V::srl_epi64(V::add_epi64(V::mul_epu32(v_odd, v_odd), sq_add[b]), sq_shift[b]);
        // sq * v with sq signed: mul_epi32 sign-extends the low dword of each lane.
        const I cube_even = V::add_epi64(V::mul_epi32(sq_even, v), cub_add[b]);
        const I cube_odd = V::add_epi64(V::mul_epi32(sq_odd, v_odd), cub_add[b]);
        acc[b] = V::add_epi64(acc[b], V::sra_epi64(cube_even, cub_shift[b]));
        acc[b] = V::add_epi64(acc[b], V::sra_epi64(cube_odd, cub_shift[b]));
      }
    }
    // int64 sums wrap as libvmaf's (add64): their order does not matter.
    for (int b = 0; b < 3; ++b) sums[b] = add64(sums[b], static_cast<std::int64_t>(V::reduce_add_epi64(acc[b])));
    if (j < c1) c_dsp().measure(m, j, c1, w, rounding, sums);
  }

  // -------------------------------------------------------------------------------
  // Scales 1..3 in 64-bit lanes: mul_epi32 multiplies the signed low dwords of each
  // qword, so the even columns are processed in place and the odd ones after a 32-bit
  // right shift; results come back as the low dword of each qword.
  struct Taps64 {
    I f[4];
    I add;
    __m128i shift;
  };

  static Taps64 make_taps(const std::int32_t (&f)[4], std::int32_t add, int shift) {
    return {{V::set1_epi32(f[0]), V::set1_epi32(f[1]), V::set1_epi32(f[2]), V::set1_epi32(f[3])},
            V::set1_epi64(add),
            V::count(shift)};
  }

  // (sum_t f[t] * s_t + add) >> shift on the low dwords of each qword.
  static I taps64(I s0, I s1, I s2, I s3, const Taps64& t) {
    I acc = V::add_epi64(V::mul_epi32(s0, t.f[0]), V::mul_epi32(s1, t.f[1]));
    acc = V::add_epi64(acc, V::mul_epi32(s2, t.f[2]));
    acc = V::add_epi64(acc, V::mul_epi32(s3, t.f[3]));
    return V::sra_epi64(V::add_epi64(acc, t.add), t.shift);
  }

  static void dwt123_vertical(const std::int32_t* const src[4], int n, std::int32_t add, int shift, std::int32_t* lo,
                              std::int32_t* hi) {
    const Taps64 tl = make_taps(kDwtLo, add, shift), th = make_taps(kDwtHi, add, shift);
    int j = 0;
    for (; j + L <= n; j += L) {
      const I s0 = loadu32(src[0] + j), s1 = loadu32(src[1] + j), s2 = loadu32(src[2] + j), s3 = loadu32(src[3] + j);
      const I o0 = odd(s0), o1 = odd(s1), o2 = odd(s2), o3 = odd(s3);
      V::storeu(lo + j, interleave(taps64(s0, s1, s2, s3, tl), taps64(o0, o1, o2, o3, tl)));
      if (hi) V::storeu(hi + j, interleave(taps64(s0, s1, s2, s3, th), taps64(o0, o1, o2, o3, th)));
    }
    if (j < n) {
      const std::int32_t* tail[4] = {src[0] + j, src[1] + j, src[2] + j, src[3] + j};
      c_dsp().dwt123_vertical(tail, n - j, add, shift, lo + j, hi ? hi + j : nullptr);
    }
  }

  // Outputs k .. k + L/2 - 1 of a padded row: qword m of p + 2k holds taps 0, 1 of
  // output k + m, qword m of p + 2k + 2 taps 2, 3.
  static I horizontal_half(const std::int32_t* p, const Taps64& t) {
    const I a = loadu32(p), b = loadu32(p + 2);
    return taps64(a, odd(a), b, odd(b), t);
  }
  static I horizontal32(const std::int32_t* p, const Taps64& t) {
    return V::compact_epi64_lo(horizontal_half(p, t), horizontal_half(p + L, t));
  }

  static void dwt123_horizontal(const std::int32_t* lo, const std::int32_t* hi, int n_a, std::int32_t* a, int c0,
                                int c1, std::int32_t add, int shift, BandRow<std::int32_t> out) {
    const Taps64 tl = make_taps(kDwtLo, add, shift), th = make_taps(kDwtHi, add, shift);
    // Loads read 2L + 2 elements from 2k: inside the padded row while k + L < n.
    int k = 0;
    for (; k + L < n_a; k += L) V::storeu(a + k, horizontal32(lo + 2 * k, tl));
    if (k < n_a) c_dsp().dwt123_horizontal(lo + 2 * k, nullptr, n_a - k, a + k, 0, 0, add, shift, out);
    if (!hi) return;
    k = c0;
    for (; k + L < c1; k += L) {
      V::storeu(out.v + k, horizontal32(lo + 2 * k, th));
      V::storeu(out.h + k, horizontal32(hi + 2 * k, tl));
      V::storeu(out.d + k, horizontal32(hi + 2 * k, th));
    }
    if (k < c1) {
      std::int32_t unused[1];
      c_dsp().dwt123_horizontal(lo, hi, 0, unused, k, c1, add, shift, out);
    }
  }

  // int64 to float with round-to-nearest-even, as cvtsi2ss, returned as the (exact)
  // double of that float. Values below 2^51 in magnitude (the usual ones) are exact as
  // doubles, made by adding 2^52 + 2^51 to the integer and subtracting it as a double,
  // and one rounding to float follows; otherwise the magnitude is rounded to 24
  // significant bits in integer arithmetic, then scaled.
  static D int64_to_float(I x) {
    const I biased = V::add_epi64(x, V::set1_epi64(std::int64_t{1} << 51));  // in [0, 2^52) when small
    const I out = V::or_(V::cmpgt_epi64(V::zero(), biased),
                         V::cmpgt_epi64(biased, V::set1_epi64((std::int64_t{1} << 52) - 1)));
    if (!V::all_zero(out)) return int64_to_float_any(x);
    const I magic = V::set1_epi64(0x4338000000000000LL);  // the double 2^52 + 2^51
    return V::round_to_float(V::sub_pd(V::castsi_pd(V::add_epi64(x, magic)), V::castsi_pd(magic)));
  }

  static D int64_to_float_any(I x) {
    const I zero = V::zero(), one = V::set1_epi64(1);
    const I sign = V::cmpgt_epi64(zero, x);
    const I a = V::sub_epi64(V::xor_(x, sign), sign);  // |x| (2^63 for INT64_MIN)
    // Exact doubles of values below 2^52 by the 2^52 bias trick.
    const I bias_bits = V::set1_epi64(0x4330000000000000LL);
    const D bias = V::castsi_pd(bias_bits);
    auto small_to_pd = [&](I v) { return V::sub_pd(V::castsi_pd(V::or_(v, bias_bits)), bias); };
    // floor(log2 |x|): the exponent of an approximate double, one too high when it
    // rounded up.
    const D approx = V::add_pd(V::mul_pd(small_to_pd(V::template srli_epi64<32>(a)), V::set1_pd(4294967296.0)),
                               small_to_pd(V::and_(a, V::set1_epi64(0xffffffffLL))));
    I e = V::sub_epi64(V::template srli_epi64<52>(V::castpd_si(approx)), V::set1_epi64(1023));
    e = V::add_epi64(e, V::cmpeq_epi64(V::srlv_epi64(a, e), zero));  // -1 where a >> e == 0
    // Keep 24 bits: drop = max(e - 23, 0), round half to even.
    I drop = V::sub_epi64(e, V::set1_epi64(23));
    drop = V::andnot(V::cmpgt_epi64(zero, drop), drop);
    const I unit = V::sllv_epi64(one, drop);
    I q = V::srlv_epi64(a, drop);
    const I rem = V::and_(a, V::sub_epi64(unit, one));
    const I half = V::template srli_epi64<1>(unit);
    const I tie = V::andnot(V::cmpeq_epi64(rem, zero),
                            V::and_(V::cmpeq_epi64(rem, half), V::cmpeq_epi64(V::and_(q, one), one)));
    q = V::sub_epi64(q, V::or_(V::cmpgt_epi64(rem, half), tie));
    const D scale = V::castsi_pd(V::template slli_epi64<52>(V::add_epi64(drop, V::set1_epi64(1023))));
    const D mag = V::mul_pd(small_to_pd(q), scale);
    return V::xor_pd(mag, V::castsi_pd(V::and_(sign, V::set1_epi64(INT64_MIN))));
  }

  // Scales 1..3: the angle test of the columns in the low dwords of each qword, from the
  // exact int64 dot product and squared norms (wrapping as libvmaf's int64 sums).
  // Returns the mask in each qword's low dword.
  static I angle_test64(I oh, I ov, I th, I tv, D cos_sq) {
    auto dot = [](I a, I b, I c, I d) { return V::add_epi64(V::mul_epi32(a, b), V::mul_epi32(c, d)); };
    return V::castpd_si(angle_test(int64_to_float(dot(oh, th, ov, tv)), int64_to_float(dot(oh, oh, ov, ov)),
                                   int64_to_float(dot(th, th, tv, tv)), cos_sq));
  }

  // Scale 1..3 decouple of L columns of one band. See decouple123 in adm_math.hpp.
  static DecoupleL decouple123_l(I o, I t, I angle_ok, const DecoupleParams& p) {
    const I zero = V::zero();
    const I abs_o = V::abs_epi32(o);  // 2^31 stays 0x80000000, as the C entry's uint32
    // floor(log2 |o|) from the exponent of the (exact) double; INT_MIN gives 31.
    auto exponent = [](H v) {
      const I bits = V::castpd_si(V::cvtepi32_pd(v));
      return V::sub_epi64(V::and_(V::template srli_epi64<52>(bits), V::set1_epi64(0x7ff)), V::set1_epi64(1023));
    };
    const I e = V::compact_epi64_lo(exponent(V::lo_half(abs_o)), exponent(V::hi_half(abs_o)));
    // |o| >= 32768 keeps its 15 leading bits (rounded) and shifts the rest into k's shift.
    const I big = V::cmpgt_epi32(e, V::set1_epi32(14));
    const I shift = V::and_(big, V::sub_epi32(e, V::set1_epi32(14)));
    const I one = V::set1_epi32(1);
    const I rounded = V::srlv_epi32(V::add_epi32(abs_o, V::sllv_epi32(one, V::sub_epi32(shift, one))), shift);
    const I msb = V::blendv(abs_o, rounded, big);
    const I div = V::gather_epi32(p.div_lookup, V::add_epi32(msb, V::set1_epi32(32768)));
    // (int32)(1u << (14 + shift)), sign-extended, and the shift 15 + shift.
    const I round32 = V::sllv_epi32(one, V::add_epi32(shift, V::set1_epi32(14)));
    const I count32 = V::add_epi32(shift, V::set1_epi32(15));
    const I neg = V::cmpgt_epi32(zero, o);
    const I k_max = V::set1_epi64(32768);
    auto ratio = [&](I d, I tt, I r32, I c32, I n32) {
      I prod = V::mul_epi32(d, tt);
      const I neg64 = V::shuffle_epi32_a0(n32);  // low dword's mask over the qword
      prod = V::sub_epi64(V::xor_(prod, neg64), neg64);
      const I v = V::add_epi64(prod, V::mul_epi32(r32, V::set1_epi64(1)));
      const I cnt = V::and_(c32, V::set1_epi64(0xffffffff));
      const I sign = V::cmpgt_epi64(zero, v);
      I k = V::xor_(V::srlv_epi64(V::xor_(v, sign), cnt), sign);
      k = V::andnot(V::cmpgt_epi64(zero, k), k);
      return V::blendv(k, k_max, V::cmpgt_epi64(k, k_max));
    };
    const I k_even = ratio(div, t, round32, count32, neg);
    const I k_odd = ratio(odd(div), odd(t), odd(round32), odd(count32), odd(neg));
    const I o_zero = V::cmpeq_epi32(o, zero);
    const I k = V::blendv(interleave(k_even, k_odd), V::set1_epi32(32768), o_zero);
    // r = (k * o + 16384) >> 15 in 64 bits.
    const I r_add = V::set1_epi64(16384);
    const __m128i r_shift = V::count(15);
    I r = interleave(V::sra_epi64(V::add_epi64(V::mul_epi32(k, o), r_add), r_shift),
                     V::sra_epi64(V::add_epi64(V::mul_epi32(odd(k), odd(o)), r_add), r_shift));
    const I enhance = V::andnot(o_zero, V::and_(angle_ok, V::cmpgt_epi32(k, zero)));
    if (!V::all_zero(enhance)) {
      const D gain = V::set1_pd(p.gain_limit);
      const I o_pos = V::cmpgt_epi32(o, zero);
      auto enhanced = [&](H r_half, H t_half, H pos_half) {
        const D g = V::mul_pd(V::cvtepi32_pd(r_half), gain);
        const D td = V::cvtepi32_pd(t_half);
        const D pos = V::castsi_pd(V::cvtepi32_epi64(pos_half));
        return V::cvttpd_epi32(V::blendv_pd(V::max_pd(g, td), V::min_pd(g, td), pos));
      };
      const I e8 = V::combine(enhanced(V::lo_half(r), V::lo_half(t), V::lo_half(o_pos)),
                              enhanced(V::hi_half(r), V::hi_half(t), V::hi_half(o_pos)));
      r = V::blendv(r, e8, enhance);
    }
    return {r, V::sub_epi32(t, r)};
  }

  // csf123: (x * w + 2^27) >> 28 with w an unsigned Q32 weight.
  struct Csf123 {
    I w;
    bool high;  // w >= 2^31: the signed multiply needs x * 2^32 added back
  };

  static I csf123_half(I x, const Csf123& c) {
    I prod = V::mul_epi32(x, c.w);
    if (c.high) prod = V::add_epi64(prod, V::template slli_epi64<32>(V::mul_epi32(x, V::set1_epi64(1))));
    return V::sra_epi64(V::add_epi64(prod, V::set1_epi64(1 << 27)), V::count(28));
  }
  static I csf123_l(I x, const Csf123& c) { return interleave(csf123_half(x, c), csf123_half(odd(x), c)); }

  // (|c| * mul - 2^31) >> 32: the high dword of the 64-bit difference.
  static I masking123(I c, std::int32_t mul) {
    const I a = V::abs_epi32(c), m = V::set1_epi32(mul), bias = V::set1_epi64(2147483648LL);
    const I even = V::sub_epi64(V::mul_epu32(a, m), bias);
    const I odd_r = V::sub_epi64(V::mul_epu32(odd(a), m), bias);
    return V::blend_odd_epi32(V::template srli_epi64<32>(even), odd_r);
  }

  static void decouple123_row(BandRow<const std::int32_t> o, BandRow<const std::int32_t> t, int c0, int c1,
                              const DecoupleParams& p, const MaskRow& out) {
    const D cos_sq = V::set1_pd(static_cast<double>(p.cos_sq));
    Csf123 csf[3];
    for (int b = 0; b < 3; ++b)
      csf[b] = {V::set1_epi32(static_cast<std::int32_t>(p.i_rfactor[b])), p.i_rfactor[b] >= 0x80000000u};
    auto step = [&](int j) {
      const I oh = loadu32(o.h + j), ov = loadu32(o.v + j), od = loadu32(o.d + j);
      const I th = loadu32(t.h + j), tv = loadu32(t.v + j), td = loadu32(t.d + j);
      const I angle_ok = interleave(angle_test64(oh, ov, th, tv, cos_sq),
                                    angle_test64(odd(oh), odd(ov), odd(th), odd(tv), cos_sq));
      const DecoupleL dc[3] = {decouple123_l(oh, th, angle_ok, p), decouple123_l(ov, tv, angle_ok, p),
                               decouple123_l(od, td, angle_ok, p)};
      I nb_dlm = V::zero(), ce_dlm = nb_dlm, nb_aim = nb_dlm, ce_aim = nb_dlm;
      for (int b = 0; b < 3; ++b) {
        const I cr = csf123_l(dc[b].r, csf[b]);
        const I ca = csf123_l(dc[b].a, csf[b]);
        V::storeu(out.x_dlm[b] + j, cr);
        V::storeu(out.x_aim[b] + j, ca);
        nb_dlm = V::add_epi32(nb_dlm, masking123(ca, 143165577));
        ce_dlm = V::add_epi32(ce_dlm, masking123(ca, 286331153));
        if (p.aim) {
          nb_aim = V::add_epi32(nb_aim, masking123(cr, 143165577));
          ce_aim = V::add_epi32(ce_aim, masking123(cr, 286331153));
        }
      }
      V::storeu(out.nb_dlm + j, nb_dlm);
      V::storeu(out.centre_dlm + j, ce_dlm);
      V::storeu(out.nb_aim + j, nb_aim);
      V::storeu(out.centre_aim + j, ce_aim);
    };
    int j = c0;
    for (; j + L <= c1; j += L) step(j);
    finish_row(j, c0, c1, step, [&] { c_dsp().decouple123(o, t, j, c1, p, out); });
  }

  // Cubes at scales 1..3: ((|x|^2 + 2^sq) >> sq) * |x|, rounded and shifted, in uint64.
  // The squared term can reach 2^32 + 1 (|x| = 2^31), so its high dword is multiplied
  // separately.
  static I den_cube_half(I a, __m128i sq_shift, I sq_add, I cub_add, __m128i cub_shift) {
    const I m = V::srl_epi64(V::add_epi64(V::mul_epu32(a, a), sq_add), sq_shift);
    const I prod = V::add_epi64(V::mul_epu32(m, a), V::template slli_epi64<32>(V::mul_epu32(odd(m), a)));
    return V::srl_epi64(V::add_epi64(prod, cub_add), cub_shift);
  }

  static void den123_row(BandRow<const std::int32_t> o, int c0, int c1, int scale, std::uint32_t cub_add,
                         std::uint32_t cub_shift, std::uint64_t (&sums)[3]) {
    const int sq = scale == 2 ? 30 : 31;
    const __m128i sq_shift = V::count(sq), c_shift = V::count(static_cast<int>(cub_shift));
    const I sq_add = V::set1_epi64(std::int64_t{1} << sq), c_add = V::set1_epi64(cub_add);
    const std::int32_t* bands[3] = {o.h, o.v, o.d};
    I acc[3] = {V::zero(), V::zero(), V::zero()};
    int j = c0;
    for (; j + L <= c1; j += L) {
      for (int b = 0; b < 3; ++b) {
        const I a = V::abs_epi32(loadu32(bands[b] + j));
        acc[b] = V::add_epi64(acc[b], den_cube_half(a, sq_shift, sq_add, c_add, c_shift));
        acc[b] = V::add_epi64(acc[b], den_cube_half(odd(a), sq_shift, sq_add, c_add, c_shift));
      }
    }
    for (int b = 0; b < 3; ++b) sums[b] += V::reduce_add_epi64(acc[b]);
    if (j < c1) c_dsp().den123(o, j, c1, scale, cub_add, cub_shift, sums);
  }

  // -------------------------------------------------------------------------------
  // Cubes of the reference bands: |x|^2 fits 32 bits, the cube is formed in 64.
  static void den0_row(BandRow<const std::int16_t> o, int c0, int c1, std::uint64_t (&sums)[3]) {
    const std::int16_t* bands[3] = {o.h, o.v, o.d};
    int j = c0;
    I acc[3] = {V::zero(), V::zero(), V::zero()};
    for (; j + L <= c1; j += L) {
      for (int b = 0; b < 3; ++b) {
        const I a = V::abs_epi32(load16_as32(bands[b] + j));
        const I sq = V::mullo_epi32(a, a);
        acc[b] = V::add_epi64(acc[b], V::mul_epu32(sq, a));
        acc[b] = V::add_epi64(acc[b], V::mul_epu32(odd(sq), odd(a)));
      }
    }
    for (int b = 0; b < 3; ++b) sums[b] += V::reduce_add_epi64(acc[b]);
    if (j < c1) c_dsp().den0(o, j, c1, sums);
  }

  static void int64_to_float_row(const std::int64_t* in, float* out, int n) {
    constexpr int kQ = L / 2;  // int64 lanes
    for (int i = 0; i < n; i += kQ) {
      alignas(64) std::int64_t v[kQ] = {};
      for (int k = 0; k < kQ && i + k < n; ++k) v[k] = in[i + k];
      alignas(64) double d[kQ];
      const D r = int64_to_float(V::loadu(v));
      std::memcpy(d, &r, sizeof d);
      for (int k = 0; k < kQ && i + k < n; ++k) out[i + k] = static_cast<float>(d[k]);
    }
  }

  FVMAF_DSP_FILL static void fill(Dsp& d) {
    d.dwt0_vertical_u8 = dwt0_vertical<std::uint8_t>;
    d.dwt0_vertical_u16 = dwt0_vertical<std::uint16_t>;
    d.dwt0_horizontal = dwt0_horizontal;
    d.dwt123_vertical = dwt123_vertical;
    d.dwt123_horizontal = dwt123_horizontal;
    d.decouple0 = decouple0_row;
    d.decouple123 = decouple123_row;
    d.measure = measure_row;
    d.den0 = den0_row;
    d.den123 = den123_row;
    d.int64_to_float = int64_to_float_row;
  }
};

}  // namespace fastvmaf::adm::simd_entries
