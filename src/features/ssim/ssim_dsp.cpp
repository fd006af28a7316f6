#include "features/ssim/ssim_dsp.hpp"

#include <cstddef>

namespace fastvmaf::ssim {

void hpass_c(const float* src, int n, float* out) {
  for (int x = 0; x < n; ++x) out[x] = window_tap_sum(src + x, 1);
}

void vpass_c(const float* const rows[kWindow], int n, float* out) {
  for (int x = 0; x < n; ++x) {
    double sum = 0.0;
    for (int t = 0; t < kWindow; ++t) sum += static_cast<double>(rows[t][x] * kGaussian[t]);
    out[x] = static_cast<float>(sum);
  }
}

void terms_c(const float* mu1, const float* mu2, const float* xx, const float* yy, const float* xy, int n, double* l,
             double* c, double* s, double* lcs) {
  const Constants k = default_constants();
  for (int x = 0; x < n; ++x) {
    const PixelTerms t = pixel_terms(mu1[x], mu2[x], xx[x], yy[x], xy[x], k);
    l[x] = t.l;
    c[x] = t.c;
    s[x] = t.s;
    lcs[x] = t.l * t.c * t.s;
  }
}

void lpf_run_c(const float* src, int w, int cy, int x0, int n, float* out) {
  for (int i = 0; i < n; ++i) {
    const int cx = 2 * (x0 + i);
    double sum = 0.0;
    for (int v = -kLpfHalf; v <= kLpfHalf; ++v) {
      const float* row = src + static_cast<std::ptrdiff_t>(cy + v) * w + cx;
      for (int u = -kLpfHalf; u <= kLpfHalf; ++u)
        sum += static_cast<double>(row[u] * kLpf2d[v + kLpfHalf][u + kLpfHalf]);
    }
    out[i] = static_cast<float>(sum);
  }
}

Constants map_constants() { return default_constants(); }

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{&hpass_c, &vpass_c, &terms_c, &lpf_run_c};
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::ssim
