// The hot CAMBI stages, compiled twice: for the baseline x86-64 target in
// cambi_stages.cpp and with AVX2 in cambi_avx2.cpp (FVMAF_CAMBI_ISA names the namespace).
// The source is the same, integer loops and the float c-value of cambi_math.hpp, with
// -ffp-contract=off in both, so the two are bit-identical (and tested to be).
// No include guard: meant to be included once per instruction set.

#include <algorithm>
#include <cstring>

#include "features/cambi/cambi_math.hpp"
#include "features/cambi/cambi_stages.hpp"

#ifndef FVMAF_CAMBI_ISA
#error "define FVMAF_CAMBI_ISA before including cambi_stages_body.hpp"
#endif

namespace fastvmaf::cambi::FVMAF_CAMBI_ISA {

// ---- preprocessing ------------------------------------------------------------------

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

// Conversion and anti-dithering in one pass when the picture is not resized: the same
// per-pixel formulas on the converted samples.
template <typename T>
void convert_anti_dither(const Plane& luma, unsigned bpc, View<std::uint16_t> out) {
  const unsigned w = out.width, h = out.height;
  for (unsigned i = 0; i < h; ++i) {
    const T* r = luma.row<T>(i);
    const T* below = luma.row<T>(i + 1 < h ? i + 1 : i);
    std::uint16_t* o = out.row(i);
    if (i + 1 < h) {
      for (unsigned j = 0; j + 1 < w; ++j)
        o[j] = anti_dither_2x2(to_10bit(r[j], bpc), to_10bit(r[j + 1], bpc), to_10bit(below[j], bpc),
                               to_10bit(below[j + 1], bpc));
      o[w - 1] = anti_dither_pair(to_10bit(r[w - 1], bpc), to_10bit(below[w - 1], bpc));
    } else {
      for (unsigned j = 0; j + 1 < w; ++j) o[j] = anti_dither_pair(to_10bit(r[j], bpc), to_10bit(r[j + 1], bpc));
      o[w - 1] = to_10bit(r[w - 1], bpc);
    }
  }
}

}  // namespace

void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool dither, View<std::uint16_t> out) {
  out.width = side.width;
  out.height = side.height;
  const bool identity = side.width == luma.width && side.height == luma.height;
  if (dither && identity) {
    if (bpc <= 8)
      convert_anti_dither<std::uint8_t>(luma, bpc, out);
    else
      convert_anti_dither<std::uint16_t>(luma, bpc, out);
    return;
  }
  if (bpc <= 8)
    convert<std::uint8_t>(luma, bpc, side, out);
  else
    convert<std::uint16_t>(luma, bpc, side, out);
  if (dither) anti_dither(out);
}

// ---- spatial mask -------------------------------------------------------------------

namespace {

void flat_row(View<const std::uint16_t> img, unsigned r, std::uint8_t* flat) {
  const int w = static_cast<int>(img.width);
  const bool last_row = r + 1 == img.height;
  const std::uint16_t* p = img.row(r);
  const std::uint16_t* below = last_row ? p : img.row(r + 1);
  for (int j = 0; j + 1 < w; ++j) flat[j] = zero_derivative(p[j], p[j + 1], below[j], false, last_row);
  flat[w - 1] = zero_derivative(p[w - 1], p[w - 1], below[w - 1], true, last_row);
}

}  // namespace

