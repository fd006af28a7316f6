// One output of libvmaf's separable float filter (float_filter.hpp), for the twins of the
// float extractors that filter (float_motion, float_vif) and for the CPU's border columns.
// The CPU's C entries (float_filter_dsp.cpp) define the order: every output is acc = 0,
// then acc += tap[k] * x[k] for k = 0, 1, .. in float, the rows reflected in the vertical
// pass and the columns in the horizontal one (mirror.hpp). Here each product and sum is an
// explicitly rounded float operation (core/hd), so a kernel computes the C entry's bits.
// `at(y, x)` gives the vertical pass's x[k]: a sample, its square (x * x) or a product of
// two images' samples (a * b), each already one rounded product; the horizontal pass reads
// the vertical results.
#pragma once

#include "common/mirror.hpp"
#include "core/hd.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::common {

// Output (y, x) of the vertical pass over an image of h rows.
template <class At>
FVMAF_HD inline float filter_vertical_at(const float* taps, int n, const At& at, int y, int x, int h) {
  const int r = n / 2;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc = hd::fadd_rn(acc, hd::fmul_rn(taps[k], at(reflect(y - r + k, h), x)));
  return acc;
}

// Output j of the horizontal pass over a row `in` of w samples.
FVMAF_HD inline float filter_horizontal_at(const float* taps, int n, const float* in, int w, int j) {
  const int r = n / 2;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc = hd::fadd_rn(acc, hd::fmul_rn(taps[k], in[reflect(j - r + k, w)]));
  return acc;
}

}  // namespace fastvmaf::common
