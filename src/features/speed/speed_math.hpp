// The arithmetic of one element of SpEED, shared by the CPU extractor and any device
// twin. Every routine mirrors libvmaf's float/double choices exactly: where libvmaf
// passes a float to a double libm function (log2, sqrt, exp, sin) or mixes a double
// literal into a float expression, the casts below spell out the same promotion.
// Callers compile with -ffp-contract=off, so no product is fused into an add.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/hd.hpp"
#include "features/speed/speed_params.hpp"

namespace fastvmaf::speed::math {

// picture_copy, the borders, the scalers and the Gaussian taps are src/common's
// (float_picture, mirror, resample_math, gaussian): float VIF and float motion share them.

// ---- filter taps ---------------------------------------------------------------

// One tap of vif_filter1d_s: acc += coefficient * sample, in float.
FVMAF_HD inline float tap(float acc, float coeff, float v) { return acc + coeff * v; }

// ---- est_params ----------------------------------------------------------------

// compute_cov_kernel_scalar's centred sample: (double)value - (double)mean.
FVMAF_HD inline double centred(float v, float mean) { return static_cast<double>(v) - static_cast<double>(mean); }

// One eigenvalue's term of a block's entropy (update_entropy): negative eigenvalues
// count as 0; log2 of the float L * S + sigma_nn, plus log2(2 pi e), added in double.
FVMAF_HD inline float add_entropy(float entropy, float eigenvalue, float variance, float sigma_nn,
                                  double log2_2pie) {
  const float l = eigenvalue < 0 ? 0.0f : eigenvalue;
  return static_cast<float>(static_cast<double>(entropy) +
                            (std::log2(static_cast<double>(l * variance + sigma_nn)) + log2_2pie));
}

// A block's variance estimate: sum over its 25 samples k of (x[k] * y[k]) / 25 in
// float, from k = 0 (compute_pointwise_product_and_division, then sum_columns). x is
// the solution of the linear system, y the block's samples, `stride` apart.
FVMAF_HD inline float block_variance(const float* x, const float* y, unsigned long stride) {
  const float n = static_cast<float>(kBlockElements);
  float s = (x[0] * y[0]) / n;
  for (int k = 1; k < kBlockElements; ++k) s += (x[k * stride] * y[k * stride]) / n;
  return s;
}

// A block's entropy: add_entropy over the 25 eigenvalues in order, from 0.
FVMAF_HD inline float block_entropy(const float* eigenvalues, float variance, float sigma_nn, double log2_2pie) {
  float h = 0.0f;
  for (int k = 0; k < kBlockElements; ++k) h = add_entropy(h, eigenvalues[k], variance, sigma_nn, log2_2pie);
  return h;
}

// The entropy of a block with no signal (get_speed_score's base_entropy).
FVMAF_HD inline float base_entropy(float sigma_nn, float nn_floor, double log2_2pie) {
  return static_cast<float>(static_cast<double>(kBlockElements) * (std::log2(static_cast<double>((1 + nn_floor) * sigma_nn)) + log2_2pie));
}

// get_speed_score's term of one block: |H_ref w_ref - H_dis w_dis| with the variance
// weights of speed_weight_var_mode (0..6); 0 when both entropies are below `base`.
FVMAF_HD inline float block_score(float h_ref, float h_dis, float s_ref, float s_dis, float base, int mode) {
  if (h_ref < base && h_dis < base) return 0.0f;
  const double log_ref = std::log2(static_cast<double>(1 + s_ref));
  const double log_dis = std::log2(static_cast<double>(1 + s_dis));
  double w_ref = log_ref, w_dis = log_dis;
  switch (mode) {
    case 0: break;
    case 1: w_dis = log_ref; break;
    case 2: w_ref = log_dis; break;
    case 3: w_ref = w_dis = std::log2(1 + (s_ref + s_dis) / 2.0); break;
    case 4: w_dis = std::log2(1 + (s_ref + s_dis) / 2.0); break;
    case 5: w_dis = std::log2(1 + (0.75 * s_ref + 0.25 * s_dis)); break;
    default: w_dis = std::log2(1 + (0.25 * s_ref + 0.75 * s_dis)); break;  // 6
  }
  const float spatial_ref = static_cast<float>(h_ref * w_ref);
  const float spatial_dis = static_cast<float>(h_dis * w_dis);
  return std::fabs(spatial_ref - spatial_dis);
}

}  // namespace fastvmaf::speed::math
