// The stages of CAMBI on the CPU (libvmaf cambi.c) as row functions, one table filled
// for the CPU's flags (core/cpu.hpp): C entries first, then the AVX2 and AVX-512 ones.
// Every per-pixel formula comes from cambi_math.hpp; the entries only walk the pictures.
// The SIMD entries are the same C++ source (cambi_stages_tmpl.hpp) compiled for their
// instruction set, with -ffp-contract=off, so they are bit-identical (tests/dsp checks).
//
// Each entry computes rows [r0, r1) of its output, from inputs the caller keeps intact
// while the rows of other bands run (core/parallel.hpp), so a picture can be cut into
// bands run on several threads with the same result.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/cpu.hpp"
#include "fastvmaf/picture.hpp"
#include "features/cambi/cambi_math.hpp"

namespace fastvmaf::cambi {

struct SidePlan;

// A 10-bit picture, a mask or band keys, row-major with a stride in elements.
template <typename T>
struct View {
  T* data = nullptr;
  std::ptrdiff_t stride = 0;
  unsigned width = 0, height = 0;
  T* row(unsigned i) const { return data + static_cast<std::ptrdiff_t>(i) * stride; }
  operator View<const T>() const { return {data, stride, width, height}; }
};

// Window counts: counts[k * width + j] is the number of masked pixels of value
// band_base + k in the window of column j. Rows dirty_lo..dirty_hi (of the width last
// used) may be non-zero; c_values clears them before it starts.
struct Histograms {
  std::vector<std::uint16_t> counts;
  std::vector<std::int16_t> slide;  // two rows: the leaving and entering keys that change
  std::vector<float> row_values;            // one row's c-values before the zeros are dropped
  std::vector<std::uint32_t> row_positions;  // and their pixel indices
  int width = 0, dirty_lo = 0, dirty_hi = -1;
  // Room for `band_size` values of rows `width` wide.
  void plan(int band_size, unsigned width);
};

struct Dsp {
  // Rows [r0, r1) of the luma, resized to side.width x side.height through the
  // source-index tables and converted to 10 bits, then anti-dithered when `dither`
  // (every output depends only on the source: libvmaf filters in place, top to bottom,
  // reading pixels to the right and below, still unfiltered).
  void (*preprocess)(const Plane& luma, unsigned bpc, const SidePlan& side, bool dither, View<std::uint16_t> out,
                     unsigned r0, unsigned r1);
  // Rows [r0, r1) of the 7x7 zero-derivative mask of `img` (libvmaf get_spatial_mask).
  // flat: 7 rows of img.width; column: img.width + 6.
  void (*spatial_mask)(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, unsigned r0,
                       unsigned r1, std::uint8_t* flat, std::uint8_t* column);
  // Rows [r0, r1) of dst, the even rows and columns of src (dst.width x dst.height): a
  // picture and a mask.
  void (*decimate)(View<const std::uint16_t> src, View<std::uint16_t> dst, unsigned r0, unsigned r1);
  void (*decimate_mask)(View<const std::uint8_t> src, View<std::uint8_t> dst, unsigned r0, unsigned r1);
  // Rows [r0, r1) of the 3x3 mode filter (libvmaf filter_mode), in place: `above` and
  // `below` hold rows r0 - 1 and r1 as they were before any band filtered (unused at the
  // picture's edges); modes: 3 rows of img.width.
  void (*mode_filter)(View<std::uint16_t> img, unsigned r0, unsigned r1, const std::uint16_t* above,
                      const std::uint16_t* below, std::uint16_t* modes);
  // Rows [r0, r1) of the band keys: each pixel's value index in the band when the pixel
  // is masked and inside the band, else -1.
  void (*band_keys)(View<const std::uint16_t> img, View<const std::uint8_t> mask, const CValueTables& t,
                    View<std::int16_t> keys, unsigned r0, unsigned r1);
  // The non-zero c-values of rows [r0, r1), from sliding histograms of the window x
  // window neighbourhood clipped to the picture (keys of rows r0 - window / 2 .. r1 +
  // window / 2 are read): appended to `values` in row-major order, with their pixel
  // indices (row * width + column) in `positions`.
  void (*c_values)(View<const std::uint16_t> img, View<const std::int16_t> keys, int window, const CValueTables& t,
                   unsigned r0, unsigned r1, Histograms& hist, std::vector<float>& values,
                   std::vector<std::uint32_t>& positions);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
void fill_dsp_avx2(Dsp& d);    // cambi_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // cambi_avx512.cpp

}  // namespace fastvmaf::cambi
