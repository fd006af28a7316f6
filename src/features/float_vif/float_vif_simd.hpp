// Float VIF's SIMD entries, written once for both vector widths (core/simd.hpp):
// float_vif_avx2.cpp instantiates them for V256, float_vif_avx512.cpp for V512. Every
// operation is an IEEE operation of the C entries (float_vif_dsp.cpp), lane by lane, in
// the same order; nothing is contracted. L = V::kLanes32 pixels at a time.
//
//  - vertical5: L outputs keep their five sums (two means, two squares, the product)
//    in registers across the taps, each from 0 in tap order; every sample is read once
//    per tap. The tail is the same sums one output at a time.
//  - statistic: the per-pixel statistic of L pixels, libvmaf's if-blocks as blends
//    (float_vif_math.hpp computes both sides too), the two quotients that involve the
//    double vif_sigma_nsq in double lanes (two halves of L / 2) and narrowed once, and
//    log2f_approx on the float bits; where every lane of a vector is below the noise
//    floor, only that branch's values. The tail goes to the C entry.
#pragma once

#include <limits>

#include "core/simd.hpp"
#include "features/float_vif/float_vif_dsp.hpp"

namespace fastvmaf::float_vif::simd_entries {

template <class V>
struct Kernels {
  using F = typename V::F;
  using D = typename V::D;
  static constexpr int L = V::kLanes32;

