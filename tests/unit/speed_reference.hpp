// A literal, unoptimised SpEED for the tests: every stage at full resolution in
// libvmaf's order (speed.c: picture_copy, vif_scale_frame_s, vif_filter1d_s on the
// whole plane, vif_dec16_s, subtract_image, compute_covariance_matrix pair by pair,
// matrix_qr_decomposition with full products and matrix_minor, back substitution,
// update_entropy, get_speed_score). The extractor's decimated blur, tiled covariance and
// structured QR must agree with it bit for bit. The eigenvalue routine and the
// per-sample kernels are shared with the extractor; they have their own tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "common/mirror.hpp"
#include "common/resample.hpp"
#include "common/resample_math.hpp"
#include "features/speed/speed_linalg.hpp"
#include "features/speed/speed_math.hpp"
#include "features/speed/speed_params.hpp"
#include "features/speed/speed_plane.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::speed::reference {

struct Image {
  int w = 0, h = 0;
  std::vector<float> px;
  Image() = default;
  Image(int width, int height) : w(width), h(height), px(static_cast<std::size_t>(width) * height, 0.0f) {}
  float& at(int x, int y) { return px[static_cast<std::size_t>(y) * w + x]; }
  float at(int x, int y) const { return px[static_cast<std::size_t>(y) * w + x]; }
};

// picture_copy of the first w x h samples of a plane.
inline Image from_plane(const Plane& p, unsigned bpc, int w, int h) {
  Image im(w, h);
  const float divisor = bpc == 10 ? 4.0f : bpc == 12 ? 16.0f : 256.0f;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      im.at(x, y) = bpc == 8 ? static_cast<float>(p.row<std::uint8_t>(y)[x]) + static_cast<float>(-128)
                             : static_cast<float>(p.row<std::uint16_t>(y)[x]) / divisor + static_cast<float>(-128);
  return im;
}

inline float mirror(float i, float right) { return i < 0 ? -i : (i > right ? 2 * right - i : i); }

// vif_scale_frame_s, one output sample at a time with its own coordinates and weights.
inline Image scale(const Image& s, int dw, int dh, common::PrescaleMethod m) {
  if (dw == s.w && dh == s.h) return s;
  Image d(dw, dh);
  const float rx = static_cast<float>(s.w) / dw, ry = static_cast<float>(s.h) / dh;
  for (int y = 0; y < dh; ++y) {
    for (int x = 0; x < dw; ++x) {
      if (m == common::PrescaleMethod::Nearest) {
        d.at(x, y) = s.at(static_cast<int>(x * rx), static_cast<int>(y * ry));
        continue;
      }
      const float xx = static_cast<float>((x + 0.5) * rx - 0.5);
      const float yy = static_cast<float>((y + 0.5) * ry - 0.5);
      if (m == common::PrescaleMethod::Bilinear) {
        const int x1 = static_cast<int>(mirror(static_cast<float>(std::floor(xx)), static_cast<float>(s.w - 1)));
        const int x2 = static_cast<int>(mirror(static_cast<float>(std::ceil(xx)), static_cast<float>(s.w - 1)));
        const int y1 = static_cast<int>(mirror(static_cast<float>(std::floor(yy)), static_cast<float>(s.h - 1)));
        const int y2 = static_cast<int>(mirror(static_cast<float>(std::ceil(yy)), static_cast<float>(s.h - 1)));
        const float dx = xx - static_cast<float>(x1), dy = yy - static_cast<float>(y1);
        d.at(x, y) = (1 - dy) * (1 - dx) * s.at(x1, y1) + (1 - dy) * dx * s.at(x2, y1) + dy * (1 - dx) * s.at(x1, y2) +
                     dy * dx * s.at(x2, y2);
        continue;
      }
      const bool cubic = m == common::PrescaleMethod::Bicubic;
      const int lo = cubic ? -1 : -4, hi = cubic ? 2 : 4;
      const int x0 = static_cast<int>(std::floor(xx)), y0 = static_cast<int>(std::floor(yy));
      const float fx = xx - static_cast<float>(x0), fy = yy - static_cast<float>(y0);
      float v = 0, wsum = 0;
      for (int j = lo; j <= hi; ++j) {
        for (int i = lo; i <= hi; ++i) {
          const float wx = cubic ? common::bicubic_weight(i - fx) : common::lanczos4_weight(i - fx);
          const float wy = cubic ? common::bicubic_weight(j - fy) : common::lanczos4_weight(j - fy);
          const float w = wx * wy;
          wsum += w;
          const int xi = static_cast<int>(mirror(static_cast<float>(x0 + i), static_cast<float>(s.w - 1)));
          const int yi = static_cast<int>(mirror(static_cast<float>(y0 + j), static_cast<float>(s.h - 1)));
          v += s.at(xi, yi) * w;
        }
      }
      d.at(x, y) = cubic ? v : v / wsum;
    }
  }
  return d;
}

