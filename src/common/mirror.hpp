// Border reflections of libvmaf's float filters and scalers.
#pragma once

#include "core/hd.hpp"

namespace fastvmaf::common {

// Reflection about the first and last sample without repeating it (-1 -> 1,
// n -> n - 2): vif_filter1d_s, convolution_edge_s and the integer filters. Stays in
// [0, n) for -n < i < 2n - 1.
FVMAF_HD inline int reflect(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * n - i - 2 : i); }

// The scalers' mirror(i, 0, last): the same reflection, evaluated in float.
FVMAF_HD inline float reflect_scaler(float i, float last) { return i < 0.0f ? -i : (i > last ? 2 * last - i : i); }

}  // namespace fastvmaf::common
