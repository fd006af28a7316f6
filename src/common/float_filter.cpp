#include "common/float_filter.hpp"

#include "common/float_filter_rows.hpp"
#include "common/mirror.hpp"

namespace fastvmaf::common {

namespace {
struct Baseline {};
}  // namespace

const FilterKernels& baseline_filter_kernels() {
  static constexpr FilterKernels k = FilterRows<Baseline>::table();
  return k;
}

const FilterKernels& filter_kernels() {
  static const FilterKernels& k = avx2_filter_kernels() ? *avx2_filter_kernels() : baseline_filter_kernels();
  return k;
}

void vertical(const FilterTaps& f, const float* const* rows, unsigned w, float* out) {
  filter_kernels().vertical(f.taps.data(), f.size(), rows, w, out);
}

void vertical_squares(const FilterTaps& f, const float* const* rows, unsigned w, float* out) {
  filter_kernels().vertical_squares(f.taps.data(), f.size(), rows, w, out);
}

void vertical_products(const FilterTaps& f, const float* const* a, const float* const* b, unsigned w, float* out) {
  filter_kernels().vertical_products(f.taps.data(), f.size(), a, b, w, out);
}

void horizontal(const FilterTaps& f, const float* in, unsigned w, float* out) {
  filter_kernels().horizontal(f.taps.data(), f.size(), in, w, out);
}

void reflected_rows(const FilterTaps& f, const FloatImage& img, unsigned i, const float** rows) {
  const int h = static_cast<int>(img.height), r = f.radius();
  for (int k = 0; k < f.size(); ++k)
    rows[k] = img.row(static_cast<unsigned>(reflect(static_cast<int>(i) - r + k, h)));
}

void filter_image(const FilterTaps& f, const FloatImage& src, FloatImage& dst, std::vector<float>& tmp) {
  if (dst.width != src.width || dst.height != src.height) dst.resize(src.width, src.height);
  tmp.resize(src.width);
  std::vector<const float*> rows(static_cast<std::size_t>(f.size()));
  for (unsigned i = 0; i < src.height; ++i) {
    reflected_rows(f, src, i, rows.data());
    vertical(f, rows.data(), src.width, tmp.data());
    horizontal(f, tmp.data(), src.width, dst.row(i));
  }
}

}  // namespace fastvmaf::common
