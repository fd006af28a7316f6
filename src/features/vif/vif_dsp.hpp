// The block functions of the CPU VIF (libvmaf's vif_statistic_8/16 and
// subsample_rd_8/16), one table filled for the CPU's flags (core/cpu.hpp): C entries
// first, then the AVX2, AVX-512 and AVX-512 VNNI ones (vif_simd.hpp), each giving the C entry's result
// for every input (tests/dsp checks it).
//
// An entry computes a band of rows of one scale: the statistic's sums over output rows
// [y0, y1), or the rows [y0, y1) of the next scale's decimated planes. libvmaf's sums
// are integers, so bands add up to the whole frame exactly, whatever the split.
//
// libvmaf sums filter taps in uint32 (means) and uint64 (second moments). Here every
// sum is a uint32 lane so that it vectorises, with exactly the same results:
//  - a tap pair with equal coefficients is folded, f[k] * (x[k] + x[W-1-k]);
//  - a second moment below 2^32 per sample is split into 16-bit halves H and L;
//    sum(f * H) and sum(f * L) each stay below 2^32 (the taps sum to 65536), and
//    (sum(f * (H << 16 | L)) + round) >> s == (sum(f * H) << (16 - s)) +
//    ((sum(f * L) + round) >> s) for s <= 16, modulo 2^32 as libvmaf's cast;
//  - 8-bit samples at scale 0 need no split: libvmaf's own sums fit 32 bits there.
// Other differences from libvmaf's layout, none of which changes a value either:
//  - mirrored rows are read through row pointers instead of copied padding, and the
//    squares and products of an input row are computed once, kept in a ring, and reused
//    by the output rows that read it;
//  - the low-pass filter that feeds the next scale is evaluated only at the even rows
//    and columns that the decimation keeps.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/cpu.hpp"
#include "features/vif/vif_math.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf::vif {

// Spare elements on each side of a vertical row: the horizontal mirror needs 8, and the
// SIMD horizontal passes read one more (times a zero tap) past the right mirror.
inline constexpr unsigned kRowPad = 16;
inline constexpr int kMaxTaps = 17;
// Output rows the SIMD vertical pass computes together; the ring then holds the
// kMaxTaps + kRowBlock - 1 input rows they read.
inline constexpr int kRowBlock = 4;
inline constexpr int kRingSlots = kMaxTaps + kRowBlock - 1;
// Rows kept per input row in the ring: the C entries keep r*r, d*d, r*d as H and L
// halves (6); the SIMD entries also keep r and d (8).
inline constexpr int kRingRows = 8;
inline constexpr int kGenericProducts = 6;
// Vertically filtered rows: mu1, mu2, then H and L of xx, yy, xy.
inline constexpr int kVertical = 8;

// The rows one band works on, for a picture `width` samples wide (any layout an entry
// needs; planned by the caller, reused across frames).
struct RowScratch {
  unsigned width = 0;
  std::vector<std::uint16_t> ring;      // kRingSlots x kRingRows rows of width
  std::vector<std::uint16_t> vertical;  // kRowBlock x kVertical rows of width + 2 * kRowPad
  std::vector<std::uint32_t> sums;      // 7 rows of width: horizontal sums, scratch
  std::vector<std::int32_t> sigmas;     // 3 rows of width

  void plan(unsigned w);
  std::uint16_t* ring_row(int slot, int q) {
    return ring.data() + (static_cast<std::size_t>(slot) * kRingRows + q) * width;
  }
  std::uint16_t* vrow(int q, int block_row = 0) {
    return vertical.data() + (block_row * kVertical + q) * (width + 2 * kRowPad) + kRowPad;
  }
  std::uint32_t* sum(int q) { return sums.data() + static_cast<std::size_t>(q) * width; }
};

template <class T>
struct View {
  const T* data;
  std::ptrdiff_t stride;  // in samples
  unsigned w, h;
  const T* row(int y) const { return data + static_cast<std::ptrdiff_t>(y) * stride; }
};

