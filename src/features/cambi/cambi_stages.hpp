// The stages of CAMBI on the CPU, as functions on planned buffers (libvmaf cambi.c):
// preprocess -> spatial mask -> per scale: decimate, mode filter, c-values, pooling.
// Every per-pixel formula comes from cambi_math.hpp; these functions only walk the
// pictures. Buffers are planned by the caller (CambiBuffers) at init; only the list of
// non-zero c-values grows (to its largest size over the first frames), and the dense
// c-value array is allocated when a scale first needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fastvmaf/picture.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi {

// A 10-bit picture or a mask, row-major with a stride in elements.
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
// used) may be non-zero; c_values() clears them before it starts.
struct Histograms {
  std::vector<std::uint16_t> counts;
  std::vector<std::int16_t> keys;   // band index of every pixel, -1 outside (mask, band)
  std::vector<std::int16_t> slide;  // two rows: the leaving and entering keys that change
  int width = 0, dirty_lo = 0, dirty_hi = -1;
};

// Everything one side (distorted or reference) needs, sized for the plan's largest plane.
struct CambiBuffers {
  explicit CambiBuffers(const Plan& plan);
  std::vector<std::uint16_t> image;    // alloc_width x alloc_height, 10-bit samples
  std::vector<std::uint8_t> mask;      // alloc_width x alloc_height, 0 or 1
  std::vector<std::uint8_t> flat;      // 7 rows of zero-derivative flags (mask ring)
  std::vector<std::uint8_t> column;    // column counts of the mask filter, padded by 3 each side
  std::vector<std::uint16_t> modes;    // 3 rows of horizontal modes (mode filter ring)
  Histograms histograms;               // band_size x alloc_width
  TopKSelector selector;               // the non-zero c-values of the current scale
  std::vector<std::uint32_t> positions;  // their pixel indices
  std::vector<float> c_values;         // the dense array, allocated the first time it is needed
  std::ptrdiff_t stride = 0;           // of image and mask
};

// Throws InputError when a sample exceeds the bit depth (libvmaf validate_image).
void validate_samples(const Plane& luma, unsigned bpc);
// The picture's luma, resized to side.width x side.height through the source-index tables
// and converted to 10 bits, then anti-dithered when the encode is below 10 bits.
void preprocess(const Plane& luma, unsigned bpc, const SidePlan& side, bool anti_dither, View<std::uint16_t> out);
// The 7x7 zero-derivative mask of `img` (libvmaf get_spatial_mask).
void spatial_mask(View<const std::uint16_t> img, int mask_index, View<std::uint8_t> mask, std::uint8_t* flat_rows,
                  std::uint8_t* column_counts);
// Keeps every other row and column, in place: out(i, j) = in(2i, 2j) for the new size.
void decimate(View<std::uint16_t> plane, unsigned new_width, unsigned new_height);
void decimate(View<std::uint8_t> plane, unsigned new_width, unsigned new_height);
// The 3x3 mode filter, in place (libvmaf filter_mode).
void mode_filter(View<std::uint16_t> img, std::uint16_t* mode_rows);
// The non-zero c-values of the picture, from sliding histograms of the window x window
// neighbourhood clipped to the frame: added to `selector` in row-major order, with their
// pixel indices (row * width + column) in `positions`. Both are cleared first. The
// c-value of every other pixel (outside the mask, outside the band, no contrast) is 0.
void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              Histograms& hist, TopKSelector& selector, std::vector<std::uint32_t>& positions);
// The dense c-value array of n pixels from the non-zero ones.
void scatter_c_values(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n,
                      float* out);
// The stages above as one set of functions per instruction set: the same source compiled
// for the baseline target and with AVX2 (cambi_stages_body.hpp). The free functions above
// call best_stages(): AVX2 where the CPU has it. Tests compare the two sets.
struct StageFunctions {
  void (*preprocess)(const Plane&, unsigned, const SidePlan&, bool, View<std::uint16_t>);
  void (*spatial_mask)(View<const std::uint16_t>, int, View<std::uint8_t>, std::uint8_t*, std::uint8_t*);
  void (*decimate_image)(View<std::uint16_t>, unsigned, unsigned);
  void (*decimate_mask)(View<std::uint8_t>, unsigned, unsigned);
  void (*mode_filter)(View<std::uint16_t>, std::uint16_t*);
  void (*c_values)(View<const std::uint16_t>, View<const std::uint8_t>, int, const CValueTables&, Histograms&,
                   TopKSelector&, std::vector<std::uint32_t>&);
};
const StageFunctions& baseline_stages();
// Only to be called on a CPU with AVX2.
const StageFunctions& avx2_stages();
const StageFunctions& best_stages();

// libvmaf quick_select: reorders c so that c[0..k) holds the k largest, in the order
// libvmaf's partitions leave them.
void quick_select_top_k(float* c, int n, int k);
// libvmaf's spatial_pooling on the dense array: quick select, then the double sum of the
// first k in that order, divided by k.
double spatial_pooling_quickselect(float* c, int n, int k);

}  // namespace fastvmaf::cambi
