// Per-element arithmetic of libvmaf's float VIF (vif_tools.c): the fast log2
// (VIF_OPT_FAST_LOG2) and the per-pixel statistic (vif_statistic_s,
// vif_stat_mode 'matching_matlab'). float throughout, except where libvmaf adds the
// double vif_sigma_nsq: those quotients are taken in double and narrowed once.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_vif {

// Coefficient i (0..8, highest degree first) of log2f_approx's polynomial: double
// literals narrowed to float, as libvmaf's table is initialised. One copy for the C and
// the SIMD entries (float_vif_simd.hpp).
FVMAF_HD constexpr float log2_poly(int i) {
  constexpr float k[9] = {static_cast<float>(-0.012671635276421), static_cast<float>(0.064841182402670),
                          static_cast<float>(-0.157048836463065), static_cast<float>(0.257167726303123),
                          static_cast<float>(-0.353800560300520), static_cast<float>(0.480131410397451),
                          static_cast<float>(-0.721314327952201), static_cast<float>(1.442694803896991),
                          0.0f};
  return k[i];
}
inline constexpr int kLog2PolyTerms = 9;

// log2f_approx: the exponent, plus a degree-8 polynomial of the mantissa - 1
// (Horner's rule in float); -inf at 0 (either sign) and NaN below. Written without
// branches so that a loop over samples vectorises; every operation is libvmaf's, each an
// explicitly rounded float one (core/hd), so the twin's kernels compute the same bits. No
// libm: the polynomial is libvmaf's own (VIF_OPT_FAST_LOG2).
FVMAF_HD inline float log2_approx(float x) {
  const std::uint32_t u = hd::float_bits(x);
  const std::int32_t exponent = static_cast<std::int32_t>((u & 0x7F800000u) >> 23);
  const float remain = hd::bits_float((u & 0x007FFFFFu) | 0x3F800000u);
  const float base = hd::int_to_float_rn(exponent - 127);
  const float t = hd::fsub_rn(remain, 1.0f);
  float poly = 0;
  for (int i = 0; i < kLog2PolyTerms; ++i) poly = hd::fadd_rn(hd::fmul_rn(poly, t), log2_poly(i));
  float r = hd::fadd_rn(base, poly);
  r = x < 0 ? hd::bits_float(0x7fc00000u) : r;   // quiet NaN
  return x == 0 ? hd::bits_float(0xff800000u) : r;  // -inf
}

// Constants of one scale's statistic.
struct StatParams {
  float gain_limit;       // (float) vif_enhn_gain_limit
  double sigma_nsq;       // vif_sigma_nsq, double as in libvmaf
  float sigma_max_inv;    // powf(sigma_nsq, 2) / (255 * 255), as float
};

// One pixel's num and den from the filtered means (mu1, mu2), second moments (xx, yy)
// and cross moment (xy) of the reference and distorted images, with the double type F
// (double, or hd::SoftF64 on devices without fp64: the same bits). libvmaf's if-blocks
// are selects here (every value they choose between is computed either way there too),
// so that a loop over pixels vectorises with the same results. Every operation is
// libvmaf's in its type and order, explicitly rounded (core/hd); in double: the two
// quotients with vif_sigma_nsq, their 1.0f +, the narrowing, and the noise comparison.
template <class F>
FVMAF_HD inline void statistic_in(float mu1, float mu2, float xx, float yy, float xy, float gain_limit, F sigma_nsq,
                                  float sigma_max_inv, float& num, float& den) {
  using hd::fadd_rn, hd::fsub_rn, hd::fmul_rn, hd::fdiv_rn;
  constexpr float eps = 1.0e-10f;
  float sigma1_sq = fsub_rn(xx, fmul_rn(mu1, mu1));
  float sigma2_sq = fsub_rn(yy, fmul_rn(mu2, mu2));
  const float sigma12 = fsub_rn(xy, fmul_rn(mu1, mu2));
  sigma1_sq = sigma1_sq > 0.0f ? sigma1_sq : 0.0f;  // MAX(sigma1_sq, 0.0f)
  sigma2_sq = sigma2_sq > 0.0f ? sigma2_sq : 0.0f;
  float g = fdiv_rn(sigma12, fadd_rn(sigma1_sq, eps));
  float sv_sq = fsub_rn(sigma2_sq, fmul_rn(g, sigma12));
  const bool flat_ref = sigma1_sq < eps;
  g = flat_ref ? 0.0f : g;
  sv_sq = flat_ref ? sigma2_sq : sv_sq;
  sigma1_sq = flat_ref ? 0.0f : sigma1_sq;
  const bool flat_dis = sigma2_sq < eps;
  g = flat_dis ? 0.0f : g;
  sv_sq = flat_dis ? 0.0f : sv_sq;
  const bool negative = g < 0.0f;
  sv_sq = negative ? sigma2_sq : sv_sq;
  g = negative ? 0.0f : g;
  sv_sq = sv_sq > eps ? sv_sq : eps;      // MAX(sv_sq, eps)
  g = g < gain_limit ? g : gain_limit;    // MIN(g, vif_enhn_gain_limit_f)
  // 1.0f + (double)(g * g * sigma1_sq) / ((double)sv_sq + vif_sigma_nsq), narrowed to float.
  const F one = F(1.0);
  const F s1 = hd::float_to_double<F>(sigma1_sq);
  const F gain = hd::float_to_double<F>(fmul_rn(fmul_rn(g, g), sigma1_sq));
  float n = log2_approx(hd::double_to_float_rn(
      hd::dadd_rn(one, hd::ddiv_rn(gain, hd::dadd_rn(hd::float_to_double<F>(sv_sq), sigma_nsq)))));
  float d = log2_approx(hd::double_to_float_rn(hd::dadd_rn(one, hd::ddiv_rn(s1, sigma_nsq))));
  n = sigma12 < 0.0f ? 0.0f : n;
  const bool below_noise = s1 < sigma_nsq;
  n = below_noise ? fsub_rn(1.0f, fmul_rn(sigma2_sq, sigma_max_inv)) : n;
  d = below_noise ? 1.0f : d;
  num = n;
  den = d;
}

// The CPU's: statistic_in in double.
FVMAF_HD inline void statistic(float mu1, float mu2, float xx, float yy, float xy, const StatParams& p, float& num,
                               float& den) {
  statistic_in<double>(mu1, mu2, xx, yy, xy, p.gain_limit, p.sigma_nsq, p.sigma_max_inv, num, den);
}

}  // namespace fastvmaf::float_vif
