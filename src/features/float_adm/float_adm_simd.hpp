// Float ADM's SIMD entries, written once for both vector widths (core/simd.hpp):
// float_adm_avx2.cpp instantiates them for V256, float_adm_avx512.cpp for V512. Every
// operation is an IEEE operation of the C entries (float_adm_dsp.cpp, float_adm_math.hpp),
// lane by lane, in the same order; nothing is contracted. L = V::kLanes32 samples at a
// time; tails go to the C entries.
//
//  - dwt_vertical: L columns at a time, the C sums (from 0, taps ascending).
//  - dwt_horizontal: L outputs at a time from 2L consecutive samples split into their
//    even and odd elements (outputs j read samples 2j - 1 .. 2j + 2); the first output
//    and the last ones, whose sources reflect or mirror, are the C entry's.
//  - decouple: the reciprocal estimate is rcpps (V::rcp_ps), the packed form of the rcpss
//    that libvmaf's DIVS uses (the same table per lane; the reciprocal entry lets tests
//    check that on every run); the gain limit's MIN / MAX in double lanes, as C promotes
//    them; the masking weights as double products narrowed once.
//  - measure: the threshold of L interior samples from three unaligned loads per masker
//    row and orientation, added in libvmaf's order, the centre term in double; then the
//    measured values (their cubes for p = 3). The first and last columns (which mirror)
//    and other p-norms are the C entry's.
#pragma once

#include <cstddef>

#include "core/simd.hpp"
#include "features/float_adm/float_adm_dsp.hpp"
#include "features/float_adm/float_adm_math.hpp"

namespace fastvmaf::float_adm::simd_entries {

template <class V>
struct Kernels {
  using F = typename V::F;
  using D = typename V::D;
  static constexpr int L = V::kLanes32;

  // Where mask, if_true, else if_false.
  static F select(F mask, F if_true, F if_false) { return V::blendv_ps(if_false, if_true, mask); }

  // (float)(c * (double)x) per lane.
  static F scaled_in_double(F x, double c) {
    const D k = V::set1_pd(c);
    return V::combine_ps(V::cvtpd_ps(V::mul_pd(k, V::cvtps_pd(V::lo_half_ps(x)))),
                         V::cvtpd_ps(V::mul_pd(k, V::cvtps_pd(V::hi_half_ps(x)))));
  }

  // (float)((double)s + c * (double)x) per lane.
  static F add_scaled_in_double(F s, F x, double c) {
    const D k = V::set1_pd(c);
    const D lo = V::add_pd(V::cvtps_pd(V::lo_half_ps(s)), V::mul_pd(k, V::cvtps_pd(V::lo_half_ps(x))));
    const D hi = V::add_pd(V::cvtps_pd(V::hi_half_ps(s)), V::mul_pd(k, V::cvtps_pd(V::hi_half_ps(x))));
    return V::combine_ps(V::cvtpd_ps(lo), V::cvtpd_ps(hi));
  }

  // (float)(g < t ? g : t) (less) or (float)(g > t ? g : t) with g = (double)rst * gain
  // and t widened, per lane.
  template <bool kLess>
  static F limited(F rst, F t, D gain) {
    auto half = [&](auto r, auto tt) {
      const D g = V::mul_pd(V::cvtps_pd(r), gain);
      const D td = V::cvtps_pd(tt);
      return V::cvtpd_ps(V::blendv_pd(td, g, kLess ? V::cmplt_pd(g, td) : V::cmpgt_pd(g, td)));
    };
    return V::combine_ps(half(V::lo_half_ps(rst), V::lo_half_ps(t)), half(V::hi_half_ps(rst), V::hi_half_ps(t)));
  }

  // 0 + f0 s0 + f1 s1 + f2 s2 + f3 s3 in this order (dwt_tap; the 0 makes a -0 sum +0).
  static F tap4(const F (&f)[4], F s0, F s1, F s2, F s3) {
    F acc = V::add_ps(V::zero_ps(), V::mul_ps(f[0], s0));
    acc = V::add_ps(acc, V::mul_ps(f[1], s1));
    acc = V::add_ps(acc, V::mul_ps(f[2], s2));
    return V::add_ps(acc, V::mul_ps(f[3], s3));
  }
  // The taps as vectors (each element named, so that no table is referenced here).
  static void lo_taps(F (&f)[4]) {
    f[0] = V::set1_ps(kDwtLo[0]);
    f[1] = V::set1_ps(kDwtLo[1]);
    f[2] = V::set1_ps(kDwtLo[2]);
    f[3] = V::set1_ps(kDwtLo[3]);
  }
  static void hi_taps(F (&f)[4]) {
    f[0] = V::set1_ps(kDwtHi[0]);
    f[1] = V::set1_ps(kDwtHi[1]);
    f[2] = V::set1_ps(kDwtHi[2]);
    f[3] = V::set1_ps(kDwtHi[3]);
  }

