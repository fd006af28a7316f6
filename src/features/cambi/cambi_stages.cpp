#include "features/cambi/cambi_stages.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
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

// libvmaf's first partition with the pivot c[k] = 0 over n values that are 0 or positive:
// i skips the positive values and stops at each zero, j stops everywhere (no value is below
// the pivot), so step t swaps the t-th zero from the left, z_t, with c[n - 1 - t]. After
// step t the partition ends when i = z_t + 1 > j = n - 2 - t; before step t, when
// z_t > n - 1 - t (i then stops at n - t, the zero step t - 1 swapped there). Either way,
// after its T steps, positions below n - T keep their values or, at z_t, hold c[n - 1 - t],
// and positions from n - T on hold zeros, with j = n - 1 - T. With k >= n - T the later
// partitions see zeros only (left moves past j), so c[0..k) is final: its non-zero values,
// in position order, are the sum's terms (adding a zero never changes a double sum that
// started at +0).
// z_t = t + a with a the count of non-zero positions below it: a run of zeros after the
// a-th non-zero position (before the next) holds t from p[a - 1] + 1 - a to p[a] - 1 - a,
// and the partition ends at the first t where 2t + a >= n - 2: after step t if 2t + a <=
// n - 1 (T = t + 1), else before it (T = t); with no zero left, T = the zeros' count.
bool sparse_topk_mean(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n, int k,
                      double& mean) {
  const std::size_t m = positions.size();
  if (k <= 0 || k > n || values.size() != m || m >= static_cast<std::size_t>(n)) return false;
  const auto un = static_cast<std::int64_t>(n);
  const auto pos = [&positions](std::size_t i) { return static_cast<std::int64_t>(positions[i]); };
  for (std::size_t a = 0; a < m; ++a)
    if (!(values[a] > 0.0f) || positions[a] >= static_cast<std::uint64_t>(n) || (a > 0 && positions[a] <= positions[a - 1]))
      return false;
  double sum = 0;
  if (k == n) {  // quick select returns at once: the sum of every value, in position order
    for (const float v : values) sum += v;
    mean = sum / k;
    return true;
  }
  // The pivot c[k] must be a zero.
  if (std::binary_search(positions.begin(), positions.end(), static_cast<std::uint32_t>(k))) return false;
  std::int64_t steps = un - static_cast<std::int64_t>(m);  // no zero left
  for (std::size_t a = 0; a <= m; ++a) {
    const auto ia = static_cast<std::int64_t>(a);
    const std::int64_t first = (a == 0 ? 0 : pos(a - 1) + 1) - ia;  // the run's t
    const std::int64_t last = (a == m ? un : pos(a)) - ia;  // one past
    // The first t of the run with 2t + a >= n - 2, if any.
    const std::int64_t need = un - 2 - ia, from = need <= 0 ? 0 : (need + 1) / 2;
    const std::int64_t t = first > from ? first : from;
    if (t < last) {
      steps = 2 * t + ia <= un - 1 ? t + 1 : t;
      break;
    }
  }
  const std::int64_t left_end = un - steps;
  if (k < left_end) return false;  // the later partitions reorder values below k
  // The terms of c[0..left_end): the values that stay (positions below left_end) merged, by
  // position, with those from positions q >= left_end, each at z_(n - 1 - q): q falling,
  // t rising, so z_t rising.
  std::size_t stay = 0, moved = m, a = 0;  // moved: one past the next q, from the top
  while (moved > 0 && pos(moved - 1) >= left_end) {
    const std::int64_t t = un - 1 - pos(moved - 1);
    while (a < m && pos(a) <= t + static_cast<std::int64_t>(a)) ++a;
    const std::int64_t z = t + static_cast<std::int64_t>(a);
    for (; stay < m && pos(stay) < z; ++stay) sum += values[stay];
    sum += values[moved - 1];
    --moved;
  }
  for (; stay < m && pos(stay) < left_end; ++stay) sum += values[stay];
  mean = sum / k;
  return true;
}

void scatter_c_values(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n,
                      float* out) {
  std::fill(out, out + n, 0.0f);
  for (std::size_t i = 0; i < positions.size(); ++i) out[positions[i]] = values[i];
}

}  // namespace fastvmaf::cambi
