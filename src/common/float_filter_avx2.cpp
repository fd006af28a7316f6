// The separable float filter's row kernels for AVX2 (this file gets -mavx2 -mfma
// -mbmi2; the build never contracts, so no FMA is formed). Eight outputs at a time keep
// their sums in a register across the taps: acc = 0, then acc += tap[k] * x[k] in tap
// order, exactly the portable kernels' sums (float_filter_rows.hpp, which also does the
// reflected borders and the tails here). tests/unit/common_float_test.cpp compares the
// two. Chosen at run time when the CPU has AVX2.
#include <immintrin.h>

#include <cstring>
#include <vector>

#include "common/float_filter_rows.hpp"

namespace fastvmaf::common {

namespace {

struct Avx2 {};
using Portable = FilterRows<Avx2>;

enum class Kind { Plain, Squares, Products };

template <Kind K>
void vertical_rows(const float* taps, int n, const float* const* a, const float* const* b, unsigned w, float* out) {
  unsigned j0 = 0;
  for (; j0 + 8 <= w; j0 += 8) {
    __m256 acc = _mm256_setzero_ps();
    for (int k = 0; k < n; ++k) {
      const __m256 x = _mm256_loadu_ps(a[k] + j0);
      __m256 v = x;
      if constexpr (K == Kind::Squares) v = _mm256_mul_ps(x, x);
      if constexpr (K == Kind::Products) v = _mm256_mul_ps(x, _mm256_loadu_ps(b[k] + j0));
      acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_set1_ps(taps[k]), v));
    }
    _mm256_storeu_ps(out + j0, acc);
  }
  for (unsigned j = j0; j < w; ++j) {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      const float x = a[k][j];
      const float v = K == Kind::Squares ? x * x : K == Kind::Products ? x * b[k][j] : x;
      acc += taps[k] * v;
    }
    out[j] = acc;
  }
}

void vertical(const float* taps, int n, const float* const* rows, unsigned w, float* out) {
  vertical_rows<Kind::Plain>(taps, n, rows, nullptr, w, out);
}

void vertical_squares(const float* taps, int n, const float* const* rows, unsigned w, float* out) {
  vertical_rows<Kind::Squares>(taps, n, rows, nullptr, w, out);
}

void vertical_products(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                       float* out) {
  vertical_rows<Kind::Products>(taps, n, a, b, w, out);
}

// The row is copied with its reflected borders around it, so that every output, the
// border ones included, is the vector sum over consecutive samples (the reflected
// samples are the ones the portable kernel's reflected indices read).
void horizontal(const float* taps, int n, const float* in, unsigned w, float* out) {
  const int r = n / 2, wi = static_cast<int>(w);
  if (wi <= 2 * r) {
    for (int j = 0; j < wi; ++j) out[j] = Portable::horizontal_at(taps, n, in, wi, j);
    return;
  }
  thread_local std::vector<float> padded;
  padded.resize(static_cast<std::size_t>(wi + 2 * r));
  float* pad = padded.data();
  for (int m = 1; m <= r; ++m) {
    pad[r - m] = in[Portable::reflect(-m, wi)];
    pad[r + wi - 1 + m] = in[Portable::reflect(wi - 1 + m, wi)];
  }
  std::memcpy(pad + r, in, static_cast<std::size_t>(wi) * sizeof(float));
  int j0 = 0;
  for (; j0 + 8 <= wi; j0 += 8) {
    __m256 acc = _mm256_setzero_ps();
    for (int k = 0; k < n; ++k)
      acc = _mm256_add_ps(acc, _mm256_mul_ps(_mm256_set1_ps(taps[k]), _mm256_loadu_ps(pad + j0 + k)));
    _mm256_storeu_ps(out + j0, acc);
  }
  for (int j = j0; j < wi; ++j) {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) acc += taps[k] * pad[j + k];
    out[j] = acc;
  }
}

}  // namespace

const FilterKernels* avx2_filter_kernels() {
  static constexpr FilterKernels k = {&vertical, &vertical_squares, &vertical_products, &horizontal};
  static const bool available = __builtin_cpu_supports("avx2");
  return available ? &k : nullptr;
}

}  // namespace fastvmaf::common