  static void dwt_vertical(const float* const* rows, int n, float* lo, float* hi) {
    F fl[4], fh[4];
    lo_taps(fl);
    hi_taps(fh);
    const float *r0 = rows[0], *r1 = rows[1], *r2 = rows[2], *r3 = rows[3];
    int j = 0;
    for (; j + L <= n; j += L) {
      const F s0 = V::loadu_ps(r0 + j), s1 = V::loadu_ps(r1 + j), s2 = V::loadu_ps(r2 + j), s3 = V::loadu_ps(r3 + j);
      V::storeu_ps(lo + j, tap4(fl, s0, s1, s2, s3));
      if (hi) V::storeu_ps(hi + j, tap4(fh, s0, s1, s2, s3));
    }
    if (j == n) return;
    const float* tail[4] = {r0 + j, r1 + j, r2 + j, r3 + j};
    c_dsp().dwt_vertical(tail, n - j, lo + j, hi ? hi + j : nullptr);
  }

  // The four sources of outputs j .. j + L - 1: x[2j - 1 + 2i + t] for t = 0..3.
  static void sources(const float* x, int j, F (&s)[4]) {
    const float* p = x + 2 * j - 1;
    const F a0 = V::loadu_ps(p), a1 = V::loadu_ps(p + L);
    const F b0 = V::loadu_ps(p + 2), b1 = V::loadu_ps(p + 2 + L);
    s[0] = V::even_ps(a0, a1);
    s[1] = V::odd_ps(a0, a1);
    s[2] = V::even_ps(b0, b1);
    s[3] = V::odd_ps(b0, b1);
  }

  static void dwt_horizontal(const float* lo, const float* hi, int in_w, int j0, int j1, float* a, float* h, float* v,
                             float* d) {
    // Outputs 1 .. (in_w - 3) / 2 read 2j - 1 .. 2j + 2 inside the row.
    const int first = j0 > 1 ? j0 : 1;
    const int interior_end = in_w >= 3 ? (in_w - 3) / 2 + 1 : 0;
    const int last = j1 < interior_end ? j1 : interior_end;
    if (first >= last) return c_dsp().dwt_horizontal(lo, hi, in_w, j0, j1, a, h, v, d);
    if (j0 < first) c_dsp().dwt_horizontal(lo, hi, in_w, j0, first, a, h, v, d);
    F fl[4], fh[4];
    lo_taps(fl);
    hi_taps(fh);
    int j = first;
    for (; j + L <= last; j += L) {
      F s[4];
      sources(lo, j, s);
      V::storeu_ps(a + j, tap4(fl, s[0], s[1], s[2], s[3]));
      if (!hi) continue;
      V::storeu_ps(v + j, tap4(fh, s[0], s[1], s[2], s[3]));
      sources(hi, j, s);
      V::storeu_ps(h + j, tap4(fl, s[0], s[1], s[2], s[3]));
      V::storeu_ps(d + j, tap4(fh, s[0], s[1], s[2], s[3]));
    }
    if (j < j1) c_dsp().dwt_horizontal(lo, hi, in_w, j, j1, a, h, v, d);
  }

  static void decouple(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p,
                       float* const* weight_a, float* const* weight_r) {
    const F zero = V::zero_ps(), one = V::set1_ps(1.0f);
    const F eps = V::set1_ps(static_cast<float>(1e-30));
    const F cos_sq = V::set1_ps(p.cos_sq);
    const D gain = V::set1_pd(p.gain_limit);
    int j = j0;
    for (; j + L <= j1; j += L) {
      F ov[3], tv[3], rst[3];
      for (int b = 0; b < 3; ++b) {
        ov[b] = V::loadu_ps(o[b] + j);
        tv[b] = V::loadu_ps(t[b] + j);
        // DIVS(t, o + eps): t times the refined reciprocal.
        const F d = V::add_ps(ov[b], eps);
        const F xi = V::rcp_ps(d);
        const F rcp = V::add_ps(xi, V::mul_ps(xi, V::sub_ps(one, V::mul_ps(d, xi))));
        F k = V::mul_ps(tv[b], rcp);
        k = select(V::cmpgt_ps(k, one), one, k);
        k = select(V::cmplt_ps(k, zero), zero, k);
        rst[b] = V::mul_ps(k, ov[b]);
      }
      const F ot_dp = V::add_ps(V::mul_ps(ov[0], tv[0]), V::mul_ps(ov[1], tv[1]));
      const F o_mag = V::add_ps(V::mul_ps(ov[0], ov[0]), V::mul_ps(ov[1], ov[1]));
      const F t_mag = V::add_ps(V::mul_ps(tv[0], tv[0]), V::mul_ps(tv[1], tv[1]));
      const F flag = V::and_ps(V::cmpge_ps(ot_dp, zero),
                               V::cmpge_ps(V::mul_ps(ot_dp, ot_dp), V::mul_ps(V::mul_ps(cos_sq, o_mag), t_mag)));
      for (int b = 0; b < 3; ++b) {
        // rst > 0 first, then rst < 0 on the updated value, as the two if-blocks.
        F r = rst[b];
        r = select(V::and_ps(flag, V::cmpgt_ps(r, zero)), limited<true>(r, tv[b], gain), r);
        r = select(V::and_ps(flag, V::cmplt_ps(r, zero)), limited<false>(r, tv[b], gain), r);
        const F a = V::sub_ps(tv[b], r);
        V::storeu_ps(o[b] + j, r);
        V::storeu_ps(t[b] + j, a);
        const F rf = V::set1_ps(p.rfactor[b]);
        V::storeu_ps(weight_a[b] + j, scaled_in_double(V::abs_ps(V::mul_ps(rf, a)), kOneBy30));
        V::storeu_ps(weight_r[b] + j, scaled_in_double(V::abs_ps(V::mul_ps(rf, r)), kOneBy30));
      }
    }
    if (j < j1) c_dsp().decouple(o, t, j, j1, p, weight_a, weight_r);
  }

