// The arithmetic of one element of SpEED, shared by the CPU extractor and any device
// twin (picture_copy's conversion and the prescale's samples are src/common's:
// float_picture.hpp, resample_math.hpp). Every routine mirrors libvmaf's float/double
// choices exactly: where libvmaf passes a float to a double libm function (log2) or
// mixes a double literal into a float expression, the casts below spell out the same
// promotion. No libm call is left here: what the host alone computes with libm (the Gaussian taps, the prescale's
// weights) is src/common's.
// Callers compile with -ffp-contract=off, so no product is fused into an add. libm's
// log2 is hd::glibc_log2, glibc's log2 bit for bit on host and device (core/hd/log2.hpp).
// The routines computing in double are written over the real type F: double on the CPU
// and on devices with fp64, hd::SoftF64 (core/hd/f64.hpp: the same bits in integer
// arithmetic) in units built with FVMAF_SOFT_F64.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/log2.hpp"
#include "core/hd/rounding.hpp"
#include "features/speed/speed_params.hpp"

namespace fastvmaf::speed::math {

// ---- filters ---------------------------------------------------------------------

// One tap of vif_filter1d_s: acc += coefficient * sample, in float.
FVMAF_HD inline float tap(float acc, float coeff, float v) { return hd::fadd_rn(acc, hd::fmul_rn(coeff, v)); }

// ---- est_params ----------------------------------------------------------------

// compute_cov_kernel_scalar's centred sample: (double)value - (double)mean.
template <class F = hd::f64>
FVMAF_HD inline F centred(float v, float mean) {
  return hd::dsub_rn(hd::float_to_double<F>(v), hd::float_to_double<F>(mean));
}

// One eigenvalue's term of a block's entropy (update_entropy): negative eigenvalues
// count as 0; log2 of the float L * S + sigma_nn, plus log2(2 pi e), added in double.
template <class F>
FVMAF_HD inline float add_entropy(float entropy, float eigenvalue, float variance, float sigma_nn, F log2_2pie) {
  const float l = eigenvalue < 0 ? 0.0f : eigenvalue;
  const F term = hd::dadd_rn(hd::glibc_log2(hd::float_to_double<F>(hd::fadd_rn(hd::fmul_rn(l, variance), sigma_nn))),
                             log2_2pie);
  return hd::double_to_float_rn(hd::dadd_rn(hd::float_to_double<F>(entropy), term));
}

// A block's variance estimate: sum over its 25 samples k of (x[k] * y[k]) / 25 in
// float, from k = 0 (compute_pointwise_product_and_division, then sum_columns). x is
// the solution of the linear system, y the block's samples, `stride` apart.
FVMAF_HD inline float block_variance(const float* x, const float* y, unsigned long stride) {
  const float n = static_cast<float>(kBlockElements);
  float s = hd::fdiv_rn(hd::fmul_rn(x[0], y[0]), n);
  for (int k = 1; k < kBlockElements; ++k) s = hd::fadd_rn(s, hd::fdiv_rn(hd::fmul_rn(x[k * stride], y[k * stride]), n));
  return s;
}

// A block's entropy: add_entropy over the 25 eigenvalues in order, from 0.
template <class F>
FVMAF_HD inline float block_entropy(const float* eigenvalues, float variance, float sigma_nn, F log2_2pie) {
  float h = 0.0f;
  for (int k = 0; k < kBlockElements; ++k) h = add_entropy(h, eigenvalues[k], variance, sigma_nn, log2_2pie);
  return h;
}

// The entropy of a block with no signal (get_speed_score's base_entropy).
template <class F>
FVMAF_HD inline float base_entropy(float sigma_nn, float nn_floor, F log2_2pie) {
  const F l = hd::glibc_log2(hd::float_to_double<F>(hd::fmul_rn(hd::fadd_rn(1.0f, nn_floor), sigma_nn)));
  return hd::double_to_float_rn(hd::dmul_rn(F(static_cast<double>(kBlockElements)), hd::dadd_rn(l, log2_2pie)));
}

// log2(1 + (a * s_ref + b * s_dis)) in double: speed_weight_var_mode's blends.
template <class F>
FVMAF_HD inline F log2_one_plus_blend(F a, float s_ref, F b, float s_dis) {
  const F blend = hd::dadd_rn(hd::dmul_rn(a, hd::float_to_double<F>(s_ref)), hd::dmul_rn(b, hd::float_to_double<F>(s_dis)));
  return hd::glibc_log2(hd::dadd_rn(F(1.0), blend));
}

// get_speed_score's term of one block: |H_ref w_ref - H_dis w_dis| with the variance
// weights of speed_weight_var_mode (0..6); 0 when both entropies are below `base`.
template <class F = hd::f64>
FVMAF_HD inline float block_score(float h_ref, float h_dis, float s_ref, float s_dis, float base, int mode) {
  if (h_ref < base && h_dis < base) return 0.0f;
  // log2(1 + s) of a float sum; log2(1 + (s_ref + s_dis) / 2.0) of a double.
  const F log_ref = hd::glibc_log2(hd::float_to_double<F>(hd::fadd_rn(1.0f, s_ref)));
  const F log_dis = hd::glibc_log2(hd::float_to_double<F>(hd::fadd_rn(1.0f, s_dis)));
  F w_ref = log_ref, w_dis = log_dis;
  switch (mode) {
    case 0: break;
    case 1: w_dis = log_ref; break;
    case 2: w_ref = log_dis; break;
    case 3:
    case 4: {
      const F mean = hd::glibc_log2(hd::dadd_rn(F(1.0), hd::ddiv_rn(hd::float_to_double<F>(hd::fadd_rn(s_ref, s_dis)), F(2.0))));
      w_dis = mean;
      if (mode == 3) w_ref = mean;
      break;
    }
    case 5: w_dis = log2_one_plus_blend(F(0.75), s_ref, F(0.25), s_dis); break;
    default: w_dis = log2_one_plus_blend(F(0.25), s_ref, F(0.75), s_dis); break;  // 6
  }
  const float spatial_ref = hd::double_to_float_rn(hd::dmul_rn(hd::float_to_double<F>(h_ref), w_ref));
  const float spatial_dis = hd::double_to_float_rn(hd::dmul_rn(hd::float_to_double<F>(h_dis), w_dis));
  return hd::bits_float(hd::float_bits(hd::fsub_rn(spatial_ref, spatial_dis)) & 0x7fffffffu);  // fabsf
}

}  // namespace fastvmaf::speed::math
