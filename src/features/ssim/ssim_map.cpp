#include "features/ssim/ssim_map.hpp"

#include <algorithm>

#include "core/sample.hpp"
#include "features/ssim/ssim_math.hpp"

namespace fastvmaf::ssim {

SsimSums SsimMap::sums(const float* ref, const float* dis, int w, int h) {
  // libvmaf's convolution keeps the positions where the window fits: (w-10) x (h-10).
  const int ow = w - (kWindow - 1);
  const int oh = h - (kWindow - 1);
  double ssim_sum = 0.0, l_sum = 0.0, c_sum = 0.0, s_sum = 0.0;
  if (ow > 0 && oh > 0) {
    const std::size_t n = static_cast<std::size_t>(ow);
    sq_.resize(3 * static_cast<std::size_t>(w));
    ring_.resize(kWindow * 5 * n);
    out_.resize(5 * n);
    terms_.resize(4 * n);
    float* rr = sq_.data();
    float* dd = rr + w;
    float* rd = dd + w;
    auto ring_row = [&](int row, int q) { return ring_.data() + (static_cast<std::size_t>(row % kWindow) * 5 + q) * n; };
    for (int y = 0; y < h; ++y) {
      const float* r = ref + static_cast<std::ptrdiff_t>(y) * w;
      const float* d = dis + static_cast<std::ptrdiff_t>(y) * w;
      for (int x = 0; x < w; ++x) {
        rr[x] = r[x] * r[x];
        dd[x] = d[x] * d[x];
        rd[x] = r[x] * d[x];
      }
      const float* src[5] = {r, d, rr, dd, rd};
      for (int q = 0; q < 5; ++q) dsp_.hpass(src[q], ow, ring_row(y, q));
      if (y < kWindow - 1) continue;
      const int top = y - (kWindow - 1);  // the output row
      float* out[5];
      for (int q = 0; q < 5; ++q) {
        const float* rows[kWindow];
        for (int t = 0; t < kWindow; ++t) rows[t] = ring_row(top + t, q);
        out[q] = out_.data() + q * n;
        dsp_.vpass(rows, ow, out[q]);
      }
      double* l = terms_.data();
      double* c = l + n;
      double* s = c + n;
      double* lcs = s + n;
      dsp_.terms(out[0], out[1], out[2], out[3], out[4], ow, l, c, s, lcs);
      for (int x = 0; x < ow; ++x) {
        ssim_sum += lcs[x];
        l_sum += l[x];
        c_sum += c[x];
        s_sum += s[x];
      }
    }
  }
  return {ssim_sum, l_sum, c_sum, s_sum};
}

SsimMeans means_of(const SsimSums& sums, int ow, int oh) {
  const double count = static_cast<double>(ow * oh);
  SsimMeans m;
  m.l = static_cast<float>(sums.l / count);
  m.c = static_cast<float>(sums.c / count);
  m.s = static_cast<float>(sums.s / count);
  m.ssim = static_cast<float>(sums.ssim / count);
  return m;
}

namespace {
// What picture_copy divides 10, 12 and 16-bit samples by (bpc is 8, 10, 12 or 16: the
// extractors' init checks); 8-bit samples are converted as they are.
float luma_scaler(unsigned bpc) { return bpc == 10 ? 4.0f : bpc == 12 ? 16.0f : 256.0f; }
}  // namespace

void luma_to_float(const Plane& luma, unsigned bpc, float* dst) {
  const unsigned w = luma.width;
  const float scaler = luma_scaler(bpc);
  with_sample_type(bpc, [&]<class T>() {
    for (unsigned y = 0; y < luma.height; ++y) {
      const T* s = luma.row<T>(y);
      if constexpr (sizeof(T) == 1)
        for (unsigned x = 0; x < w; ++x) dst[x] = static_cast<float>(s[x]);
      else
        for (unsigned x = 0; x < w; ++x) dst[x] = static_cast<float>(s[x]) / scaler;
      dst += w;
    }
  });
}

namespace {

// libvmaf's _iqa_filter_pixel at (cx, cy) with a k x k table: the taps from -k/2 to
// k/2 (one fewer right of and below the centre for even k), float products summed in
// double, mirrored at the edges. Interior pixels read directly; edge ones mirror every
// tap (the values are the same for the taps inside).
float filter_pixel(const float* img, int w, int h, int cx, int cy, const float* table, int k) {
  const int half = k / 2;
  const int last = half - (k % 2 == 0 ? 1 : 0);
  const bool edge = cx < half || cy < half || cx >= w - half || cy >= h - half;
  double sum = 0.0;
  int i = 0;
  for (int v = -half; v <= last; ++v) {
    if (!edge) {
      const float* row = img + static_cast<std::ptrdiff_t>(cy + v) * w + cx;
      for (int u = -half; u <= last; ++u, ++i) sum += static_cast<double>(row[u] * table[i]);
    } else {
      const float* row = img + static_cast<std::ptrdiff_t>(mirror(cy + v, h)) * w;
      for (int u = -half; u <= last; ++u, ++i) sum += static_cast<double>(row[mirror(cx + u, w)] * table[i]);
    }
  }
  return static_cast<float>(sum);
}

// One luma row as float_ssim's box low-pass weighs it: the double of picture_copy's
// float of each sample times the tap (all taps are equal), the product every sum adds.
void box_products(const Plane& luma, unsigned bpc, int y, float tap, double* out) {
  const unsigned w = luma.width;
  const float scaler = luma_scaler(bpc);
  with_sample_type(bpc, [&]<class T>() {
    const T* s = luma.row<T>(static_cast<unsigned>(y));
    if constexpr (sizeof(T) == 1)
      for (unsigned x = 0; x < w; ++x) out[x] = static_cast<double>(static_cast<float>(s[x]) * tap);
    else
      for (unsigned x = 0; x < w; ++x) out[x] = static_cast<double>(static_cast<float>(s[x]) / scaler * tap);
  });
}

}  // namespace

void decimate_box(const Plane& luma, unsigned bpc, int factor, float* dst, int& out_w, int& out_h) {
  const int w = static_cast<int>(luma.width), h = static_cast<int>(luma.height);
  out_w = decimated_size(w, factor);
  out_h = decimated_size(h, factor);
  // libvmaf's box taps: 1.0f / (factor * factor), every one the same, from -factor/2 to
  // factor/2 (one fewer right of and below the centre for an even factor).
  const float tap = 1.0f / static_cast<float>(factor * factor);
  const int half = factor / 2, last = half - (factor % 2 == 0 ? 1 : 0);
  // Outputs x_lo <= x < x_hi have every tap inside the row; the others mirror theirs.
  const int x_lo = std::min(out_w, 1);
  const int x_hi = std::clamp(w - last <= 0 ? 0 : (w - last + factor - 1) / factor, x_lo, out_w);
  std::vector<double> products(static_cast<std::size_t>(w)), acc(static_cast<std::size_t>(out_w));
  for (int y = 0; y < out_h; ++y) {
    // Each output's sum runs over the taps in libvmaf's order (row after row, left to
    // right) in its own accumulator: the outputs of a row advance together, one input
    // row at a time.
    std::fill(acc.begin(), acc.end(), 0.0);
    for (int v = -half; v <= last; ++v) {
      box_products(luma, bpc, mirror(factor * y + v, h), tap, products.data());
      const double* p = products.data();
      auto mirrored = [&](int x) {
        double a = acc[x];
        for (int u = -half; u <= last; ++u) a += p[mirror(factor * x + u, w)];
        acc[x] = a;
      };
      for (int x = 0; x < x_lo; ++x) mirrored(x);
      int x = x_lo;
      // Four outputs side by side: four independent sums in flight.
      for (; x + 4 <= x_hi; x += 4) {
        const double* q = p + factor * x - half;
        double a0 = acc[x], a1 = acc[x + 1], a2 = acc[x + 2], a3 = acc[x + 3];
        for (int u = 0; u < factor; ++u) {
          a0 += q[u];
          a1 += q[factor + u];
          a2 += q[2 * factor + u];
          a3 += q[3 * factor + u];
        }
        acc[x] = a0;
        acc[x + 1] = a1;
        acc[x + 2] = a2;
        acc[x + 3] = a3;
      }
      for (; x < x_hi; ++x) {
        const double* q = p + factor * x - half;
        double a = acc[x];
        for (int u = 0; u < factor; ++u) a += q[u];
        acc[x] = a;
      }
      for (x = x_hi; x < out_w; ++x) mirrored(x);
    }
    float* out = dst + static_cast<std::ptrdiff_t>(y) * out_w;
    for (int x = 0; x < out_w; ++x) out[x] = static_cast<float>(acc[x]);
  }
}

void decimate_lpf(const float* src, int w, int h, float* dst, int& out_w, int& out_h, const Dsp& dsp) {
  out_w = decimated_size(w, 2);
  out_h = decimated_size(h, 2);
  // Interior centres: 4 <= 2x < w - 4 (and the same for rows); the rest mirror.
  const int x_lo = std::min(out_w, 2), x_hi = std::max(x_lo, std::min(out_w, (w - kLpfHalf + 1) / 2));
  for (int y = 0; y < out_h; ++y) {
    float* out = dst + static_cast<std::ptrdiff_t>(y) * out_w;
    const int cy = 2 * y;
    const bool row_inside = cy >= kLpfHalf && cy < h - kLpfHalf;
    if (!row_inside) {
      for (int x = 0; x < out_w; ++x) out[x] = filter_pixel(src, w, h, 2 * x, cy, &kLpf2d[0][0], kLpf);
      continue;
    }
    for (int x = 0; x < x_lo; ++x) out[x] = filter_pixel(src, w, h, 2 * x, cy, &kLpf2d[0][0], kLpf);
    dsp.lpf_run(src, w, cy, x_lo, x_hi - x_lo, out + x_lo);
    for (int x = x_hi; x < out_w; ++x) out[x] = filter_pixel(src, w, h, 2 * x, cy, &kLpf2d[0][0], kLpf);
  }
}

}  // namespace fastvmaf::ssim
