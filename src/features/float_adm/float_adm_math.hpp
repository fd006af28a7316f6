// Per-element arithmetic of libvmaf's float ADM (adm_tools.c, adm_tools.h): the db2
// filters, the decouple step (with libvmaf's reciprocal-based division), the CSF's
// masking weight and the 3x3 masking threshold. float throughout, except where
// libvmaf mixes in a double (the gain limit, the 1/30 and 1/15 constants): those
// operations are done in double and narrowed once, as C does.
//
// The routines that a twin's kernels also compute (gpu/float_adm_work.hpp) are written
// once, FVMAF_HD, over the double type F (double, or hd::SoftF64 where the device has no
// fp64: the same bits) with every operation explicitly rounded (core/hd); the CPU's C
// entries call them with F = double and the hardware's reciprocal estimate, the twin with
// its table of this host's estimate (core/hd/rcp_estimate.hpp).
#pragma once

#include <cmath>

#if defined(__SSE2__) && !defined(FVMAF_DEVICE_PASS) && !defined(FVMAF_SYCL_UNIT)
#include <xmmintrin.h>
#endif

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_adm {

// dwt2_db2_coeffs_lo_s / _hi_s: double literals narrowed to float. dwt_coeff reads them
// in device code too (a host array cannot be read there): kDwtLo / kDwtHi are its values.
FVMAF_HD constexpr float dwt_coeff(bool high, int i) {
  constexpr float lo[4] = {static_cast<float>(0.482962913144690), static_cast<float>(0.836516303737469),
                           static_cast<float>(0.224143868041857), static_cast<float>(-0.129409522550921)};
  constexpr float hi[4] = {static_cast<float>(-0.129409522550921), static_cast<float>(-0.224143868041857),
                           static_cast<float>(0.836516303737469), static_cast<float>(-0.482962913144690)};
  return high ? hi[i] : lo[i];
}
inline constexpr float kDwtLo[4] = {dwt_coeff(false, 0), dwt_coeff(false, 1), dwt_coeff(false, 2), dwt_coeff(false, 3)};
inline constexpr float kDwtHi[4] = {dwt_coeff(true, 0), dwt_coeff(true, 1), dwt_coeff(true, 2), dwt_coeff(true, 3)};

// FLOAT_ONE_BY_30 and FLOAT_ONE_BY_15: double literals (not floats) in libvmaf.
inline constexpr double kOneBy30 = 0.0333333351;
inline constexpr double kOneBy15 = 0.0666666701;

// 4-tap filter sum from 0, taps ascending.
FVMAF_HD inline float dwt_tap(const float (&f)[4], float s0, float s1, float s2, float s3) {
  using hd::fadd_rn, hd::fmul_rn;
  float acc = 0;
  acc = fadd_rn(acc, fmul_rn(f[0], s0));
  acc = fadd_rn(acc, fmul_rn(f[1], s1));
  acc = fadd_rn(acc, fmul_rn(f[2], s2));
  acc = fadd_rn(acc, fmul_rn(f[3], s3));
  return acc;
}

// The source index of DWT tap t (0..3) of output n over an axis of `n_in` samples
// (dwt2_src_indices_filt_s): 2n - 1 + t, reflected at the start and mirrored with the
// edge repeated at the end.
FVMAF_HD inline int dwt_index(int n, int t, int n_in) {
  int k = 2 * n - 1 + t;
  if (k < 0) return -k;
  if (k >= n_in) k = 2 * n_in - k - 1;
  return k;
}

#if defined(__SSE2__) && !defined(FVMAF_DEVICE_PASS) && !defined(FVMAF_SYCL_UNIT)
// The hardware reciprocal estimate (rcpss) that libvmaf's DIVS refines.
inline float reciprocal_estimate(float d) { return _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d))); }
// libvmaf divides by the refined estimate on x86-64 (ADM_OPT_RECIP_DIVISION with SSE2).
inline constexpr bool kRecipDivision = true;
#else
inline float reciprocal_estimate(float d) { return 1.0f / d; }
inline constexpr bool kRecipDivision = false;
#endif

// libvmaf's DIVS(n, d) with the estimate xi of 1 / d: n times xi refined by one Newton step.
FVMAF_HD inline float divs_refined(float n, float d, float xi) {
  using hd::fadd_rn, hd::fmul_rn, hd::fsub_rn;
  return fmul_rn(n, fadd_rn(xi, fmul_rn(xi, fsub_rn(1.0f, fmul_rn(d, xi)))));
}

// libvmaf's DIVS(n, d) on x86-64: the hardware reciprocal estimate of d refined by one
// Newton step. Elsewhere libvmaf divides.
inline float divs(float n, float d) {
  if constexpr (kRecipDivision) return divs_refined(n, d, reciprocal_estimate(d));
  return n / d;
}

