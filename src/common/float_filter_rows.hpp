// The row kernels of the separable float filter (float_filter.hpp) in portable C++, as
// a template on an instruction-set tag: float_filter.cpp instantiates them for the
// baseline target; float_filter_avx2.cpp writes the bulk of each row with AVX2
// intrinsics and takes the borders and tails from its own instantiation. Every output
// is the same float sum in the same order either way (nothing is contracted), so both
// give the same bits.
#pragma once

#include "common/float_filter.hpp"

namespace fastvmaf::common {

template <class Isa>
struct FilterRows {
  // common::reflect, repeated here so that an AVX2 build of it is this template's own.
  static int reflect(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * n - i - 2 : i); }

  // Each output's sum is from 0 in tap order; the loops over outputs are innermost,
  // so a compiler may vectorise them without reordering any sum.
  static void vertical(const float* taps, int n, const float* const* rows, unsigned w, float* __restrict out) {
    for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float t = taps[k];
      const float* __restrict s = rows[k];
      for (unsigned j = 0; j < w; ++j) out[j] += t * s[j];
    }
  }

  static void vertical_squares(const float* taps, int n, const float* const* rows, unsigned w,
                               float* __restrict out) {
    for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float t = taps[k];
      const float* __restrict s = rows[k];
      for (unsigned j = 0; j < w; ++j) out[j] += t * (s[j] * s[j]);
    }
  }

  static void vertical_products(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                                float* __restrict out) {
    for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float t = taps[k];
      const float* __restrict x = a[k];
      const float* __restrict y = b[k];
      for (unsigned j = 0; j < w; ++j) out[j] += t * (x[j] * y[j]);
    }
  }

  // One output of the horizontal pass, its taps reflected at the borders.
  static float horizontal_at(const float* taps, int n, const float* in, int w, int j) {
    const int r = n / 2;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) acc += taps[k] * in[reflect(j - r + k, w)];
    return acc;
  }

  static void horizontal(const float* taps, int n, const float* __restrict in, unsigned w, float* __restrict out) {
    const int r = n / 2, wi = static_cast<int>(w);
    if (wi <= 2 * r) {
      for (int j = 0; j < wi; ++j) out[j] = horizontal_at(taps, n, in, wi, j);
      return;
    }
    for (int j = 0; j < r; ++j) out[j] = horizontal_at(taps, n, in, wi, j);
    for (int j = r; j < wi - r; ++j) out[j] = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float t = taps[k];
      const float* __restrict s = in + k - r;
      for (int j = r; j < wi - r; ++j) out[j] += t * s[j];
    }
    for (int j = wi - r; j < wi; ++j) out[j] = horizontal_at(taps, n, in, wi, j);
  }

  static constexpr FilterKernels table() {
    return {&vertical, &vertical_squares, &vertical_products, &horizontal};
  }
};

}  // namespace fastvmaf::common
