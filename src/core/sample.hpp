// The sample type of a bit depth, in one place: a plane of 8-bit video holds uint8_t
// samples, anything deeper (9..16 bits) uint16_t (fastvmaf/picture.hpp, Plane).
#pragma once

#include <cstdint>
#include <utility>

namespace fastvmaf {

constexpr unsigned bytes_per_sample(unsigned bpc) { return bpc > 8 ? 2u : 1u; }

// Calls f.template operator()<T>() with T the sample type of `bpc` (std::uint8_t or
// std::uint16_t) and returns what it returns:
//   with_sample_type(bpc, [&]<class T>() { row_kernel<T>(plane.row<T>(y), ...); });
template <class F>
decltype(auto) with_sample_type(unsigned bpc, F&& f) {
  if (bpc > 8) return std::forward<F>(f).template operator()<std::uint16_t>();
  return std::forward<F>(f).template operator()<std::uint8_t>();
}

}  // namespace fastvmaf
