// Double sums of float squares at 16 bits (float_psnr's noise, float_moment's second
// moment), as exact integers where the double sum is exact.
//
// At 16 bits picture_copy divides by 256: a sample, or a difference of two, is k / 256
// with |k| < 2^16, exact in float. Its float square rounds k^2 / 2^16 to 24 bits: every
// such square is a multiple of 2^-16 (k^2 < 2^24 is exact; above, the rounding drops
// only bits worth 2^-16 or more), so it is an integer number of units of 2^-16, and
// squares are not negative. libvmaf adds them in double in raster order: each partial
// sum is then a multiple of 2^-16 no larger than the total, so while the total stays below
// 2^53 units every addition is exact, and the double sum is the integer sum of units
// times 2^-16, whatever the order. A GPU twin sums the units as integers in any order,
// and only when the total reaches 2^53 units (above 2^21 samples of large squares) adds
// the squares literally, in raster order (docs/adr/0210-float-family-twins.md).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::common {

// Below this many units (2^-16 each) the double sum of the squares is exact.
inline constexpr std::uint64_t kExactSquareUnits = std::uint64_t{1} << 53;

// The float square of v (a multiple of 2^-8, |v| < 256), in units of 2^-16: read off the
// square's bits (an integer, below 2^32).
FVMAF_HD inline std::uint64_t square_units(float v) {
  const std::uint32_t b = hd::float_bits(hd::fmul_rn(v, v));
  const int exp = static_cast<int>((b >> 23) & 0xff);
  if (exp == 0) return 0;  // +0 (no smaller square exists: the least non-zero one is 2^-16)
  const std::uint64_t mant = (b & 0x7fffffu) | 0x800000u;
  // value = mant * 2^(exp - 150); in units: mant * 2^(exp - 134).
  const int shift = exp - 134;
  return shift >= 0 ? mant << shift : mant >> -shift;
}

// The double of a unit count below kExactSquareUnits: exact (a multiple of a power of two).
inline double units_to_double(std::uint64_t units) { return static_cast<double>(units) / 65536.0; }

}  // namespace fastvmaf::common
