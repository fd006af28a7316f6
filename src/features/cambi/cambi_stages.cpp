#include "features/cambi/cambi_stages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "core/error.hpp"
#include "features/cambi/cambi_math.hpp"

namespace fastvmaf::cambi {

CambiBuffers::CambiBuffers(const Plan& plan) {
  const std::size_t w = plan.alloc_width, h = plan.alloc_height;
  stride = static_cast<std::ptrdiff_t>(w);
  image.assign(w * h, 0);
  mask.assign(w * h, 0);
  flat.assign(static_cast<std::size_t>(kMaskFilterSize) * w, 0);
  column.assign(w, 0);
  modes.assign(3 * w, 0);
  histograms.assign(static_cast<std::size_t>(plan.tables.band_size) * w, 0);
  c_values.assign(w * h, 0.0f);
}

// ---- preprocessing ------------------------------------------------------------------

void validate_samples(const Plane& luma, unsigned bpc) {
  if (bpc == 8 || bpc >= 16) return;
  const unsigned max = (1u << bpc) - 1;
  for (unsigned i = 0; i < luma.height; ++i) {
    const std::uint16_t* r = luma.row<std::uint16_t>(i);
    unsigned m = 0;
    for (unsigned j = 0; j < luma.width; ++j) m = std::max<unsigned>(m, r[j]);
    if (m > max)
      throw InputError(fmt::format("cambi: the input contains values greater than {}, the maximum of a {}-bit format",
                                   max, bpc));
  }
}

namespace {

template <typename T>
void convert(const Plane& luma, unsigned bpc, const SidePlan& side, View<std::uint16_t> out) {
  const bool identity_x = side.width == luma.width;
  for (unsigned i = 0; i < out.height; ++i) {
    const T* in = luma.row<T>(side.source_y[i]);
    std::uint16_t* o = out.row(i);
    if (identity_x) {
      for (unsigned j = 0; j < out.width; ++j) o[j] = to_10bit(in[j], bpc);
    } else {
      for (unsigned j = 0; j < out.width; ++j) o[j] = to_10bit(in[side.source_x[j]], bpc);
    }
  }
}

// In place, top to bottom and left to right: every pixel reads only pixels to its right
// and below, which are still unfiltered (libvmaf anti_dithering_filter).
void anti_dither(View<std::uint16_t> img) {
  const unsigned w = img.width, h = img.height;
  for (unsigned i = 0; i + 1 < h; ++i) {
    std::uint16_t* r = img.row(i);
    const std::uint16_t* below = img.row(i + 1);
    for (unsigned j = 0; j + 1 < w; ++j) r[j] = anti_dither_2x2(r[j], r[j + 1], below[j], below[j + 1]);
    r[w - 1] = anti_dither_pair(r[w - 1], below[w - 1]);
  }
  std::uint16_t* last = img.row(h - 1);
  for (unsigned j = 0; j + 1 < w; ++j) last[j] = anti_dither_pair(last[j], last[j + 1]);
}

}  // namespace

void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool dither, View<std::uint16_t> out) {
  out.width = side.width;
  out.height = side.height;
  if (bpc <= 8)
    convert<std::uint8_t>(luma, bpc, side, out);
  else
    convert<std::uint16_t>(luma, bpc, side, out);
  if (dither) anti_dither(out);
}

// ---- spatial mask -------------------------------------------------------------------

namespace {

void flat_row(View<const std::uint16_t> img, unsigned r, std::uint8_t* flat) {
  const unsigned w = img.width;
  const bool last_row = r + 1 == img.height;
  const std::uint16_t* p = img.row(r);
  const std::uint16_t* below = last_row ? p : img.row(r + 1);
  for (unsigned j = 0; j < w; ++j) {
    const bool last_col = j + 1 == w;
    flat[j] = zero_derivative(p[j], last_col ? p[j] : p[j + 1], below[j], last_col, last_row);
  }
}

}  // namespace

void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, std::uint8_t* flat_rows,
                  std::uint16_t* column) {
  constexpr int pad = kMaskFilterSize / 2;
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  auto ring = [&](int r) { return flat_rows + static_cast<std::ptrdiff_t>(r % kMaskFilterSize) * w; };
  // column[j]: flat pixels of column j in rows i-3..i+3 that lie inside the frame.
  std::fill(column, column + w, 0);
  for (int r = 0; r <= std::min(pad, h - 1); ++r) {
    flat_row(img, static_cast<unsigned>(r), ring(r));
    for (int j = 0; j < w; ++j) column[j] += ring(r)[j];
  }
  for (int i = 0; i < h; ++i) {
    if (i > 0) {
      const int enter = i + pad, leave = i - pad - 1;
      if (leave >= 0) {
        const std::uint8_t* f = ring(leave);
        for (int j = 0; j < w; ++j) column[j] -= f[j];
      }
      if (enter < h) {
        flat_row(img, static_cast<unsigned>(enter), ring(enter));
        const std::uint8_t* f = ring(enter);
        for (int j = 0; j < w; ++j) column[j] += f[j];
      }
    }
    // Horizontal 7-wide sum of the column counts, clipped to the frame.
    unsigned sum = 0;
    for (int j = 0; j <= std::min(pad, w - 1); ++j) sum += column[j];
    std::uint8_t* m = mask.row(static_cast<unsigned>(i));
    for (int j = 0; j < w; ++j) {
      m[j] = in_mask(sum, static_cast<unsigned>(mask_index));
      if (j + pad + 1 < w) sum += column[j + pad + 1];
      if (j - pad >= 0) sum -= column[j - pad];
    }
  }
}

