// libvmaf's separable float convolution: vif_filter1d_s, vif_filter1d_sq_s and
// vif_filter1d_xy_s (vif_tools.c) and convolution_f32_c_s (common/convolution.c). A
// filter of odd width runs down the columns, then along the rows; borders reflect
// (mirror.hpp). Every output is acc = 0, then acc += tap[k] * x[k] for k = 0, 1, ..
// in float, with x a sample, its square (x * x) or the product of two images' samples
// (a * b) in the vertical pass, and the vertical results in the horizontal pass.
// libvmaf filters row by row (vif) or image by image (convolution.c); each output is
// the same sum either way, so callers may stream rows.
#pragma once

#include <vector>

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

// The row kernels, baseline or AVX2 (the same bits; float_filter_rows.hpp).
struct FilterKernels {
  void (*vertical)(const float* taps, int n, const float* const* rows, unsigned w, float* out);
  void (*vertical_squares)(const float* taps, int n, const float* const* rows, unsigned w, float* out);
  void (*vertical_products)(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                            float* out);
  void (*horizontal)(const float* taps, int n, const float* in, unsigned w, float* out);
};
const FilterKernels& baseline_filter_kernels();
// nullptr when this build or CPU has no AVX2 path.
const FilterKernels* avx2_filter_kernels();
// AVX2 where the CPU has it, else the baseline.
const FilterKernels& filter_kernels();

// The calls below go through filter_kernels().

// out[j] = sum_k tap[k] * rows[k][j] for j < w; `rows` holds size() row pointers,
// already reflected.
void vertical(const FilterTaps& f, const float* const* rows, unsigned w, float* out);
// The same of squares: tap[k] * (x * x).
void vertical_squares(const FilterTaps& f, const float* const* rows, unsigned w, float* out);
// The same of products of two images: tap[k] * (a * b).
void vertical_products(const FilterTaps& f, const float* const* a, const float* const* b, unsigned w, float* out);
// out[j] = sum_k tap[k] * in[reflect(j - radius + k, w)] for j < w.
void horizontal(const FilterTaps& f, const float* in, unsigned w, float* out);

// The rows of `img` that the vertical pass at output row i reads, reflected.
void reflected_rows(const FilterTaps& f, const FloatImage& img, unsigned i, const float** rows);

// The whole separable filter of `src` into `dst` (resized to src's size); `tmp` holds
// one vertical row.
void filter_image(const FilterTaps& f, const FloatImage& src, FloatImage& dst, std::vector<float>& tmp);

}  // namespace fastvmaf::common