// vif_filter1d_s: vertical pass then horizontal pass, reflecting borders.
inline Image filter(const Image& s, const std::vector<float>& f) {
  const int fw = static_cast<int>(f.size());
  Image d(s.w, s.h);
  std::vector<float> tmp(s.w);
  for (int i = 0; i < s.h; ++i) {
    for (int j = 0; j < s.w; ++j) {
      float acc = 0;
      for (int k = 0; k < fw; ++k) acc += f[k] * s.at(j, common::reflect(i - fw / 2 + k, s.h));
      tmp[j] = acc;
    }
    for (int j = 0; j < s.w; ++j) {
      float acc = 0;
      for (int k = 0; k < fw; ++k) acc += f[k] * tmp[common::reflect(j - fw / 2 + k, s.w)];
      d.at(j, i) = acc;
    }
  }
  return d;
}

// libvmaf's matrix_mul and matrix_qr_decomposition, literally (full products, copies).
inline void matmul(float* d, const float* x, const float* y, int n, int cols) {
  for (int i = 0; i < n * cols; ++i) d[i] = 0;
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k)
      for (int j = 0; j < cols; ++j) d[i * cols + j] += x[i * n + k] * y[k * cols + j];
}

template <int N>
void literal_qr(const float* a, float* qt, float* r) {
  std::vector<float> z(a, a + N * N), h(N * N), tmp(N * N), v(N);
  for (int i = 0; i < N * N; ++i) qt[i] = (i / N == i % N) ? 1.0f : 0.0f;
  for (int k = 0; k < N - 1; ++k) {
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j)
        if (i < k || j < k) z[i * N + j] = (i == j) ? 1.0f : 0.0f;
    for (int i = 0; i < N; ++i) v[i] = z[i * N + k];
    float s = 0;
    for (int i = 0; i < N; ++i) s += v[i] * v[i];
    const float norm = static_cast<float>(std::sqrt(static_cast<double>(s)));
    v[k] += (a[k * N + k] >= 0 ? 1 : -1) * norm;
    s = 0;
    for (int i = 0; i < N; ++i) s += v[i] * v[i];
    const float vn = static_cast<float>(std::sqrt(static_cast<double>(s)));
    for (int i = 0; i < N; ++i) v[i] = v[i] / vn;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < N; ++j) h[i * N + j] = -2 * v[i] * v[j];
    for (int i = 0; i < N; ++i) h[i * N + i] += 1;
    matmul(tmp.data(), h.data(), z.data(), N, N);
    z = tmp;
    matmul(tmp.data(), h.data(), qt, N, N);
    for (int i = 0; i < N * N; ++i) qt[i] = tmp[i];
  }
  matmul(r, qt, a, N, N);
}

struct Stats {
  std::vector<float> entropy, variance;
  bool singular = false;
};

