// Per-element arithmetic of libvmaf's float ADM (adm_tools.c, adm_tools.h): the db2
// filters, the decouple step (with libvmaf's reciprocal-based division), the CSF's
// masking weight and the 3x3 masking threshold. float throughout, except where
// libvmaf mixes in a double (the gain limit, the 1/30 and 1/15 constants): those
// operations are done in double and narrowed once, as C does.
#pragma once

#include <cmath>

#if defined(__SSE2__)
#include <xmmintrin.h>
#endif

namespace fastvmaf::float_adm {

// dwt2_db2_coeffs_lo_s / _hi_s: double literals narrowed to float.
inline constexpr float kDwtLo[4] = {static_cast<float>(0.482962913144690), static_cast<float>(0.836516303737469),
                                    static_cast<float>(0.224143868041857), static_cast<float>(-0.129409522550921)};
inline constexpr float kDwtHi[4] = {static_cast<float>(-0.129409522550921), static_cast<float>(-0.224143868041857),
                                    static_cast<float>(0.836516303737469), static_cast<float>(-0.482962913144690)};

// FLOAT_ONE_BY_30 and FLOAT_ONE_BY_15: double literals (not floats) in libvmaf.
inline constexpr double kOneBy30 = 0.0333333351;
inline constexpr double kOneBy15 = 0.0666666701;

// 4-tap filter sum from 0, taps ascending.
inline float dwt_tap(const float (&f)[4], float s0, float s1, float s2, float s3) {
  float acc = 0;
  acc += f[0] * s0;
  acc += f[1] * s1;
  acc += f[2] * s2;
  acc += f[3] * s3;
  return acc;
}

// The source index of DWT tap t (0..3) of output n over an axis of `n_in` samples
// (dwt2_src_indices_filt_s): 2n - 1 + t, reflected at the start and mirrored with the
// edge repeated at the end.
inline int dwt_index(int n, int t, int n_in) {
  int k = 2 * n - 1 + t;
  if (k < 0) return -k;
  if (k >= n_in) k = 2 * n_in - k - 1;
  return k;
}

#if defined(__SSE2__)
// The hardware reciprocal estimate (rcpss) that libvmaf's DIVS refines.
inline float reciprocal_estimate(float d) { return _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(d))); }
#else
inline float reciprocal_estimate(float d) { return 1.0f / d; }
#endif

// libvmaf's DIVS(n, d) on x86-64 (ADM_OPT_RECIP_DIVISION with SSE2): n times the
// hardware reciprocal estimate of d refined by one Newton step. Elsewhere libvmaf
// divides.
inline float divs(float n, float d) {
#if defined(__SSE2__)
  const float xi = reciprocal_estimate(d);
  return n * (xi + xi * (1.0f - d * xi));
#else
  return n / d;
#endif
}

// adm_decouple_s at one sample: the reference bands o (h, v, d) and distorted t give the
// restored bands r and the additive impairment a = t - r.
inline void decouple(const float (&o)[3], const float (&t)[3], double gain_limit, float cos_1deg_sq, float (&r)[3],
                     float (&a)[3]) {
  const float eps = static_cast<float>(1e-30);
  float rst[3];
  for (int b = 0; b < 3; ++b) {
    float k = divs(t[b], o[b] + eps);
    k = k < 0.0f ? 0.0f : (k > 1.0f ? 1.0f : k);
    rst[b] = k * o[b];
  }
  // The angle between (oh, ov) and (th, tv) is below 1 degree (ADM_OPT_AVOID_ATAN).
  const float ot_dp = o[0] * t[0] + o[1] * t[1];
  const float o_mag_sq = o[0] * o[0] + o[1] * o[1];
  const float t_mag_sq = t[0] * t[0] + t[1] * t[1];
  const bool angle_flag = ot_dp >= 0.0f && ot_dp * ot_dp >= cos_1deg_sq * o_mag_sq * t_mag_sq;
  for (int b = 0; b < 3; ++b) {
    // MIN / MAX of the double product and the float band, stored back as float.
    if (angle_flag && rst[b] > 0.0) {
      const double g = rst[b] * gain_limit;
      rst[b] = static_cast<float>(g < t[b] ? g : static_cast<double>(t[b]));
    }
    if (angle_flag && rst[b] < 0.0) {
      const double g = rst[b] * gain_limit;
      rst[b] = static_cast<float>(g > t[b] ? g : static_cast<double>(t[b]));
    }
    r[b] = rst[b];
    a[b] = t[b] - rst[b];
  }
}

// adm_csf_s's filtered value of a CSF-weighted sample: 1/30 of its magnitude.
inline float masking_weight(float csf) { return static_cast<float>(kOneBy30 * std::fabs(csf)); }

// One orientation's term of the masking threshold (ADM_CM_THRESH_S_*): the eight
// neighbours' masking weights and 1/15 of the centre's CSF magnitude, added in this
// order from 0 in float (the centre in double, narrowed once).
inline float threshold_term(const float* up, const float* mid, const float* down, int jm1, int j, int jp1,
                            float centre_csf) {
  float sum = 0;
  sum += up[jm1];
  sum += up[j];
  sum += up[jp1];
  sum += mid[jm1];
  sum = static_cast<float>(sum + kOneBy15 * std::fabs(centre_csf));
  sum += mid[jp1];
  sum += down[jm1];
  sum += down[j];
  sum += down[jp1];
  return sum;
}

}  // namespace fastvmaf::float_adm