// ---- decimation, mode filter ----------------------------------------------------------

template <typename T>
void decimate(View<T> plane, unsigned new_width, unsigned new_height) {
  for (unsigned i = 0; i < new_height; ++i) {
    T* out = plane.row(i);
    const T* in = plane.row(2 * i);
    for (unsigned j = 0; j < new_width; ++j) out[j] = in[2 * j];
  }
}
template void decimate<std::uint16_t>(View<std::uint16_t>, unsigned, unsigned);
template void decimate<std::uint8_t>(View<std::uint8_t>, unsigned, unsigned);

void mode_filter(View<std::uint16_t> img, std::uint16_t* mode_rows) {
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  if (h < 3) return;
  auto modes = [&](int r) { return mode_rows + static_cast<std::ptrdiff_t>(r % 3) * w; };
  auto fill = [&](int r) {
    const std::uint16_t* in = img.row(static_cast<unsigned>(r));
    std::uint16_t* m = modes(r);
    for (int j = 0; j < w; ++j) m[j] = mode_row(in, j, w);
  };
  fill(0);
  fill(1);
  for (int i = 1; i + 1 < h; ++i) {
    fill(i + 1);  // row i+1 is still unfiltered: only rows above i were written
    const std::uint16_t *a = modes(i - 1), *b = modes(i), *c = modes(i + 1);
    std::uint16_t* out = img.row(static_cast<unsigned>(i));
    for (int j = 0; j < w; ++j) out[j] = mode3(a[j], b[j], c[j]);
  }
}

// ---- c-values -----------------------------------------------------------------------

namespace {

// Adds `delta` to the window counts of every masked in-band pixel of row r: each one
// counts in the histogram columns of its window, clipped to the frame.
void update_histograms(View<const std::uint16_t> img, View<const std::uint8_t> mask, unsigned r, int pad,
                       const CValueTables& t, std::uint16_t* hist, int delta) {
  const int w = static_cast<int>(img.width);
  const std::uint16_t* v = img.row(r);
  const std::uint8_t* m = mask.row(r);
  for (int j = 0; j < w; ++j) {
    if (!m[j]) continue;
    const int k = v[j] - t.band_base;
    if (static_cast<unsigned>(k) >= static_cast<unsigned>(t.band_size)) continue;
    std::uint16_t* h = hist + static_cast<std::ptrdiff_t>(k) * w;
    const int lo = std::max(j - pad, 0), hi = std::min(j + pad + 1, w);
    for (int c = lo; c < hi; ++c) h[c] = static_cast<std::uint16_t>(h[c] + delta);
  }
}

}  // namespace

void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              std::uint16_t* hist, float* out) {
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  const int pad = window >> 1;
  std::fill(out, out + static_cast<std::ptrdiff_t>(w) * h, 0.0f);
  if (t.band_size == 0) return;
  std::fill(hist, hist + static_cast<std::ptrdiff_t>(t.band_size) * w, 0);
  for (int r = 0; r <= std::min(pad, h - 1); ++r) update_histograms(img, mask, r, pad, t, hist, +1);
  for (int i = 0; i < h; ++i) {
    if (i > 0) {
      if (i - pad - 1 >= 0) update_histograms(img, mask, static_cast<unsigned>(i - pad - 1), pad, t, hist, -1);
      if (i + pad < h) update_histograms(img, mask, static_cast<unsigned>(i + pad), pad, t, hist, +1);
    }
    const std::uint16_t* v = img.row(static_cast<unsigned>(i));
    const std::uint8_t* m = mask.row(static_cast<unsigned>(i));
    float* o = out + static_cast<std::ptrdiff_t>(i) * w;
    for (int j = 0; j < w; ++j) {
      if (!m[j]) continue;
      const std::uint16_t* col = hist + j;
      o[j] = c_value_pixel(v[j], t, kReciprocalLut,
                           [col, w](int k) { return static_cast<unsigned>(col[static_cast<std::ptrdiff_t>(k) * w]); });
    }
  }
}

// ---- pooling ------------------------------------------------------------------------

double spatial_pooling_quickselect(float* c, int n, int k) {
  // libvmaf quick_select: Hoare partitions around c[k] until c[0..k) holds the k largest.
  if (n != k) {
    int left = 0, right = n - 1;
    while (left < right) {
      const float pivot = c[k];
      int i = left, j = right;
      do {
        while (c[i] > pivot) ++i;
        while (c[j] < pivot) --j;
        if (i <= j) {
          std::swap(c[i], c[j]);
          ++i;
          --j;
        }
      } while (i <= j);
      if (j < k) left = i;
      if (k < i) right = j;
    }
  }
  double sum = 0;
  for (int i = 0; i < k; ++i) sum += c[i];
  return sum / k;
}

double spatial_pooling(float* c, int n, double topk, std::vector<float>& scratch) {
  const int k = topk_count(topk, n);
  // When the exact sum is below 2^53 units every double partial sum is exact, so
  // libvmaf's order of additions cannot matter and the fixed-point mean is its result.
  const Fixed128 sum = topk_fixed_sum(c, static_cast<std::size_t>(n), static_cast<std::size_t>(k), scratch);
  if (fixed_sum_exact_in_double(sum)) return fixed_topk_mean(sum, static_cast<std::size_t>(k));
  return spatial_pooling_quickselect(c, n, k);
}

}  // namespace fastvmaf::cambi