// What a statistic entry computes. On an encoding ladder the reference's part of every
// scale is computed once for all the encodes (docs/adr/0014-encoding-ladder.md):
//  - Ref: for each output row y, sigma1_sq and the unshifted horizontal mean of the
//    reference (mu1), which depend on the reference alone, into rows y of
//    Band::ref_s1_out and Band::ref_mu1_out (w values a row, in the entry's column order:
//    the Dis entry of the same table reads them back, as Band::ref_s1 and ref_mu1); the
//    sums that read sigma1_sq alone (den_log, den_non_log).
//  - Dis: the other sums (num_log, num_non_log), reading sigma1_sq and mu1 from those rows
//    instead of computing them.
// Each value goes through the same operations as in the whole statistic (Both), only the
// reference's are done once, so the two parts' sums add up to Both's exactly (tests/dsp).
enum class Part { Both, Ref, Dis };

// A row of the reference's means mu1 as a part uses it: Part::Dis reads it, Part::Ref
// writes it.
template <Part P>
using Mu1Row = std::conditional_t<P == Part::Dis, const std::uint32_t*, std::uint32_t*>;

// What a band of one scale reads: both pictures at this scale, the band's rows, and the
// scale's rounding (stat_rounding / subsample_rounding).
template <class T>
struct Band {
  View<T> ref, dis;
  unsigned y0, y1;  // output rows: of this scale (stat), of the next one (subsample)
  VerticalRounding rnd;
  double gain_limit = 100.0;
  const std::uint16_t* log2 = nullptr;
  // The scale's rows of sigma1_sq and mu1, w per row: Part::Ref writes (and reads back)
  // the first two, Part::Dis reads the last two.
  std::int32_t* ref_s1_out = nullptr;
  std::uint32_t* ref_mu1_out = nullptr;
  const std::int32_t* ref_s1 = nullptr;
  const std::uint32_t* ref_mu1 = nullptr;
};

struct Dsp {
  // The statistic's sums over the band's rows: scale 0 on 8-bit samples, and scale s on
  // 16-bit ones (scale 0 of 9..16-bit video, scales 1..3 on the previous scale's means).
  VifAccum (*stat_u8)(const Band<std::uint8_t>& b, RowScratch& s);
  VifAccum (*stat[kScales])(const Band<std::uint16_t>& b, RowScratch& s);
  // The same in two parts (Part above): [0] the reference's, [1] the rest.
  VifAccum (*stat_part_u8[2])(const Band<std::uint8_t>& b, RowScratch& s);
  VifAccum (*stat_part[2][kScales])(const Band<std::uint16_t>& b, RowScratch& s);
  // Rows [y0, y1) of scale s + 1 from scale s (w / 2 samples each, rows of w / 2 from the
  // pointers given, which point at the next scale's row 0). A null output is not computed
  // (a ladder's encode takes the reference's from the run that computed it).
  void (*subsample_u8)(const Band<std::uint8_t>& b, std::uint16_t* out_ref, std::uint16_t* out_dis, RowScratch& s);
  void (*subsample[kScales - 1])(const Band<std::uint16_t>& b, std::uint16_t* out_ref, std::uint16_t* out_dis,
                                 RowScratch& s);
  // One row of sigmas (in any column order) added to a scale's sums.
  void (*accumulate)(VifAccum& acc, const std::int32_t* s1, const std::int32_t* s2, const std::int32_t* s12,
                     unsigned w, double gain_limit, const std::uint16_t* table);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
void fill_dsp_avx2(Dsp& d);    // vif_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // vif_avx512.cpp
void fill_dsp_avx512vnni(Dsp& d);  // vif_avx512vnni.cpp

template <int S>
constexpr const auto& taps() {
  if constexpr (S == 0)
    return kFilter0;
  else if constexpr (S == 1)
    return kFilter1;
  else if constexpr (S == 2)
    return kFilter2;
  else
    return kFilter3;
}

// p[-f] = p[f] and p[w-1+f] = p[w-1-f] for f in 1..r (libvmaf's PADDING_SQ_DATA).
template <class E>
inline void mirror_row(E* p, unsigned w, int r) {
  for (int f = 1; f <= r; ++f) {
    p[-f] = p[f];
    p[static_cast<int>(w) - 1 + f] = p[static_cast<int>(w) - 1 - f];
  }
}

}  // namespace fastvmaf::vif