void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, std::uint8_t* flat_rows,
                  std::uint8_t* column) {
  constexpr int pad = kMaskFilterSize / 2;
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  auto ring = [&](int r) { return flat_rows + static_cast<std::ptrdiff_t>(r % kMaskFilterSize) * w; };
  // column[pad + j]: flat pixels of column j in rows i-3..i+3 inside the frame; pad zero
  // columns on either side stand for the outside.
  std::fill(column, column + w + 2 * pad, 0);
  std::uint8_t* col = column + pad;
  for (int r = 0; r <= std::min(pad, h - 1); ++r) {
    flat_row(img, static_cast<unsigned>(r), ring(r));
    const std::uint8_t* f = ring(r);
    for (int j = 0; j < w; ++j) col[j] = static_cast<std::uint8_t>(col[j] + f[j]);
  }
  for (int i = 0; i < h; ++i) {
    if (i > 0) {
      const int enter = i + pad, leave = i - pad - 1;
      if (leave >= 0) {
        const std::uint8_t* f = ring(leave);
        for (int j = 0; j < w; ++j) col[j] = static_cast<std::uint8_t>(col[j] - f[j]);
      }
      if (enter < h) {
        flat_row(img, static_cast<unsigned>(enter), ring(enter));
        const std::uint8_t* f = ring(enter);
        for (int j = 0; j < w; ++j) col[j] = static_cast<std::uint8_t>(col[j] + f[j]);
      }
    }
    std::uint8_t* m = mask.row(static_cast<unsigned>(i));
    for (int j = 0; j < w; ++j) {
      const unsigned sum = col[j - 3] + col[j - 2] + col[j - 1] + col[j] + col[j + 1] + col[j + 2] + col[j + 3];
      m[j] = in_mask(sum, static_cast<unsigned>(mask_index));
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

void mode_filter(View<std::uint16_t> img, std::uint16_t* mode_rows) {
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  if (h < 3) return;
  auto modes = [&](int r) { return mode_rows + static_cast<std::ptrdiff_t>(r % 3) * w; };
  auto fill = [&](int r) {
    const std::uint16_t* in = img.row(static_cast<unsigned>(r));
    std::uint16_t* m = modes(r);
    m[0] = in[0];
    for (int j = 1; j + 1 < w; ++j) m[j] = mode3(in[j - 1], in[j], in[j + 1]);
    m[w - 1] = in[w - 1];
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

// The histogram row of every pixel: its value's index in the band when the pixel is
// masked and inside the band, else -1.
void band_keys(View<const std::uint16_t> img, View<const std::uint8_t> mask, const CValueTables& t,
               std::int16_t* keys) {
  const int w = static_cast<int>(img.width);
  const auto base = static_cast<std::int16_t>(t.band_base), size = static_cast<std::int16_t>(t.band_size);
  for (unsigned i = 0; i < img.height; ++i) {
    const std::uint16_t* v = img.row(i);
    const std::uint8_t* m = mask.row(i);
    std::int16_t* k = keys + static_cast<std::ptrdiff_t>(i) * w;
    for (int j = 0; j < w; ++j) {
      const auto key = static_cast<std::int16_t>(v[j] - base);  // 10-bit values: no overflow
      k[j] = m[j] != 0 && key >= 0 && key < size ? key : std::int16_t{-1};
    }
  }
}

// Adds delta to the window counts of every pixel of the run [a, b] (one value): column c
// of the histogram row gains delta times the run's pixels within pad of c, which rises by
// one per column, stays at min(run, window), then falls by one per column.
void add_run(std::uint16_t* h, int a, int b, int pad, int w, int delta) {
  const int flat_lo = std::min(a + pad, b - pad), flat_hi = std::max(a + pad, b - pad);
  const int lo = std::max(0, a - pad), hi = std::min(w - 1, b + pad);
  const int rise_end = std::min(flat_lo, hi + 1), fall_begin = std::max(flat_hi + 1, lo);
  for (int c = lo; c < rise_end; ++c) h[c] = static_cast<std::uint16_t>(h[c] + delta * (c + pad - a + 1));
  const auto plateau = static_cast<std::uint16_t>(delta * std::min(b - a + 1, 2 * pad + 1));
  for (int c = std::max(flat_lo, lo); c <= std::min(flat_hi, hi); ++c) h[c] = static_cast<std::uint16_t>(h[c] + plateau);
  for (int c = fall_begin; c <= hi; ++c) h[c] = static_cast<std::uint16_t>(h[c] + delta * (b + pad - c + 1));
}

// The first index from x on whose key is not `key` (w if none), four keys at a time.
int run_end(const std::int16_t* keys, int x, int w, std::int16_t key) {
  const std::uint64_t pattern = 0x0001000100010001ull * static_cast<std::uint16_t>(key);
  for (; x + 4 <= w; x += 4) {
    std::uint64_t four;
    std::memcpy(&four, keys + x, sizeof four);
    if (four != pattern) break;
  }
  while (x < w && keys[x] == key) ++x;
  return x;
}

void add_runs(Histograms& hist, const std::int16_t* keys, int w, int pad, int delta) {
  for (int x = run_end(keys, 0, w, -1); x < w; x = run_end(keys, x, w, -1)) {
    const std::int16_t k = keys[x];
    const int end = run_end(keys, x + 1, w, k);
    add_run(hist.counts.data() + static_cast<std::ptrdiff_t>(k) * w, x, end - 1, pad, w, delta);
    hist.dirty_lo = std::min<int>(hist.dirty_lo, k);
    hist.dirty_hi = std::max<int>(hist.dirty_hi, k);
    x = end;
  }
}

}  // namespace

void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              Histograms& hist, TopKSelector& selector, std::vector<std::uint32_t>& positions) {
  const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
  const int pad = window >> 1;
  selector.clear();
  positions.clear();
  if (t.band_size == 0) return;
  if (hist.dirty_lo <= hist.dirty_hi)
    std::fill(hist.counts.begin() + static_cast<std::ptrdiff_t>(hist.dirty_lo) * hist.width,
              hist.counts.begin() + static_cast<std::ptrdiff_t>(hist.dirty_hi + 1) * hist.width, 0);
  hist.width = w;
  hist.dirty_lo = t.band_size;
  hist.dirty_hi = -1;
  std::int16_t* keys = hist.keys.data();
  band_keys(img, mask, t, keys);
  auto key_row = [&](int r) { return keys + static_cast<std::ptrdiff_t>(r) * w; };

  // The window of row 0 holds rows 0..pad; each next row lets row i+pad in and row
  // i-pad-1 out. A column whose leaving and entering pixels share a band value is
  // unchanged, so both are dropped.
  for (int r = 0; r <= std::min(pad, h - 1); ++r) add_runs(hist, key_row(r), w, pad, +1);
  std::int16_t* leave = hist.slide.data();
  std::int16_t* enter = leave + w;
  for (int i = 0; i < h; ++i) {
    if (i > 0) {
      const bool out_row = i - pad - 1 >= 0, in_row = i + pad < h;
      if (out_row && in_row) {
        const std::int16_t *l = key_row(i - pad - 1), *e = key_row(i + pad);
        for (int j = 0; j < w; ++j) {
          const bool same = l[j] == e[j];
          leave[j] = same ? std::int16_t{-1} : l[j];
          enter[j] = same ? std::int16_t{-1} : e[j];
        }
        add_runs(hist, leave, w, pad, -1);
        add_runs(hist, enter, w, pad, +1);
      } else if (out_row) {
        add_runs(hist, key_row(i - pad - 1), w, pad, -1);
      } else if (in_row) {
        add_runs(hist, key_row(i + pad), w, pad, +1);
      }
    }
    const std::int16_t* k = key_row(i);
    const std::uint16_t* v = img.row(static_cast<unsigned>(i));
    const std::uint16_t* counts = hist.counts.data();
    for (int j = run_end(k, 0, w, -1); j < w; j = run_end(k, j + 1, w, -1)) {
      const std::uint16_t* col = counts + j;
      const float c = c_value_pixel(
          v[j], t, kReciprocalLut, [col, w](int n) { return static_cast<unsigned>(col[static_cast<std::ptrdiff_t>(n) * w]); });
      if (c != 0.0f) {
        selector.add(c);
        positions.push_back(static_cast<std::uint32_t>(i * w + j));
      }
    }
  }
}

}  // namespace fastvmaf::cambi::FVMAF_CAMBI_ISA
