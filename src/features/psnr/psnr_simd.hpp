// PSNR's SIMD entries, written once for both vector widths (core/simd.hpp): psnr_avx2.cpp
// instantiates them for V256, psnr_avx512.cpp for V512. Integer sums: only their order
// differs from the C entries, which integer addition does not see (the 8-bit row sum
// wraps modulo 2^32 in both).
#pragma once

#include <cstdint>

#include "core/simd.hpp"

namespace fastvmaf::psnr::simd_entries {

template <class V>
std::uint32_t sse_row_8(const std::uint8_t* r, const std::uint8_t* d, unsigned w) {
  using I = typename V::I;
  const I zero = V::zero();
  I acc = zero;
  unsigned x = 0;
  for (; x + V::kBytes <= w; x += V::kBytes) {
    const I a = V::loadu(r + x), b = V::loadu(d + x);
    const I e = V::or_(V::subs_epu8(a, b), V::subs_epu8(b, a));  // |a - b|
    const I lo = V::unpacklo_epi8(e, zero), hi = V::unpackhi_epi8(e, zero);
    acc = V::add_epi32(acc, V::add_epi32(V::madd_epi16(lo, lo), V::madd_epi16(hi, hi)));
  }
  std::uint32_t sum = V::reduce_add_epi32(acc);
  for (; x < w; ++x) {
    const std::int16_t e = static_cast<std::int16_t>(r[x] - d[x]);
    sum += static_cast<std::uint32_t>(e * e);
  }
  return sum;
}

template <class V>
std::uint64_t sse_row_16(const std::uint16_t* r, const std::uint16_t* d, unsigned w) {
  using I = typename V::I;
  const I zero = V::zero();
  I acc = zero;
  constexpr unsigned kStep = V::kBytes / 2;
  unsigned x = 0;
  for (; x + kStep <= w; x += kStep) {
    const I a = V::loadu(r + x), b = V::loadu(d + x);
    const I e = V::sub_epi16(V::max_epu16(a, b), V::min_epu16(a, b));  // |a - b|
    const I lo = V::mullo_epi16(e, e), hi = V::mulhi_epu16(e, e);
    const I sq0 = V::unpacklo_epi16(lo, hi), sq1 = V::unpackhi_epi16(lo, hi);  // uint32 squares
    acc = V::add_epi64(acc, V::add_epi64(V::unpacklo_epi32(sq0, zero), V::unpackhi_epi32(sq0, zero)));
    acc = V::add_epi64(acc, V::add_epi64(V::unpacklo_epi32(sq1, zero), V::unpackhi_epi32(sq1, zero)));
  }
  std::uint64_t sum = V::reduce_add_epi64(acc);
  for (; x < w; ++x) {
    const int diff = static_cast<int>(r[x]) - static_cast<int>(d[x]);
    const std::uint32_t e = static_cast<std::uint32_t>(diff < 0 ? -diff : diff);
    sum += static_cast<std::uint64_t>(e) * e;
  }
  return sum;
}

}  // namespace fastvmaf::psnr::simd_entries
