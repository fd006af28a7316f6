#include "features/cambi/cambi_stages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "core/error.hpp"

namespace fastvmaf::cambi {

CambiBuffers::CambiBuffers(const Plan& plan) {
  const std::size_t w = plan.alloc_width, h = plan.alloc_height;
  stride = static_cast<std::ptrdiff_t>(w);
  image.assign(w * h, 0);
  // The first decimated scale holds (w + 1) / 2 x (h + 1) / 2 samples at this stride.
  halves.assign(w * ((h + 1) / 2), 0);
  mask.assign(w * h, 0);
  mask_halves.assign(w * ((h + 1) / 2), 0);
  keys.assign(w * h, 0);
  flat.assign(static_cast<std::size_t>(kMaskFilterSize) * w, 0);
  column.assign(w + kMaskFilterSize - 1, 0);
  modes.assign(3 * w, 0);
  edges.assign(2 * kMaxBands * w, 0);
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

// ---- whole pictures -----------------------------------------------------------------

void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool anti_dither, View<std::uint16_t> out) {
  make_dsp(cpu::active()).preprocess(luma, bpc, side, anti_dither, out, 0, side.height);
}

void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, std::uint8_t* flat_rows,
                  std::uint8_t* column_counts) {
  make_dsp(cpu::active()).spatial_mask(img, mask_index, mask, 0, img.height, flat_rows, column_counts);
}

void decimate(View<std::uint16_t> plane, unsigned new_width, unsigned new_height) {
  // In place: row i reads row 2i >= i, which no earlier row overwrote.
  View<std::uint16_t> out{plane.data, plane.stride, new_width, new_height};
  make_dsp(cpu::active()).decimate(plane, out, 0, new_height);
}

void decimate(View<std::uint8_t> plane, unsigned new_width, unsigned new_height) {
  View<std::uint8_t> out{plane.data, plane.stride, new_width, new_height};
  make_dsp(cpu::active()).decimate_mask(plane, out, 0, new_height);
}

void mode_filter(View<std::uint16_t> img, std::uint16_t* mode_rows) {
  make_dsp(cpu::active()).mode_filter(img, 0, img.height, nullptr, nullptr, mode_rows);
}

void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              Histograms& hist, std::vector<std::int16_t>& keys, TopKSelector& selector,
              std::vector<std::uint32_t>& positions) {
  const Dsp dsp = make_dsp(cpu::active());
  selector.clear();
  positions.clear();
  keys.resize(static_cast<std::size_t>(img.width) * img.height);
  const View<std::int16_t> k{keys.data(), static_cast<std::ptrdiff_t>(img.width), img.width, img.height};
  dsp.band_keys(img, mask, t, k, 0, img.height);
  hist.plan(t.band_size, img.width);
  std::vector<float> values;
  dsp.c_values(img, k, window, t, 0, img.height, hist, values, positions);
  for (const float c : values) selector.add(c);
}

// ---- pooling ------------------------------------------------------------------------

void quick_select_top_k(float* c, int n, int k) {
  // libvmaf quick_select: Hoare partitions around c[k] until c[0..k) holds the k largest.
  if (n == k) return;
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

double spatial_pooling_quickselect(float* c, int n, int k) {
  quick_select_top_k(c, n, k);
  double sum = 0;
  for (int i = 0; i < k; ++i) sum += c[i];
  return sum / k;
}

void scatter_c_values(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n,
                      float* out) {
  std::fill(out, out + n, 0.0f);
  for (std::size_t i = 0; i < positions.size(); ++i) out[positions[i]] = values[i];
}

}  // namespace fastvmaf::cambi
