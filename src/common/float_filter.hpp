// libvmaf's separable float convolution: vif_filter1d_s, vif_filter1d_sq_s and
// vif_filter1d_xy_s (vif_tools.c) and convolution_f32_c_s (common/convolution.c). A
// filter of odd width runs down the columns, then along the rows; borders reflect
// (mirror.hpp). Every output is acc = 0, then acc += tap[k] * x[k] for k = 0, 1, ..
// in float, with x a sample, its square (x * x) or the product of two images' samples
// (a * b) in the vertical pass, and the vertical results in the horizontal pass.
// libvmaf filters row by row (vif) or image by image (convolution.c); each output is
// the same sum either way, so callers may stream rows. The row functions are the
// entries of float_filter_dsp.hpp's table.
#pragma once

#include <vector>

#include "common/float_filter_dsp.hpp"
#include "common/float_picture.hpp"

namespace fastvmaf::common {

struct FilterTaps {
  std::vector<float> taps;
  int size() const { return static_cast<int>(taps.size()); }
  int radius() const { return size() / 2; }
  // The smallest image side the reflection stays inside (libvmaf reads outside its
  // buffers below it).
  unsigned min_size() const { return static_cast<unsigned>(radius()) + 1; }
};

// The rows of `img` that the vertical pass at output row i reads, reflected.
void reflected_rows(const FilterTaps& f, const FloatImage& img, unsigned i, const float** rows);

// The whole separable filter of `src` into `dst` (resized to src's size) with the
// table's entries; `tmp` holds one vertical row.
void filter_image(const FloatFilterDsp& dsp, const FilterTaps& f, const FloatImage& src, FloatImage& dst,
                  std::vector<float>& tmp);

}  // namespace fastvmaf::common
