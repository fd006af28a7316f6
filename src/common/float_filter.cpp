#include "common/float_filter.hpp"

#include "common/mirror.hpp"

namespace fastvmaf::common {

// Each output's sum runs over k in the same order as libvmaf's; only the loops over
// outputs are innermost, so the compiler may vectorise across j without reordering
// any single sum (the build never contracts a product into an add).

void vertical(const FilterTaps& f, const float* const* rows, unsigned w, float* out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < f.size(); ++k) {
    const float t = f.taps[k];
    const float* s = rows[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * s[j];
  }
}

void vertical_squares(const FilterTaps& f, const float* const* rows, unsigned w, float* out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < f.size(); ++k) {
    const float t = f.taps[k];
    const float* s = rows[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * (s[j] * s[j]);
  }
}

void vertical_products(const FilterTaps& f, const float* const* a, const float* const* b, unsigned w, float* out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < f.size(); ++k) {
    const float t = f.taps[k];
    const float* x = a[k];
    const float* y = b[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * (x[j] * y[j]);
  }
}

void horizontal(const FilterTaps& f, const float* in, unsigned w, float* out) {
  const int n = f.size(), r = f.radius(), wi = static_cast<int>(w);
  auto edge = [&](int j) {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) acc += f.taps[k] * in[reflect(j - r + k, wi)];
    out[j] = acc;
  };
  if (wi <= 2 * r) {
    for (int j = 0; j < wi; ++j) edge(j);
    return;
  }
  for (int j = 0; j < r; ++j) edge(j);
  for (int j = r; j < wi - r; ++j) out[j] = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float t = f.taps[k];
    const float* s = in + k - r;
    for (int j = r; j < wi - r; ++j) out[j] += t * s[j];
  }
  for (int j = wi - r; j < wi; ++j) edge(j);
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
