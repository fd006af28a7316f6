// A float's or a double's bits and back, for tests that compare values bit for bit.
#pragma once

#include <bit>
#include <cstdint>

namespace fastvmaf::test {

inline std::uint64_t bits(double d) { return std::bit_cast<std::uint64_t>(d); }
inline double dbl(std::uint64_t b) { return std::bit_cast<double>(b); }
inline std::uint32_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }
inline float flt(std::uint32_t b) { return std::bit_cast<float>(b); }

}  // namespace fastvmaf::test
