// Bit-level helpers for host and device: reinterpretation of floats, bit scans. On the
// device the intrinsics, on the host the builtins; the results are the same integers.
#pragma once

#include <cstdint>
#include <cstring>

#include "core/hd.hpp"

namespace fastvmaf::hd {

FVMAF_HD inline std::uint32_t float_bits(float f) {
#ifdef FVMAF_DEVICE_PASS
  return __float_as_uint(f);
#else
  std::uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
#endif
}

FVMAF_HD inline float bits_float(std::uint32_t b) {
#ifdef FVMAF_DEVICE_PASS
  return __uint_as_float(b);
#else
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
#endif
}

FVMAF_HD inline std::uint64_t double_bits(double d) {
#ifdef FVMAF_DEVICE_PASS
  return static_cast<std::uint64_t>(__double_as_longlong(d));
#else
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
#endif
}

FVMAF_HD inline double bits_double(std::uint64_t b) {
#ifdef FVMAF_DEVICE_PASS
  return __longlong_as_double(static_cast<long long>(b));
#else
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
#endif
}

// Leading zero bits of a non-zero value.
FVMAF_HD inline int clz32(std::uint32_t v) {
#ifdef FVMAF_DEVICE_PASS
  return __clz(static_cast<int>(v));
#else
  return __builtin_clz(v);
#endif
}
FVMAF_HD inline int clz64(std::uint64_t v) {
#ifdef FVMAF_DEVICE_PASS
  return __clzll(static_cast<long long>(v));
#else
  return __builtin_clzll(v);
#endif
}

// Index of the lowest set bit of a non-zero value.
FVMAF_HD inline int lowest_bit(std::uint32_t v) {
#ifdef FVMAF_DEVICE_PASS
  return __ffs(static_cast<int>(v)) - 1;
#else
  return __builtin_ctz(v);
#endif
}

}  // namespace fastvmaf::hd
