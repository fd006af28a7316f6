#include "features/cambi/cambi_stages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "core/error.hpp"

#define FVMAF_CAMBI_ISA baseline
#include "features/cambi/cambi_stages_body.hpp"  // NOLINT(build/include): once per instruction set
#undef FVMAF_CAMBI_ISA

namespace fastvmaf::cambi {

CambiBuffers::CambiBuffers(const Plan& plan) {
  const std::size_t w = plan.alloc_width, h = plan.alloc_height;
  stride = static_cast<std::ptrdiff_t>(w);
  image.assign(w * h, 0);
  mask.assign(w * h, 0);
  flat.assign(static_cast<std::size_t>(kMaskFilterSize) * w, 0);
  column.assign(w + kMaskFilterSize - 1, 0);
  modes.assign(3 * w, 0);
  histograms.counts.assign(static_cast<std::size_t>(plan.tables.band_size) * w, 0);
  histograms.keys.assign(w * h, 0);
  histograms.slide.assign(2 * w, 0);
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

// ---- dispatch -----------------------------------------------------------------------

const StageFunctions& baseline_stages() {
  static const StageFunctions f{&baseline::preprocess, &baseline::spatial_mask, &baseline::decimate<std::uint16_t>,
                                &baseline::decimate<std::uint8_t>, &baseline::mode_filter, &baseline::c_values};
  return f;
}

const StageFunctions& best_stages() {
  static const StageFunctions& f = __builtin_cpu_supports("avx2") ? avx2_stages() : baseline_stages();
  return f;
}

void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool anti_dither, View<std::uint16_t> out) {
  best_stages().preprocess(luma, bpc, side, anti_dither, out);
}

void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, std::uint8_t* flat_rows,
                  std::uint8_t* column_counts) {
  best_stages().spatial_mask(img, mask_index, mask, flat_rows, column_counts);
}

void decimate(View<std::uint16_t> plane, unsigned new_width, unsigned new_height) {
  best_stages().decimate_image(plane, new_width, new_height);
}

void decimate(View<std::uint8_t> plane, unsigned new_width, unsigned new_height) {
  best_stages().decimate_mask(plane, new_width, new_height);
}

void mode_filter(View<std::uint16_t> img, std::uint16_t* mode_rows) { best_stages().mode_filter(img, mode_rows); }

void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              Histograms& hist, TopKSelector& selector, std::vector<std::uint32_t>& positions) {
  best_stages().c_values(img, mask, window, t, hist, selector, positions);
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
