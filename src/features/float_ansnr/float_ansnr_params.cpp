#include "features/float_ansnr/float_ansnr_params.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace fastvmaf::float_ansnr {

namespace {

// One output row of ansnr_filter2d_s: for each sample, acc = 0, then for each filter
// row fi a float sum inner = sum_fj f[fi][fj] * x (from 0, fj ascending), acc += inner.
// The interior columns run with the column loop innermost (the same sums, vectorisable);
// the border columns mirror their indices.
template <int W>
void filter_row(const std::array<float, W * W>& f, const common::FloatImage& src, int i, float* out,
                float* inner) {
  constexpr int r = W / 2;
  const int w = static_cast<int>(src.width), h = static_cast<int>(src.height);
  const float* rows[W];
  for (int fi = 0; fi < W; ++fi) rows[fi] = src.row(static_cast<unsigned>(mirror(i - r + fi, h)));
  const auto read = [&](int y, int x) { return src.row(static_cast<unsigned>(y))[x]; };
  auto edge = [&](int j) { out[j] = filter_at<W>(f.data(), read, i, j, w, h); };
  if (w <= 2 * r) {
    for (int j = 0; j < w; ++j) edge(j);
    return;
  }
  for (int j = 0; j < r; ++j) edge(j);
  for (int j = r; j < w - r; ++j) out[j] = 0;
  for (int fi = 0; fi < W; ++fi) {
    for (int j = r; j < w - r; ++j) inner[j] = 0;
    for (int fj = 0; fj < W; ++fj) {
      const float c = f[fi * W + fj];
      const float* s = rows[fi] + fj - r;
      for (int j = r; j < w - r; ++j) inner[j] += c * s[j];
    }
    for (int j = r; j < w - r; ++j) out[j] += inner[j];
  }
  for (int j = w - r; j < w; ++j) edge(j);
}

}  // namespace

void check_size(unsigned w, unsigned h) {
  if (w < kMinSize || h < kMinSize)
    throw std::invalid_argument(fmt::format(
        "float_ansnr: the picture is {}x{}, too small: float ANSNR needs at least {}x{} (its 5x5 filter mirrors 2 "
        "samples at each edge)",
        w, h, kMinSize, kMinSize));
}

SignalNoise signal_noise(const common::FloatImage& ref, const common::FloatImage& dis) {
  const unsigned w = ref.width;
  std::vector<float> rf(w), df(w), inner(w);
  float sig = 0, noise = 0;
  for (unsigned i = 0; i < ref.height; ++i) {
    filter_row<kRefWidth>(kRefFilter, ref, static_cast<int>(i), rf.data(), inner.data());
    filter_row<kDisWidth>(kDisFilter, dis, static_cast<int>(i), df.data(), inner.data());
    // ansnr_mse_s: per row float sums, added to float totals.
    float sig_row = 0, noise_row = 0;
    for (unsigned j = 0; j < w; ++j) {
      const float r = rf[j], d = df[j];
      sig_row += r * r;
      noise_row += (r - d) * (r - d);
    }
    sig += sig_row;
    noise += noise_row;
  }
  return {sig, noise};
}

Scores scores(const SignalNoise& s, unsigned w, unsigned h, const common::FloatPeak& p) {
  Scores out;
  // A float quotient, widened for log10.
  out.ansnr = s.noise == 0 ? p.psnr_max : 10.0 * std::log10(static_cast<double>(s.signal / s.noise));
  const double eps = 1e-10;
  const double noise = static_cast<double>(s.noise) > eps ? static_cast<double>(s.noise) : eps;  // MAX(noise, eps)
  const double anpsnr = 10 * std::log10(p.peak * p.peak * static_cast<int>(w) * static_cast<int>(h) / noise);
  out.anpsnr = anpsnr < p.psnr_max ? anpsnr : p.psnr_max;  // MIN(anpsnr, psnr_max)
  return out;
}

}  // namespace fastvmaf::float_ansnr
