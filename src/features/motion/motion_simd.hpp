// Motion's SIMD entries, written once for both vector widths (core/simd.hpp):
// motion_avx2.cpp instantiates them for V256, motion_avx512.cpp for V512.
//
//  - vertical: the five difference rows interleaved in pairs (unpacklo/hi, within
//    128-bit lanes) and multiplied by tap pairs with madd; every product and sum fits
//    int32 (|d| < 2^15, the taps sum to 65536), as in the C entry.
//  - horizontal_sad: libvmaf sums the five products in 64 bits (they reach 2^32). Each
//    filtered value y (|y| <= 65536) is split into y = 256 a + b, b = y & 255, so that
//    A = sum f a and B = sum f b fit int32, and
//      (256 A + B + 32768) >> 16 == (A + ((B + 32768) >> 8)) >> 8
//    (floor division in two steps). a and b are int16, so madd applies: one unaligned
//    load at x + 2m holds the pairs (x[j + 2m], x[j + 2m + 1]) of the even outputs j,
//    another at x + 2m + 1 those of the odd ones; the sum of magnitudes does not care
//    about their order. Integer sums throughout: the results are the C entries' bits.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "core/simd.hpp"
#include "features/motion/motion_dsp.hpp"

namespace fastvmaf::motion::simd_entries {

template <class V>
typename V::I tap_pair(int k) {
  const std::uint32_t lo = static_cast<std::uint32_t>(kFilter[k]);
  const std::uint32_t hi = k + 1 < kTaps ? static_cast<std::uint32_t>(kFilter[k + 1]) : 0u;
  return V::set1_epi32(static_cast<std::int32_t>(lo | hi << 16));
}

template <class V>
void diff_row_8(const std::uint8_t* prev, const std::uint8_t* cur, unsigned w, std::int16_t* d) {
  constexpr unsigned kStep = V::kBytes / 2;
  unsigned j = 0;
  for (; j + kStep <= w; j += kStep)
    V::storeu(d + j, V::sub_epi16(V::cvtepu8_epi16(V::loadu_half(prev + j)), V::cvtepu8_epi16(V::loadu_half(cur + j))));
  for (; j < w; ++j) d[j] = static_cast<std::int16_t>(static_cast<int>(prev[j]) - static_cast<int>(cur[j]));
}

// Up to 15 bits: the wrapping 16-bit difference is the exact one.
template <class V>
void diff_row_16(const std::uint16_t* prev, const std::uint16_t* cur, unsigned w, std::int16_t* d) {
  constexpr unsigned kStep = V::kBytes / 2;
  unsigned j = 0;
  for (; j + kStep <= w; j += kStep) V::storeu(d + j, V::sub_epi16(V::loadu(prev + j), V::loadu(cur + j)));
  for (; j < w; ++j) d[j] = static_cast<std::int16_t>(static_cast<int>(prev[j]) - static_cast<int>(cur[j]));
}

template <class V>
bool vertical(const std::int16_t* const d[kTaps], unsigned w, unsigned bpc, std::int32_t* y) {
  using I = typename V::I;
  constexpr unsigned kStep = V::kBytes / 2;
  const I c01 = tap_pair<V>(0), c23 = tap_pair<V>(2), c4 = tap_pair<V>(4);
  const std::int32_t round = std::int32_t{1} << (bpc - 1);
  const I rnd = V::set1_epi32(round);
  const auto shift = V::count(static_cast<int>(bpc));
  const I zero = V::zero();
  I any = zero;
  unsigned j = 0;
  for (; j + kStep <= w; j += kStep) {
    const I d0 = V::loadu(d[0] + j), d1 = V::loadu(d[1] + j), d2 = V::loadu(d[2] + j), d3 = V::loadu(d[3] + j),
            d4 = V::loadu(d[4] + j);
    const I lo = V::add_epi32(V::add_epi32(V::madd_epi16(V::unpacklo_epi16(d0, d1), c01),
                                           V::madd_epi16(V::unpacklo_epi16(d2, d3), c23)),
                              V::madd_epi16(V::unpacklo_epi16(d4, zero), c4));
    const I hi = V::add_epi32(V::add_epi32(V::madd_epi16(V::unpackhi_epi16(d0, d1), c01),
                                           V::madd_epi16(V::unpackhi_epi16(d2, d3), c23)),
                              V::madd_epi16(V::unpackhi_epi16(d4, zero), c4));
    const I ylo = V::sra_epi32(V::add_epi32(lo, rnd), shift);
    const I yhi = V::sra_epi32(V::add_epi32(hi, rnd), shift);
    any = V::or_(any, V::or_(ylo, yhi));
    V::storeu(y + j, V::zip_lanes_lo(ylo, yhi));
    V::storeu(y + j + V::kLanes32, V::zip_lanes_hi(ylo, yhi));
  }
  std::int32_t rest = 0;
  for (; j < w; ++j) {
    std::int32_t acc = 0;
    for (int k = 0; k < kTaps; ++k) acc += kFilter[k] * d[k][j];
    y[j] = (acc + round) >> bpc;
    rest |= y[j];
  }
  return rest != 0 || !V::all_zero(any);
}

template <class V>
std::uint32_t horizontal_sad(const std::int32_t* y, unsigned w, std::int16_t* scratch) {
  using I = typename V::I;
  const int n = static_cast<int>(w);
  if (n < 2 * kRadius + 2 * V::kLanes32 + 2) {  // too narrow for one block: as the C entry
    std::uint32_t sad = 0;
    for (int j = 0; j < n; ++j)
      sad += static_cast<std::uint32_t>(std::abs(j >= kRadius && j < n - kRadius ? horizontal_value_inner(y, j)
                                                                                   : horizontal_value(y, j, n)));
    return sad;
  }
  std::int16_t* a = scratch;
  std::int16_t* b = scratch + w + kRowPad;
  // The split rows: a = y >> 8 in [-256, 255], b = y & 255.
  const I low8 = V::set1_epi32(255);
  int j = 0;
  for (; j + 2 * V::kLanes32 <= n; j += 2 * V::kLanes32) {
    const I y0 = V::loadu(y + j), y1 = V::loadu(y + j + V::kLanes32);
    V::storeu(a + j, V::packs_epi32_ordered(V::template srai_epi32<8>(y0), V::template srai_epi32<8>(y1)));
    V::storeu(b + j, V::packs_epi32_ordered(V::and_(y0, low8), V::and_(y1, low8)));
  }
  for (; j < n; ++j) {
    a[j] = static_cast<std::int16_t>(y[j] >> 8);
    b[j] = static_cast<std::int16_t>(y[j] & 255);
  }
  a[n] = b[n] = 0;  // read by the last pair of the last block, times the tap 0
  const I c01 = tap_pair<V>(0), c23 = tap_pair<V>(2), c4 = tap_pair<V>(4);
  const I round = V::set1_epi32(32768);
  I acc = V::zero();
  // Interior outputs j .. j + 2 * kLanes32 - 1 (none mirrors): taps read j - 2 .. up to
  // j + 2 * kLanes32 + 2, inside the row or the zero after it.
  j = kRadius;
  for (; j + 2 * V::kLanes32 <= n - kRadius; j += 2 * V::kLanes32) {
    for (int h = 0; h < 2; ++h) {
      const int p = j + h - kRadius;
      auto filter = [&](const std::int16_t* x) {
        return V::add_epi32(V::add_epi32(V::madd_epi16(V::loadu(x + p), c01), V::madd_epi16(V::loadu(x + p + 2), c23)),
                            V::madd_epi16(V::loadu(x + p + 4), c4));
      };
      const I va = filter(a), vb = filter(b);
      const I val = V::template srai_epi32<8>(V::add_epi32(va, V::template srai_epi32<8>(V::add_epi32(vb, round))));
      acc = V::add_epi32(acc, V::abs_epi32(val));
    }
  }
  std::uint32_t sad = V::reduce_add_epi32(acc);
  for (int k = 0; k < kRadius; ++k) sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, k, n)));
  for (; j < n - kRadius; ++j) sad += static_cast<std::uint32_t>(std::abs(horizontal_value_inner(y, j)));
  for (int k = n - kRadius; k < n; ++k) sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, k, n)));
  return sad;
}

template <class V>
FVMAF_DSP_FILL void fill(Dsp& d) {
  d.diff_row_8 = diff_row_8<V>;
  d.diff_row_16 = diff_row_16<V>;
  d.vertical = vertical<V>;
  d.horizontal_sad = horizontal_sad<V>;
}

}  // namespace fastvmaf::motion::simd_entries