// |x|: the sign bit cleared.
FVMAF_HD inline float abs_f(float x) { return hd::bits_float(hd::float_bits(x) & 0x7fffffffu); }

// adm_decouple_s at one sample: the reference bands o (h, v, d) and distorted t give the
// restored bands r and the additive impairment a = t - r. `divide(n, d)` is DIVS.
template <class F, class Divide>
FVMAF_HD inline void decouple_in(const float (&o)[3], const float (&t)[3], F gain_limit, float cos_1deg_sq,
                                 const Divide& divide, float (&r)[3], float (&a)[3]) {
  using hd::fadd_rn, hd::fmul_rn, hd::fsub_rn;
  const float eps = static_cast<float>(1e-30);
  float rst[3];
  for (int b = 0; b < 3; ++b) {
    float k = divide(t[b], fadd_rn(o[b], eps));
    k = k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
    rst[b] = fmul_rn(k, o[b]);
  }
  // The angle between (oh, ov) and (th, tv) is below 1 degree (ADM_OPT_AVOID_ATAN).
  const float ot_dp = fadd_rn(fmul_rn(o[0], t[0]), fmul_rn(o[1], t[1]));
  const float o_mag_sq = fadd_rn(fmul_rn(o[0], o[0]), fmul_rn(o[1], o[1]));
  const float t_mag_sq = fadd_rn(fmul_rn(t[0], t[0]), fmul_rn(t[1], t[1]));
  const bool angle_flag =
      ot_dp >= 0.0f && fmul_rn(ot_dp, ot_dp) >= fmul_rn(fmul_rn(cos_1deg_sq, o_mag_sq), t_mag_sq);
  for (int b = 0; b < 3; ++b) {
    // MIN / MAX of the double product and the float band, stored back as float (the
    // comparisons of a float with 0.0 are exact in float).
    if (angle_flag && rst[b] > 0.0f) {
      const F g = hd::dmul_rn(hd::float_to_double<F>(rst[b]), gain_limit);
      const F tb = hd::float_to_double<F>(t[b]);
      rst[b] = hd::double_to_float_rn(g < tb ? g : tb);
    }
    if (angle_flag && rst[b] < 0.0f) {
      const F g = hd::dmul_rn(hd::float_to_double<F>(rst[b]), gain_limit);
      const F tb = hd::float_to_double<F>(t[b]);
      rst[b] = hd::double_to_float_rn(g > tb ? g : tb);
    }
    r[b] = rst[b];
    a[b] = fsub_rn(t[b], rst[b]);
  }
}

// The CPU's: decouple_in in double, with this CPU's DIVS (host code only: the kernels'
// sources, which include this header, take the twin's table instead).
#if !defined(__CUDACC__) && !defined(__HIPCC__)
inline void decouple(const float (&o)[3], const float (&t)[3], double gain_limit, float cos_1deg_sq, float (&r)[3],
                     float (&a)[3]) {
  decouple_in<double>(o, t, gain_limit, cos_1deg_sq, [](float n, float d) { return divs(n, d); }, r, a);
}
#endif

// adm_csf_s's filtered value of a CSF-weighted sample: 1/30 of its magnitude.
template <class F = double>
FVMAF_HD inline float masking_weight(float csf) {
  return hd::double_to_float_rn(hd::dmul_rn(F(kOneBy30), hd::float_to_double<F>(abs_f(csf))));
}

// One orientation's term of the masking threshold (ADM_CM_THRESH_S_*): the eight
// neighbours' masking weights and 1/15 of the centre's CSF magnitude, added in this
// order from 0 in float (the centre in double, narrowed once).
template <class F = double>
FVMAF_HD inline float threshold_term(const float* up, const float* mid, const float* down, int jm1, int j, int jp1,
                                     float centre_csf) {
  using hd::fadd_rn;
  float sum = 0;
  sum = fadd_rn(sum, up[jm1]);
  sum = fadd_rn(sum, up[j]);
  sum = fadd_rn(sum, up[jp1]);
  sum = fadd_rn(sum, mid[jm1]);
  sum = hd::double_to_float_rn(
      hd::dadd_rn(hd::float_to_double<F>(sum), hd::dmul_rn(F(kOneBy15), hd::float_to_double<F>(abs_f(centre_csf)))));
  sum = fadd_rn(sum, mid[jp1]);
  sum = fadd_rn(sum, down[jm1]);
  sum = fadd_rn(sum, down[j]);
  sum = fadd_rn(sum, down[jp1]);
  return sum;
}

// adm_cm_s's value of one sample with p = 3: max(|x * rfactor| - threshold, 0) cubed.
FVMAF_HD inline float cube_value(float x, float rfactor, float thr) {
  float v = hd::fsub_rn(abs_f(hd::fmul_rn(x, rfactor)), thr);
  v = v < 0.0f ? 0.0f : v;
  return hd::fmul_rn(hd::fmul_rn(v, v), v);
}

}  // namespace fastvmaf::float_adm
