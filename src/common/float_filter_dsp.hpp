// The row functions of libvmaf's separable float filter (float_filter.hpp), one table
// filled for the CPU's flags (core/cpu.hpp): C entries first, then the AVX2 and AVX-512
// ones (float_filter_simd.hpp), each giving the C entry's bits for every input
// (tests/dsp checks it). Every float feature that filters with it (float_vif,
// float_motion) takes make_float_filter_dsp(cpu::active()) when it is made.
//
// The table lives here, beside the filter it serves, rather than in one feature's folder:
// features never include each other, and common may include core (core/cpu.hpp), as the
// layer check (tests/contract/check_layers.cmake) allows.
//
// Every output is acc = 0, then acc += tap[k] * x[k] for k = 0, 1, .. in float, with x a
// sample, its square (x * x) or a product of two images' samples (a * b): libvmaf's
// vif_filter1d_s, _sq_s, _xy_s and convolution_f32_c_s. Nothing is contracted.
#pragma once

#include "core/cpu.hpp"

namespace fastvmaf::common {

struct FloatFilterDsp {
  // out[j] = sum_k taps[k] * rows[k][j] for j < w; `rows` holds n row pointers, already
  // reflected (reflected_rows).
  void (*vertical)(const float* taps, int n, const float* const* rows, unsigned w, float* out);
  // The same of squares: taps[k] * (x * x).
  void (*vertical_squares)(const float* taps, int n, const float* const* rows, unsigned w, float* out);
  // The same of products of two images: taps[k] * (a * b).
  void (*vertical_products)(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                            float* out);
  // out[j] = sum_k taps[k] * in[reflect(j - n / 2 + k, w)] for j < w (n odd).
  void (*horizontal)(const float* taps, int n, const float* in, unsigned w, float* out);
};

// The table for `flags` (usually cpu::active()).
FloatFilterDsp make_float_filter_dsp(cpu::Flags flags);
// The C entries (the SIMD entries' tails and borders use them too).
const FloatFilterDsp& c_float_filter_dsp();
void fill_float_filter_dsp_avx2(FloatFilterDsp& d);    // float_filter_avx2.cpp
void fill_float_filter_dsp_avx512(FloatFilterDsp& d);  // float_filter_avx512.cpp

}  // namespace fastvmaf::common
