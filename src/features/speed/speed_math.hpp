// The arithmetic of one element of SpEED, shared by the CPU extractor and any device
// twin. Every routine mirrors libvmaf's float/double choices exactly: where libvmaf
// passes a float to a double libm function (log2) or mixes a double literal into a
// float expression, the casts below spell out the same promotion. No libm call is left
// here: what the host alone computes with libm (the Gaussian taps, the prescale's
// weights) is src/common's.
// Callers compile with -ffp-contract=off, so no product is fused into an add. libm's
// log2 is hd::glibc_log2, glibc's log2 bit for bit on host and device (gpu/hd/log2.hpp).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "features/speed/speed_params.hpp"
#include "gpu/hd/bits.hpp"
#include "gpu/hd/log2.hpp"
#include "gpu/hd/rounding.hpp"

namespace fastvmaf::speed::math {

// ---- picture_copy (offset -128) ------------------------------------------------
// common::to_float (float_picture.hpp) spelled with gpu/hd's operations for the twin;
// speed_math_test holds them to its bits.

FVMAF_HD inline float sample_8bit(std::uint8_t v) {
  return hd::fadd_rn(hd::int_to_float_rn(v), static_cast<float>(kSampleOffset));
}

// 10, 12 and 16 bit samples are divided by 4, 16 or 256 first, in float.
FVMAF_HD inline float sample_hbd(std::uint16_t v, float divisor) {
  return hd::fadd_rn(hd::fdiv_rn(hd::int_to_float_rn(v), divisor), static_cast<float>(kSampleOffset));
}

// picture_copy's divisor for more than 8 bits: 4 at 10 bits, 16 at 12, else 256.
FVMAF_HD inline float sample_divisor(unsigned bpc) { return bpc == 10 ? 4.0f : bpc == 12 ? 16.0f : 256.0f; }

// ---- prescale ------------------------------------------------------------------
// The tables these read (source coordinates and weights per output sample) are
// common::make_resample_axis's, made on the host. The samples are the operations of
// common/resample_math.hpp's bilinear_blend, bicubic_sample and lanczos4_sample in the
// same order, spelled here with gpu/hd's rounded operations for the twin (src/common
// may not include gpu/hd); speed_math_test holds them to common's bits.

// vif_scale_frame_bilinear_apply_s for one output sample.
FVMAF_HD inline float bilinear_blend(float a11, float a12, float a21, float a22, float dx, float dy) {
  using hd::fadd_rn, hd::fmul_rn, hd::fsub_rn;
  const float ry = fsub_rn(1.0f, dy), rx = fsub_rn(1.0f, dx);
  const float s = fadd_rn(fmul_rn(fmul_rn(ry, rx), a11), fmul_rn(fmul_rn(ry, dx), a12));
  return fadd_rn(fadd_rn(s, fmul_rn(fmul_rn(dy, rx), a21)), fmul_rn(fmul_rn(dy, dx), a22));
}

// One output sample of the bicubic (taps = 4) interpolation: weights multiplied per
// tap, accumulated row (y) major. `at(y, x)` reads the source (the CPU's plane, or the
// device twin's samples).
template <typename At>
FVMAF_HD inline float bicubic_sample_at(const At& at, const int* xi, const float* wx, const int* yi, const float* wy) {
  float v = 0.0f;
  for (int j = 0; j < 4; ++j)
    for (int i = 0; i < 4; ++i) v = hd::fadd_rn(v, hd::fmul_rn(at(yi[j], xi[i]), hd::fmul_rn(wx[i], wy[j])));
  return v;
}

// One output sample of the lanczos4 (9 taps) interpolation, normalised by the float
// sum of its 81 weights.
template <typename At>
FVMAF_HD inline float lanczos4_sample_at(const At& at, const int* xi, const float* wx, const int* yi, const float* wy) {
  float v = 0.0f, wsum = 0.0f;
  for (int j = 0; j < 9; ++j)
    for (int i = 0; i < 9; ++i) {
      const float w = hd::fmul_rn(wx[i], wy[j]);
      wsum = hd::fadd_rn(wsum, w);
      v = hd::fadd_rn(v, hd::fmul_rn(at(yi[j], xi[i]), w));
    }
  return hd::fdiv_rn(v, wsum);
}

// A plane of floats as bicubic_sample_at and lanczos4_sample_at read it.
struct PlaneAt {
  const float* src;
  long stride;
  FVMAF_HD float operator()(int y, int x) const { return src[y * stride + x]; }
};

FVMAF_HD inline float bicubic_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                     const float* wy) {
  return bicubic_sample_at(PlaneAt{src, stride}, xi, wx, yi, wy);
}