  static void vertical5(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                        float* const* out) {
    unsigned j0 = 0;
    for (; j0 + L <= w; j0 += L) {
      F s1 = V::zero_ps(), s2 = s1, sxx = s1, syy = s1, sxy = s1;
      for (int k = 0; k < n; ++k) {
        const F t = V::set1_ps(taps[k]);
        const F x = V::loadu_ps(a[k] + j0);
        const F y = V::loadu_ps(b[k] + j0);
        s1 = V::add_ps(s1, V::mul_ps(t, x));
        s2 = V::add_ps(s2, V::mul_ps(t, y));
        sxx = V::add_ps(sxx, V::mul_ps(t, V::mul_ps(x, x)));
        syy = V::add_ps(syy, V::mul_ps(t, V::mul_ps(y, y)));
        sxy = V::add_ps(sxy, V::mul_ps(t, V::mul_ps(x, y)));
      }
      V::storeu_ps(out[0] + j0, s1);
      V::storeu_ps(out[1] + j0, s2);
      V::storeu_ps(out[2] + j0, sxx);
      V::storeu_ps(out[3] + j0, syy);
      V::storeu_ps(out[4] + j0, sxy);
    }
    for (unsigned j = j0; j < w; ++j) {
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

  // Where mask, if_true, else if_false.
  static F select(F mask, F if_true, F if_false) { return V::blendv_ps(if_false, if_true, mask); }

  // log2_approx of L floats.
  static F log2_approx(F x) {
    const auto u = V::castps_si(x);
    const auto exponent = V::template srli_epi32<23>(V::and_(u, V::set1_epi32(0x7F800000)));
    const F remain = V::castsi_ps(V::or_(V::and_(u, V::set1_epi32(0x007FFFFF)), V::set1_epi32(0x3F800000)));
    const F base = V::cvtepi32_ps(V::sub_epi32(exponent, V::set1_epi32(127)));
    const F t = V::sub_ps(remain, V::set1_ps(1.0f));
    // The coefficients as constants (log2_poly is evaluated here, at compile time).
    constexpr float kPoly[kLog2PolyTerms] = {log2_poly(0), log2_poly(1), log2_poly(2), log2_poly(3), log2_poly(4),
                                             log2_poly(5), log2_poly(6), log2_poly(7), log2_poly(8)};
    F poly = V::zero_ps();
    for (float c : kPoly) poly = V::add_ps(V::mul_ps(poly, t), V::set1_ps(c));
    F r = V::add_ps(base, poly);
    const F zero = V::zero_ps();
    r = select(V::cmplt_ps(x, zero), V::set1_ps(std::numeric_limits<float>::quiet_NaN()), r);
    return select(V::cmpeq_ps(x, zero), V::set1_ps(-std::numeric_limits<float>::infinity()), r);
  }

  // (float)(1.0f + (double)num / ((double)den_f + den_d)) per lane.
  static F one_plus_quotient(F num, F den_f, D den_d) {
    const D one = V::set1_pd(1.0);
    const D lo = V::add_pd(
        one, V::div_pd(V::cvtps_pd(V::lo_half_ps(num)), V::add_pd(V::cvtps_pd(V::lo_half_ps(den_f)), den_d)));
    const D hi = V::add_pd(
        one, V::div_pd(V::cvtps_pd(V::hi_half_ps(num)), V::add_pd(V::cvtps_pd(V::hi_half_ps(den_f)), den_d)));
    return V::combine_ps(V::cvtpd_ps(lo), V::cvtpd_ps(hi));
  }

  // (float)(1.0f + (double)num / den_d) per lane.
  static F one_plus_quotient(F num, D den_d) {
    const D one = V::set1_pd(1.0);
    const D lo = V::add_pd(one, V::div_pd(V::cvtps_pd(V::lo_half_ps(num)), den_d));
    const D hi = V::add_pd(one, V::div_pd(V::cvtps_pd(V::hi_half_ps(num)), den_d));
    return V::combine_ps(V::cvtpd_ps(lo), V::cvtpd_ps(hi));
  }

  // (double)x < d per lane, as a float mask.
  static F less_than(F x, D d) {
    return V::narrow_masks_pd(V::cmplt_pd(V::cvtps_pd(V::lo_half_ps(x)), d),
                              V::cmplt_pd(V::cvtps_pd(V::hi_half_ps(x)), d));
  }

  static void statistic(const float* const* in, unsigned w, const StatParams& p, float* num, float* den) {
    const F zero = V::zero_ps(), eps = V::set1_ps(1.0e-10f), one = V::set1_ps(1.0f);
    const F limit = V::set1_ps(p.gain_limit), max_inv = V::set1_ps(p.sigma_max_inv);
    const D nsq = V::set1_pd(p.sigma_nsq);
    unsigned j = 0;
    for (; j + L <= w; j += L) {
      const F mu1 = V::loadu_ps(in[0] + j), mu2 = V::loadu_ps(in[1] + j);
      const F xx = V::loadu_ps(in[2] + j), yy = V::loadu_ps(in[3] + j);
      const F xy = V::loadu_ps(in[4] + j);
      F s1 = V::sub_ps(xx, V::mul_ps(mu1, mu1));
      F s2 = V::sub_ps(yy, V::mul_ps(mu2, mu2));
      const F s12 = V::sub_ps(xy, V::mul_ps(mu1, mu2));
      s1 = select(V::cmpgt_ps(s1, zero), s1, zero);
      s2 = select(V::cmpgt_ps(s2, zero), s2, zero);
      const F flat_ref = V::cmplt_ps(s1, eps);
      const F s1_kept = select(flat_ref, zero, s1);
      // Below the noise floor the statistic is 1 - sigma2 / sigma_max and 1 (what the
      // selects at the end give those lanes); when every lane is, the quotients and
      // logarithms of the other branch are not needed.
      const F below_noise = less_than(s1_kept, nsq);
      if (V::all_true_ps(below_noise)) {
        V::storeu_ps(num + j, V::sub_ps(one, V::mul_ps(s2, max_inv)));
        V::storeu_ps(den + j, one);
        continue;
      }
      F g = V::div_ps(s12, V::add_ps(s1, eps));
      F sv = V::sub_ps(s2, V::mul_ps(g, s12));
      g = select(flat_ref, zero, g);
      sv = select(flat_ref, s2, sv);
      s1 = s1_kept;
      const F flat_dis = V::cmplt_ps(s2, eps);
      g = select(flat_dis, zero, g);
      sv = select(flat_dis, zero, sv);
      const F negative = V::cmplt_ps(g, zero);
      sv = select(negative, s2, sv);
      g = select(negative, zero, g);
      sv = select(V::cmpgt_ps(sv, eps), sv, eps);
      g = select(V::cmplt_ps(g, limit), g, limit);
      F nv = log2_approx(one_plus_quotient(V::mul_ps(V::mul_ps(g, g), s1), sv, nsq));
      F dv = log2_approx(one_plus_quotient(s1, nsq));
      nv = select(V::cmplt_ps(s12, zero), zero, nv);
      nv = select(below_noise, V::sub_ps(one, V::mul_ps(s2, max_inv)), nv);
      dv = select(below_noise, one, dv);
      V::storeu_ps(num + j, nv);
      V::storeu_ps(den + j, dv);
    }
    if (j == w) return;
    const float* tail[5] = {in[0] + j, in[1] + j, in[2] + j, in[3] + j, in[4] + j};
    c_dsp().statistic(tail, w - j, p, num + j, den + j);
  }

  // Baseline code, as the fill functions that call it (core/cpu.hpp).
  static FVMAF_DSP_FILL void fill(Dsp& d) {
    d.vertical5 = &vertical5;
    d.statistic = &statistic;
  }
};

}  // namespace fastvmaf::float_vif::simd_entries
