#include "common/float_filter_dsp.hpp"

#include "common/float_filter_math.hpp"
#include "common/mirror.hpp"

namespace fastvmaf::common {

namespace {

// Each output's sum is from 0 in tap order; the loops over outputs are innermost, so the
// compiler may vectorise them without reordering any sum.
void vertical_c(const float* taps, int n, const float* const* rows, unsigned w, float* __restrict out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float t = taps[k];
    const float* __restrict s = rows[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * s[j];
  }
}

void vertical_squares_c(const float* taps, int n, const float* const* rows, unsigned w, float* __restrict out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float t = taps[k];
    const float* __restrict s = rows[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * (s[j] * s[j]);
  }
}

void vertical_products_c(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                         float* __restrict out) {
  for (unsigned j = 0; j < w; ++j) out[j] = 0.0f;
  for (int k = 0; k < n; ++k) {
    const float t = taps[k];
    const float* __restrict x = a[k];
    const float* __restrict y = b[k];
    for (unsigned j = 0; j < w; ++j) out[j] += t * (x[j] * y[j]);
  }
}

// One output of the horizontal pass, its taps reflected at the borders (the twins'
// kernels compute every output with this routine).
float horizontal_at(const float* taps, int n, const float* in, int w, int j) {
  return filter_horizontal_at(taps, n, in, w, j);
}

void horizontal_c(const float* taps, int n, const float* __restrict in, unsigned w, float* __restrict out) {
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

constexpr FloatFilterDsp kC = {&vertical_c, &vertical_squares_c, &vertical_products_c, &horizontal_c};

}  // namespace

const FloatFilterDsp& c_float_filter_dsp() { return kC; }

FloatFilterDsp make_float_filter_dsp(cpu::Flags flags) {
  FloatFilterDsp d = kC;
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_float_filter_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_float_filter_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::common