FVMAF_HD inline float lanczos4_sample(const float* src, long stride, const int* xi, const float* wx, const int* yi,
                                      const float* wy) {
  return lanczos4_sample_at(PlaneAt{src, stride}, xi, wx, yi, wy);
}

// ---- filters ---------------------------------------------------------------------

// One tap of vif_filter1d_s: acc += coefficient * sample, in float.
FVMAF_HD inline float tap(float acc, float coeff, float v) { return hd::fadd_rn(acc, hd::fmul_rn(coeff, v)); }

// ---- est_params ----------------------------------------------------------------

// compute_cov_kernel_scalar's centred sample: (double)value - (double)mean.
FVMAF_HD inline double centred(float v, float mean) { return hd::dsub_rn(hd::float_to_double(v), hd::float_to_double(mean)); }

// One eigenvalue's term of a block's entropy (update_entropy): negative eigenvalues
// count as 0; log2 of the float L * S + sigma_nn, plus log2(2 pi e), added in double.
FVMAF_HD inline float add_entropy(float entropy, float eigenvalue, float variance, float sigma_nn,
                                  double log2_2pie) {
  const float l = eigenvalue < 0 ? 0.0f : eigenvalue;
  const double term = hd::dadd_rn(hd::glibc_log2(hd::float_to_double(hd::fadd_rn(hd::fmul_rn(l, variance), sigma_nn))),
                                  log2_2pie);
  return hd::double_to_float_rn(hd::dadd_rn(hd::float_to_double(entropy), term));
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
FVMAF_HD inline float block_entropy(const float* eigenvalues, float variance, float sigma_nn, double log2_2pie) {
  float h = 0.0f;
  for (int k = 0; k < kBlockElements; ++k) h = add_entropy(h, eigenvalues[k], variance, sigma_nn, log2_2pie);
  return h;
}

// The entropy of a block with no signal (get_speed_score's base_entropy).
FVMAF_HD inline float base_entropy(float sigma_nn, float nn_floor, double log2_2pie) {
  const double l = hd::glibc_log2(hd::float_to_double(hd::fmul_rn(hd::fadd_rn(1.0f, nn_floor), sigma_nn)));
  return hd::double_to_float_rn(hd::dmul_rn(static_cast<double>(kBlockElements), hd::dadd_rn(l, log2_2pie)));
}

// log2(1 + (a * s_ref + b * s_dis)) in double: speed_weight_var_mode's blends.
FVMAF_HD inline double log2_one_plus_blend(double a, float s_ref, double b, float s_dis) {
  const double blend = hd::dadd_rn(hd::dmul_rn(a, hd::float_to_double(s_ref)), hd::dmul_rn(b, hd::float_to_double(s_dis)));
  return hd::glibc_log2(hd::dadd_rn(1.0, blend));
}

// get_speed_score's term of one block: |H_ref w_ref - H_dis w_dis| with the variance
// weights of speed_weight_var_mode (0..6); 0 when both entropies are below `base`.
FVMAF_HD inline float block_score(float h_ref, float h_dis, float s_ref, float s_dis, float base, int mode) {
  if (h_ref < base && h_dis < base) return 0.0f;
  // log2(1 + s) of a float sum; log2(1 + (s_ref + s_dis) / 2.0) of a double.
  const double log_ref = hd::glibc_log2(hd::float_to_double(hd::fadd_rn(1.0f, s_ref)));
  const double log_dis = hd::glibc_log2(hd::float_to_double(hd::fadd_rn(1.0f, s_dis)));
  double w_ref = log_ref, w_dis = log_dis;
  switch (mode) {
    case 0: break;
    case 1: w_dis = log_ref; break;
    case 2: w_ref = log_dis; break;
    case 3:
    case 4: {
      const double mean = hd::glibc_log2(hd::dadd_rn(1.0, hd::ddiv_rn(hd::float_to_double(hd::fadd_rn(s_ref, s_dis)), 2.0)));
      w_dis = mean;
      if (mode == 3) w_ref = mean;
      break;
    }
    case 5: w_dis = log2_one_plus_blend(0.75, s_ref, 0.25, s_dis); break;
    default: w_dis = log2_one_plus_blend(0.25, s_ref, 0.75, s_dis); break;  // 6
  }
  const float spatial_ref = hd::double_to_float_rn(hd::dmul_rn(hd::float_to_double(h_ref), w_ref));
  const float spatial_dis = hd::double_to_float_rn(hd::dmul_rn(hd::float_to_double(h_dis), w_dis));
  return hd::bits_float(hd::float_bits(hd::fsub_rn(spatial_ref, spatial_dis)) & 0x7fffffffu);  // fabsf
}

}  // namespace fastvmaf::speed::math
