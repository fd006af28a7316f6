// The stages of CAMBI on the CPU on whole pictures (libvmaf cambi.c): preprocess ->
// spatial mask -> per scale: decimate, mode filter, c-values, pooling. The row
// functions are the table of cambi_dsp.hpp; buffers are planned by the caller
// (CambiBuffers) at init; only the lists of non-zero c-values grow (to their largest size
// over the first frames), and the dense c-value array is allocated when a scale first
// needs it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/huge_pages.hpp"
#include "fastvmaf/picture.hpp"
#include "features/cambi/cambi_dsp.hpp"
#include "features/cambi/cambi_params.hpp"

namespace fastvmaf::cambi {

// The most bands a stage of one picture is cut into (core/parallel.hpp).
inline constexpr unsigned kMaxBands = 16;

// Everything one side (distorted or reference) needs, sized for the plan's largest plane.
struct CambiBuffers {
  explicit CambiBuffers(const Plan& plan);
  // The frame-sized buffers on huge pages (core/huge_pages.hpp): 54 MB at 4K, whose
  // first touches on 4 KiB pages were a tenth of an 8-frame run.
  huge_pages::Vector<std::uint16_t> image;    // alloc_width x alloc_height, 10-bit samples
  huge_pages::Vector<std::uint16_t> halves;   // the decimated scales alternate between it and image
  huge_pages::Vector<std::uint8_t> mask;      // alloc_width x alloc_height, 0 or 1
  huge_pages::Vector<std::uint8_t> mask_halves;  // the decimated masks alternate between it and mask
  huge_pages::Vector<std::int16_t> keys;      // alloc_width x alloc_height band keys of the current scale
  std::vector<std::uint8_t> flat;      // 7 rows of zero-derivative flags (whole-picture functions)
  std::vector<std::uint8_t> column;    // column counts of the mask filter, padded by 3 each side
  std::vector<std::uint16_t> modes;    // 3 rows of horizontal modes (mode filter ring)
  std::vector<std::uint16_t> edges;    // the unfiltered rows around each band's edges
  TopKSelector selector;               // the non-zero c-values of the current scale
  std::vector<std::uint32_t> positions;  // their pixel indices
  std::vector<float> band_values[kMaxBands];           // each band's c-values, row-major
  std::vector<std::uint32_t> band_positions[kMaxBands];
  huge_pages::Vector<float> c_values;  // the dense array, allocated the first time it is needed
  std::ptrdiff_t stride = 0;           // of every plane above
};

// Throws InputError when a sample exceeds the bit depth (libvmaf validate_image).
void validate_samples(const Plane& luma, unsigned bpc);

// The stages on whole pictures, on this thread, with the table of cpu::active() (tests and
// tools; CambiScorer runs the same entries in bands):
// the picture's luma, resized to side.width x side.height through the source-index tables
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
// The non-zero c-values of the picture (mask at the picture's size), added to `selector`
// in row-major order with their pixel indices in `positions` (both cleared first); every
// other pixel's c-value is 0. `keys` holds width x height.
void c_values(View<const std::uint16_t> img, View<const std::uint8_t> mask, int window, const CValueTables& t,
              Histograms& hist, std::vector<std::int16_t>& keys, TopKSelector& selector,
              std::vector<std::uint32_t>& positions);
// The dense c-value array of n pixels from the non-zero ones.
void scatter_c_values(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n,
                      float* out);

// libvmaf quick_select: reorders c so that c[0..k) holds the k largest, in the order
// libvmaf's partitions leave them.
void quick_select_top_k(float* c, int n, int k);
// libvmaf's spatial_pooling on the dense array: quick select, then the double sum of the
// first k in that order, divided by k.
double spatial_pooling_quickselect(float* c, int n, int k);
// The same mean from the sparse c-values (`values` at the ascending pixel indices
// `positions`, every other pixel's 0), without the dense array, where libvmaf's first
// partition settles the sum: its pivot c[k] is 0, every value is positive, and the
// partition leaves only zeros from k on (fewer non-zero c-values than about n - k, the
// common case: 15 % of a 4K frame's pixels against the 40 % that n - k is at topk 0.6).
// Then the first k values are those the partition left, in its order, and the later
// partitions only swap zeros. False where that does not hold (the dense replay decides).
bool sparse_topk_mean(const std::vector<std::uint32_t>& positions, const std::vector<float>& values, int n, int k,
                      double& mean);

}  // namespace fastvmaf::cambi
