// The separable float filter's SIMD entries, written once for both vector widths
// (core/simd.hpp): float_filter_avx2.cpp instantiates them for V256, float_filter_avx512.cpp
// for V512. L = V::kLanes32 outputs at a time keep their sums in a register across the
// taps: acc = 0, then acc += tap[k] * x[k] in tap order, the C entries' sums exactly
// (mul then add, never fused: the build does not contract). Tails and reflected borders
// are the same sums one output at a time.
#pragma once

#include "common/float_filter_dsp.hpp"
#include "core/simd.hpp"

namespace fastvmaf::common::float_filter_simd {

template <class V>
struct Filter {
  using F = typename V::F;
  static constexpr int L = V::kLanes32;

  enum class Kind { Plain, Squares, Products };

  // The term of tap k: x, x * x or x * y.
  template <Kind K>
  static F term(const float* const* a, const float* const* b, int k, unsigned j) {
    const F x = V::loadu_ps(a[k] + j);
    if constexpr (K == Kind::Squares) return V::mul_ps(x, x);
    if constexpr (K == Kind::Products) return V::mul_ps(x, V::loadu_ps(b[k] + j));
    return x;
  }

  template <Kind K>
  static void vertical_rows(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                            float* out) {
    unsigned j = 0;
    // Two vectors per pass share each tap's broadcast and interleave two sums.
    for (; j + 2 * L <= w; j += 2 * L) {
      F s0 = V::zero_ps(), s1 = s0;
      for (int k = 0; k < n; ++k) {
        const F t = V::set1_ps(taps[k]);
        s0 = V::add_ps(s0, V::mul_ps(t, term<K>(a, b, k, j)));
        s1 = V::add_ps(s1, V::mul_ps(t, term<K>(a, b, k, j + L)));
      }
      V::storeu_ps(out + j, s0);
      V::storeu_ps(out + j + L, s1);
    }
    for (; j + L <= w; j += L) {
      F s = V::zero_ps();
      for (int k = 0; k < n; ++k) s = V::add_ps(s, V::mul_ps(V::set1_ps(taps[k]), term<K>(a, b, k, j)));
      V::storeu_ps(out + j, s);
    }
    for (; j < w; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < n; ++k) {
        const float x = a[k][j];
        const float v = K == Kind::Squares ? x * x : K == Kind::Products ? x * b[k][j] : x;
        acc += taps[k] * v;
      }
      out[j] = acc;
    }
  }

  static void vertical(const float* taps, int n, const float* const* rows, unsigned w, float* out) {
    vertical_rows<Kind::Plain>(taps, n, rows, nullptr, w, out);
  }
  static void vertical_squares(const float* taps, int n, const float* const* rows, unsigned w, float* out) {
    vertical_rows<Kind::Squares>(taps, n, rows, nullptr, w, out);
  }
  static void vertical_products(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                                float* out) {
    vertical_rows<Kind::Products>(taps, n, a, b, w, out);
  }

  // One output with its taps reflected (common::reflect's reflection).
  static float reflected_at(const float* taps, int n, const float* in, int w, int j) {
    const int r = n / 2;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      const int i = j - r + k;
      acc += taps[k] * in[i < 0 ? -i : (i >= w ? 2 * w - i - 2 : i)];
    }
    return acc;
  }

  // The interior outputs [r, w - r) read in[j - r .. j + r] unreflected, L at a time;
  // the borders and the interior's tail one at a time.
  static void horizontal(const float* taps, int n, const float* in, unsigned w, float* out) {
    const int r = n / 2, wi = static_cast<int>(w);
    if (wi <= 2 * r) return c_float_filter_dsp().horizontal(taps, n, in, w, out);
    for (int j = 0; j < r; ++j) out[j] = reflected_at(taps, n, in, wi, j);
    const int end = wi - r;
    int j = r;
    for (; j + 2 * L <= end; j += 2 * L) {
      F s0 = V::zero_ps(), s1 = s0;
      const float* p = in + j - r;
      for (int k = 0; k < n; ++k) {
        const F t = V::set1_ps(taps[k]);
        s0 = V::add_ps(s0, V::mul_ps(t, V::loadu_ps(p + k)));
        s1 = V::add_ps(s1, V::mul_ps(t, V::loadu_ps(p + k + L)));
      }
      V::storeu_ps(out + j, s0);
      V::storeu_ps(out + j + L, s1);
    }
    for (; j + L <= end; j += L) {
      F s = V::zero_ps();
      const float* p = in + j - r;
      for (int k = 0; k < n; ++k) s = V::add_ps(s, V::mul_ps(V::set1_ps(taps[k]), V::loadu_ps(p + k)));
      V::storeu_ps(out + j, s);
    }
    for (; j < end; ++j) {
      float acc = 0.0f;
      const float* p = in + j - r;
      for (int k = 0; k < n; ++k) acc += taps[k] * p[k];
      out[j] = acc;
    }
    for (j = end; j < wi; ++j) out[j] = reflected_at(taps, n, in, wi, j);
  }

  // Baseline code, as the fill functions that call it (core/cpu.hpp).
  static FVMAF_DSP_FILL void fill(FloatFilterDsp& d) {
    d.vertical = &vertical;
    d.vertical_squares = &vertical_squares;
    d.vertical_products = &vertical_products;
    d.horizontal = &horizontal;
  }
};

}  // namespace fastvmaf::common::float_filter_simd
