// The source of CAMBI's DSP entries (cambi_dsp.hpp), written once as templates on the
// unit's own tag: cambi_dsp.cpp instantiates them for the C entries, cambi_avx2.cpp and
// cambi_avx512.cpp for their instruction sets. Integer loops and the float c-value of
// cambi_math.hpp, with -ffp-contract=off everywhere, so every instantiation gives the
// same bits. A tag from an anonymous namespace keeps each unit's copies its own.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

#include "core/sample.hpp"
#include "features/cambi/cambi_dsp.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi {

template <class Isa>
struct Stages {
  // ---- preprocessing ----------------------------------------------------------------

  // out(i, j) = to_10bit(source sample), anti-dithered with its right, lower and diagonal
  // neighbours: anti_dither_2x2 inside, anti_dither_pair on the last column and row, the
  // last pixel as converted.
  template <typename T, bool Resize, bool Dither>
  static void convert_rows(const Plane& luma, unsigned bpc, const SidePlan& side, View<std::uint16_t> out, unsigned r0,
                           unsigned r1) {
    const unsigned w = out.width, h = out.height;
    const std::uint32_t* sx = side.source_x.data();
    auto src_row = [&](unsigned i) { return luma.row<T>(Resize ? side.source_y[i] : i); };
    auto at = [&](const T* r, unsigned j) { return to_10bit(r[Resize ? sx[j] : j], bpc); };
    for (unsigned i = r0; i < r1; ++i) {
      const T* r = src_row(i);
      std::uint16_t* o = out.row(i);
      if constexpr (!Dither) {
        for (unsigned j = 0; j < w; ++j) o[j] = at(r, j);
      } else if (i + 1 < h) {
        const T* below = src_row(i + 1);
        for (unsigned j = 0; j + 1 < w; ++j)
          o[j] = anti_dither_2x2(at(r, j), at(r, j + 1), at(below, j), at(below, j + 1));
        o[w - 1] = anti_dither_pair(at(r, w - 1), at(below, w - 1));
      } else {
        for (unsigned j = 0; j + 1 < w; ++j) o[j] = anti_dither_pair(at(r, j), at(r, j + 1));
        o[w - 1] = at(r, w - 1);
      }
    }
  }

