// Exact 128-bit sums of non-negative 64-bit terms, as two words (low, high), for host and
// device. A twin whose reference sums many values in double turns them into fixed-point
// integers and adds them here: the sum is exact in any order, so it is the same on the
// device, in the replay and on the host (CAMBI's top-K: docs/adr/0201-cambi-gpu-twin.md).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/atomics.hpp"

namespace fastvmaf::hd {

// lo_hi += v, atomically: the high word takes the carry exactly once per wrap of the low
// word, so concurrent additions give the exact sum in any order.
FVMAF_HD inline void atomic_add_128(std::uint64_t* lo_hi, std::uint64_t v) {
  const std::uint64_t old = atomic_add(&lo_hi[0], v);
  if (old + v < old) atomic_add(&lo_hi[1], std::uint64_t{1});
}

// lo_hi += (hi, lo), by one work-item.
FVMAF_HD inline void add_128(std::uint64_t* lo_hi, std::uint64_t lo, std::uint64_t hi) {
  const std::uint64_t s = lo_hi[0] + lo;
  lo_hi[1] += hi + (s < lo ? 1u : 0u);
  lo_hi[0] = s;
}

// lo_hi += v * n, exactly (32-bit halves), by one work-item.
FVMAF_HD inline void add_product_128(std::uint64_t* lo_hi, std::uint64_t v, std::uint32_t n) {
  const std::uint64_t low = (v & 0xFFFFFFFFu) * n, high = (v >> 32) * n;
  add_128(lo_hi, low, 0);
  add_128(lo_hi, high << 32, high >> 32);
}

}  // namespace fastvmaf::hd