// est_params on the decimated, mean-removed plane `e`.
inline Stats estimate(const Image& e, float sigma_nn) {
  constexpr int N = kBlockElements;
  const int bx = e.w / kBlock, by = e.h / kBlock, tw = bx * kBlock, th = by * kBlock;
  const int sw = tw - kBlock + 1, sh = th - kBlock + 1, nb = bx * by;
  float means[N];
  for (int o = 0; o < N; ++o) {
    float s = 0;
    for (int i = 0; i < sh; ++i)
      for (int j = 0; j < sw; ++j) s += e.at(o % kBlock + j, o / kBlock + i);
    means[o] = s / static_cast<float>(sw * sh);
  }
  std::vector<float> cov(N * N);
  for (int x = 0; x < N; ++x) {
    for (int y = 0; y <= x; ++y) {
      double s = 0;
      for (int i = 0; i < sh; ++i) {
        for (int j = 0; j < sw; ++j) {
          const double vx = e.at(x % kBlock + j, x / kBlock + i), vy = e.at(y % kBlock + j, y / kBlock + i);
          s += (vx - static_cast<double>(means[x])) * (vy - static_cast<double>(means[y]));
        }
      }
      cov[x * N + y] = cov[y * N + x] = static_cast<float>(s / static_cast<double>(sw * sh));
    }
  }
  float eig[N];
  linalg::symmetric_eigenvalues<N>(cov.data(), eig);
  std::vector<float> yv(static_cast<std::size_t>(N) * nb), xv(yv.size(), 0.0f), rhs(yv.size());
  for (int k = 0; k < N; ++k)
    for (int b = 0; b < nb; ++b) yv[k * nb + b] = e.at((b % bx) * kBlock + k % kBlock, (b / bx) * kBlock + k / kBlock);
  bool ok = true;
  for (float l : eig) ok &= !(static_cast<double>(l) < kEigenEps);
  if (ok) {
    float qt[N * N], r[N * N];
    literal_qr<N>(cov.data(), qt, r);
    matmul(rhs.data(), qt, yv.data(), N, nb);
    for (int i = N - 1; i >= 0 && ok; --i) {
      if (std::fabs(r[i * N + i]) < kEigenEps) {
        ok = false;
        break;
      }
      for (int b = 0; b < nb; ++b) {
        float t = rhs[i * nb + b];
        for (int k = i + 1; k < N; ++k) t -= xv[k * nb + b] * r[i * N + k];
        xv[i * nb + b] = t / r[i * N + i];
      }
    }
  }
  Stats st;
  st.singular = !ok;
  if (!ok) std::fill(xv.begin(), xv.end(), 0.0f);
  for (int i = 0; i < N * nb; ++i) xv[i] = (xv[i] * yv[i]) / static_cast<float>(N);
  for (int i = 1; i < N; ++i)
    for (int b = 0; b < nb; ++b) xv[b] += xv[i * nb + b];
  st.entropy.assign(nb, 0.0f);
  for (int k = 0; k < N; ++k) {
    const float l = eig[k] < 0 ? 0 : eig[k];
    for (int b = 0; b < nb; ++b)
      st.entropy[b] += std::log2(static_cast<double>(l * xv[b] + sigma_nn)) + std::log2(2 * M_PI * M_E);
  }
  st.variance.assign(xv.begin(), xv.begin() + nb);
  return st;
}

// filter_and_downscale then est_params for one image of the plane's original size.
inline Stats analyze(const Image& original, const SpeedSettings& s) {
  const SpeedDims d = make_dims(original.w, original.h, s.prescale);
  Image scaled = original;
  if (prescale_resamples(s.prescale))
    scaled = scale(original, static_cast<int>(d.scaled_width), static_cast<int>(d.scaled_height), s.method);
  const Image blurred = filter(scaled, antialias_taps(s.kernelscale));
  Image e(static_cast<int>(d.down_width), static_cast<int>(d.down_height));
  for (int y = 0; y < e.h; ++y)
    for (int x = 0; x < e.w; ++x) e.at(x, y) = blurred.at(x * kDecimation, y * kDecimation);
  const Image mean = filter(e, local_mean_taps(s.kernelscale));
  for (std::size_t i = 0; i < e.px.size(); ++i) e.px[i] -= mean.px[i];
  return estimate(e, s.sigma_nn);
}

// speed_extract_score with get_speed_score.
inline float score(const Stats& r, const Stats& d, const SpeedSettings& s) {
  if (r.singular != d.singular) return 0.0f;
  const float base = static_cast<float>(
      kBlockElements * (std::log2(static_cast<double>((1 + s.nn_floor) * s.sigma_nn)) + std::log2(2 * M_PI * M_E)));
  float sum = 0;
  for (std::size_t b = 0; b < r.entropy.size(); ++b)
    sum += math::block_score(r.entropy[b], d.entropy[b], r.variance[b], d.variance[b], base, s.weight_var_mode);
  return sum / static_cast<float>(r.entropy.size());
}

}  // namespace fastvmaf::speed::reference