  static void measure(const MeasureRow& r, int j0, int j1, float* const* values) {
    // Columns 0 and w - 1 mirror their neighbours, and other p-norms call powf: the C
    // entry does those.
    const int lo = j0 > 1 ? j0 : 1;
    const int hi = j1 < r.w - 1 ? j1 : r.w - 1;
    if (!r.cube || lo >= hi) return c_dsp().measure(r, j0, j1, values);
    if (j0 < lo) c_dsp().measure(r, j0, lo, values);
    const F zero = V::zero_ps();
    int j = lo;
    for (; j + L <= hi; j += L) {
      F thr = zero;
      if (!r.bypass_cm) {
        for (int b = 0; b < 3; ++b) {
          F sum = zero;
          sum = V::add_ps(sum, V::loadu_ps(r.up[b] + j - 1));
          sum = V::add_ps(sum, V::loadu_ps(r.up[b] + j));
          sum = V::add_ps(sum, V::loadu_ps(r.up[b] + j + 1));
          sum = V::add_ps(sum, V::loadu_ps(r.mid[b] + j - 1));
          const F c = V::mul_ps(V::set1_ps(r.rfactor[b]), V::loadu_ps(r.centre[b] + j));
          sum = add_scaled_in_double(sum, V::abs_ps(c), kOneBy15);
          sum = V::add_ps(sum, V::loadu_ps(r.mid[b] + j + 1));
          sum = V::add_ps(sum, V::loadu_ps(r.down[b] + j - 1));
          sum = V::add_ps(sum, V::loadu_ps(r.down[b] + j));
          sum = V::add_ps(sum, V::loadu_ps(r.down[b] + j + 1));
          thr = V::add_ps(thr, sum);
        }
      }
      for (int b = 0; b < 3; ++b) {
        F v = V::sub_ps(V::abs_ps(V::mul_ps(V::loadu_ps(r.x[b] + j), V::set1_ps(r.rfactor[b]))), thr);
        v = select(V::cmplt_ps(v, zero), zero, v);
        V::storeu_ps(values[b] + (j - j0), V::mul_ps(V::mul_ps(v, v), v));
      }
    }
    if (j < j1) {
      float* rest[3] = {values[0] + (j - j0), values[1] + (j - j0), values[2] + (j - j0)};
      c_dsp().measure(r, j, j1, rest);
    }
  }

  // The tail through a full vector of ones, so that every lane is rcpps's.
  static void reciprocal(const float* in, std::size_t n, float* out) {
    std::size_t i = 0;
    for (; i + L <= n; i += L) V::storeu_ps(out + i, V::rcp_ps(V::loadu_ps(in + i)));
    if (i == n) return;
    float lane[L];
    for (int k = 0; k < L; ++k) lane[k] = i + k < n ? in[i + k] : 1.0f;
    V::storeu_ps(lane, V::rcp_ps(V::loadu_ps(lane)));
    for (std::size_t k = 0; i + k < n; ++k) out[i + k] = lane[k];
  }

  // Baseline code, as the fill functions that call it (core/cpu.hpp).
  static FVMAF_DSP_FILL void fill(Dsp& d) {
    d.dwt_vertical = &dwt_vertical;
    d.dwt_horizontal = &dwt_horizontal;
    d.decouple = &decouple;
    d.measure = &measure;
    d.reciprocal = &reciprocal;
  }
};

}  // namespace fastvmaf::float_adm::simd_entries