  static void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool dither, View<std::uint16_t> out,
                         unsigned r0, unsigned r1) {
    out.width = side.width;
    out.height = side.height;
    const bool resize = side.width != luma.width || side.height != luma.height;
    with_sample_type(bpc, [&]<class T>() {
      if (resize)
        dither ? convert_rows<T, true, true>(luma, bpc, side, out, r0, r1)
               : convert_rows<T, true, false>(luma, bpc, side, out, r0, r1);
      else
        dither ? convert_rows<T, false, true>(luma, bpc, side, out, r0, r1)
               : convert_rows<T, false, false>(luma, bpc, side, out, r0, r1);
    });
  }

  // ---- spatial mask -----------------------------------------------------------------

  static void flat_row(View<const std::uint16_t> img, unsigned r, std::uint8_t* flat) {
    const int w = static_cast<int>(img.width);
    const bool last_row = r + 1 == img.height;
    const std::uint16_t* p = img.row(r);
    const std::uint16_t* below = last_row ? p : img.row(r + 1);
    for (int j = 0; j + 1 < w; ++j) flat[j] = zero_derivative(p[j], p[j + 1], below[j], false, last_row);
    flat[w - 1] = zero_derivative(p[w - 1], p[w - 1], below[w - 1], true, last_row);
  }

  static void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, unsigned r0,
                           unsigned r1, std::uint8_t* flat_rows, std::uint8_t* column) {
    constexpr int pad = kMaskFilterSize / 2;
    const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
    auto ring = [&](int r) { return flat_rows + static_cast<std::ptrdiff_t>(r % kMaskFilterSize) * w; };
    // column[pad + j]: flat pixels of column j in rows i-3..i+3 inside the frame; pad
    // zero columns on either side stand for the outside.
    std::fill(column, column + w + 2 * pad, 0);
    std::uint8_t* col = column + pad;
    const int first = static_cast<int>(r0);
    for (int r = std::max(0, first - pad); r <= std::min(first + pad, h - 1); ++r) {
      flat_row(img, static_cast<unsigned>(r), ring(r));
      const std::uint8_t* f = ring(r);
      for (int j = 0; j < w; ++j) col[j] = static_cast<std::uint8_t>(col[j] + f[j]);
    }
    for (int i = first; i < static_cast<int>(r1); ++i) {
      if (i > first) {
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

  // ---- decimation, mode filter ------------------------------------------------------

  template <typename T>
  static void decimate(View<const T> src, View<T> dst, unsigned r0, unsigned r1) {
    for (unsigned i = r0; i < r1; ++i) {
      T* out = dst.row(i);
      const T* in = src.row(2 * i);
      // A size_t index: with an unsigned one, 2 * j could wrap, and the compiler keeps
      // the loop scalar.
      for (std::size_t j = 0; j < dst.width; ++j) out[j] = in[2 * j];
    }
  }

  static void mode_filter(View<std::uint16_t> img, unsigned r0, unsigned r1, const std::uint16_t* above,
                          const std::uint16_t* below, std::uint16_t* mode_rows) {
    const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
    if (h < 3) return;
    // Rows 1 .. h - 2 are filtered; each from the horizontal modes of the unfiltered rows
    // above, at and below it (a ring of three: row r in slot r % 3).
    const int first = std::max(1, static_cast<int>(r0)), end = std::min(h - 1, static_cast<int>(r1));
    if (first >= end) return;
    auto modes = [&](int r) { return mode_rows + static_cast<std::ptrdiff_t>(r % 3) * w; };
    auto fill = [&](int r, const std::uint16_t* in) {
      std::uint16_t* m = modes(r);
      m[0] = in[0];
      for (int j = 1; j + 1 < w; ++j) m[j] = mode3(in[j - 1], in[j], in[j + 1]);
      m[w - 1] = in[w - 1];
    };
    auto unfiltered = [&](int r) {
      if (r < static_cast<int>(r0)) return above;
      if (r >= static_cast<int>(r1)) return below;
      return static_cast<const std::uint16_t*>(img.row(static_cast<unsigned>(r)));
    };
    fill(first - 1, unfiltered(first - 1));
    fill(first, unfiltered(first));
    for (int i = first; i < end; ++i) {
      fill(i + 1, unfiltered(i + 1));  // row i + 1 is still unfiltered: only rows above i were written
      const std::uint16_t *a = modes(i - 1), *b = modes(i), *c = modes(i + 1);
      std::uint16_t* out = img.row(static_cast<unsigned>(i));
      for (int j = 0; j < w; ++j) out[j] = mode3(a[j], b[j], c[j]);
    }
  }

  // ---- c-values ---------------------------------------------------------------------

  static void band_keys(View<const std::uint16_t> img, View<const std::uint8_t> mask, const CValueTables& t,
                        View<std::int16_t> keys, unsigned r0, unsigned r1) {
    const int w = static_cast<int>(img.width);
    const auto base = static_cast<std::int16_t>(t.band_base), size = static_cast<std::int16_t>(t.band_size);
    for (unsigned i = r0; i < r1; ++i) {
      const std::uint16_t* v = img.row(i);
      const std::uint8_t* m = mask.row(i);
      std::int16_t* k = keys.row(i);
      for (int j = 0; j < w; ++j) {
        const auto key = static_cast<std::int16_t>(v[j] - base);  // 10-bit values: no overflow
        k[j] = m[j] != 0 && key >= 0 && key < size ? key : std::int16_t{-1};
      }
    }
  }

  // Adds delta to the window counts of every pixel of the run [a, b] (one value): column
  // c of the histogram row gains delta times the run's pixels within pad of c, which
  // rises by one per column, stays at min(run, window), then falls by one per column.
  static void add_run(std::uint16_t* h, int a, int b, int pad, int w, int delta) {
    const int flat_lo = std::min(a + pad, b - pad), flat_hi = std::max(a + pad, b - pad);
    const int lo = std::max(0, a - pad), hi = std::min(w - 1, b + pad);
    const int rise_end = std::min(flat_lo, hi + 1), fall_begin = std::max(flat_hi + 1, lo);
    for (int c = lo; c < rise_end; ++c) h[c] = static_cast<std::uint16_t>(h[c] + delta * (c + pad - a + 1));
    const auto plateau = static_cast<std::uint16_t>(delta * std::min(b - a + 1, 2 * pad + 1));
    for (int c = std::max(flat_lo, lo); c <= std::min(flat_hi, hi); ++c)
      h[c] = static_cast<std::uint16_t>(h[c] + plateau);
    for (int c = fall_begin; c <= hi; ++c) h[c] = static_cast<std::uint16_t>(h[c] + delta * (b + pad - c + 1));
  }

  // The first index from x on whose key is not `key` (w if none), four keys at a time:
  // the lowest differing bit of a little-endian word is in its first differing key.
  static int run_end(const std::int16_t* keys, int x, int w, std::int16_t key) {
    const std::uint64_t pattern = 0x0001000100010001ull * static_cast<std::uint16_t>(key);
    for (; x + 4 <= w; x += 4) {
      std::uint64_t four;
      std::memcpy(&four, keys + x, sizeof four);
      if (const std::uint64_t differ = four ^ pattern; differ != 0) {
        if constexpr (std::endian::native == std::endian::little) return x + std::countr_zero(differ) / 16;
        break;
      }
    }
    while (x < w && keys[x] == key) ++x;
    return x;
  }

  static void add_runs(Histograms& hist, const std::int16_t* keys, int w, int pad, int delta) {
    for (int x = run_end(keys, 0, w, -1); x < w; x = run_end(keys, x, w, -1)) {
      const std::int16_t k = keys[x];
      const int end = run_end(keys, x + 1, w, k);
      add_run(hist.counts.data() + static_cast<std::ptrdiff_t>(k) * w, x, end - 1, pad, w, delta);
      hist.dirty_lo = std::min<int>(hist.dirty_lo, k);
      hist.dirty_hi = std::max<int>(hist.dirty_hi, k);
      x = end;
    }
  }

  // One contrast's candidates for n pixels of one band key: p0, up and down are the
  // histogram rows of the key and of the keys d + 1 above and below (down null below the
  // band, where the counts are 0), from the run's first column. __restrict lets the
  // compiler vectorise the loop with its table lookups (it cannot check their overlap).
  static void add_contrast(const std::uint16_t* __restrict p0, const std::uint16_t* __restrict up,
                           const std::uint16_t* __restrict down, int weight, int n, float* __restrict c) {
    if (down != nullptr) {
      for (int j = 0; j < n; ++j) {
        const unsigned pm = std::max(up[j], down[j]);
        c[j] = larger_c_value(c[j], c_value_term(weight, p0[j], pm, kReciprocalLut));
      }
    } else {
      for (int j = 0; j < n; ++j) c[j] = larger_c_value(c[j], c_value_term(weight, p0[j], up[j], kReciprocalLut));
    }
  }

  // c_value_pixel for the pixels [x, e) of one row that all have the band key `key`
  // (so one value), written into c[x..e): each pixel's counts sit in the same histogram
  // rows, so every contrast is a loop over contiguous columns. Per pixel it is
  // c_value_pixel's arithmetic in c_value_pixel's order.
  static void c_value_run(const std::uint16_t* counts, int w, int key, int x, int e, const CValueTables& t,
                          float* c) {
    const auto row = [counts, w, x](int k) { return counts + static_cast<std::ptrdiff_t>(k) * w + x; };
    std::fill(c + x, c + e, 0.0f);
    const int value = t.band_base + key + t.num_diffs;
    for (int d = 0; d < t.num_diffs; ++d) {
      if (!contrast_counts(value, d, t)) continue;
      // key + d + 1 is inside the band, as in c_value_pixel
      add_contrast(row(key), row(key + d + 1), key - d - 1 >= 0 ? row(key - d - 1) : nullptr, t.weights[d], e - x,
                   c + x);
    }
  }

  static void c_values(View<const std::uint16_t> img, View<const std::int16_t> keys, int window, const CValueTables& t,
                       unsigned r0, unsigned r1, Histograms& hist, std::vector<float>& values,
                       std::vector<std::uint32_t>& positions) {
    const int w = static_cast<int>(img.width), h = static_cast<int>(img.height);
    const int pad = window >> 1;
    if (t.band_size == 0 || r0 >= r1) return;
    if (hist.dirty_lo <= hist.dirty_hi)
      std::fill(hist.counts.begin() + static_cast<std::ptrdiff_t>(hist.dirty_lo) * hist.width,
                hist.counts.begin() + static_cast<std::ptrdiff_t>(hist.dirty_hi + 1) * hist.width, 0);
    hist.width = w;
    hist.dirty_lo = t.band_size;
    hist.dirty_hi = -1;
    auto key_row = [&](int r) { return keys.row(static_cast<unsigned>(r)); };

    // The window of row r0 holds rows r0 - pad .. r0 + pad (inside the picture); each
    // next row lets row i+pad in and row i-pad-1 out. A column whose leaving and
    // entering pixels share a band value is unchanged, so both are dropped.
    const int first = static_cast<int>(r0);
    for (int r = std::max(0, first - pad); r <= std::min(first + pad, h - 1); ++r) add_runs(hist, key_row(r), w, pad, +1);
    std::int16_t* leave = hist.slide.data();
    std::int16_t* enter = leave + w;
    for (int i = first; i < static_cast<int>(r1); ++i) {
      if (i > first) {
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
      // Runs of one key at a time, then the row's non-zero c-values kept in column order
      // (without a branch on each, which about half of a picture's pixels mispredict).
      const std::int16_t* k = key_row(i);
      float* row_c = hist.row_values.data();
      std::uint32_t* kept_positions = hist.row_positions.data();
      float* kept_values = row_c;  // kept values overwrite row_c behind the reading
      int kept = 0;
      for (int x = run_end(k, 0, w, -1); x < w; x = run_end(k, x, w, -1)) {
        const std::int16_t key = k[x];
        const int e = run_end(k, x + 1, w, key);
        c_value_run(hist.counts.data(), w, key, x, e, t, row_c);
        for (int j = x; j < e; ++j) {
          const float c = row_c[j];
          kept_values[kept] = c;
          kept_positions[kept] = static_cast<std::uint32_t>(i * w + j);
          kept += c != 0.0f;
        }
        x = e;
      }
      values.insert(values.end(), kept_values, kept_values + kept);
      positions.insert(positions.end(), kept_positions, kept_positions + kept);
    }
  }

  FVMAF_DSP_FILL static void fill(Dsp& d) {
    d.preprocess = preprocess;
    d.spatial_mask = spatial_mask;
    d.decimate = decimate<std::uint16_t>;
    d.decimate_mask = decimate<std::uint8_t>;
    d.mode_filter = mode_filter;
    d.band_keys = band_keys;
    d.c_values = c_values;
  }
};

}  // namespace fastvmaf::cambi
