// The PSNR twin's decomposition: the per-work-item shares of its sums of squared errors
// (the per-element arithmetic is psnr_math.hpp, which the CPU reference uses too); its
// launch plan is psnr_plan.hpp. The kernels (gpu/psnr_kernels.cu) call these routines; the host replay
// (tests/replay) calls the same ones with the same decomposition, so CI checks the
// device arithmetic without a device.
//
// Exact by construction: the sums are integers, and integer addition does not care about
// order, with one subtlety. libvmaf's 8-bit path sums each row in uint32 (wrapping for
// rows wider than 66051 samples) and then the rows in uint64 (plane_sse in psnr.cpp).
// The twin sums each row's share per work-item in uint32 and reduces them in uint32:
// the sum mod 2^32 is the same whatever the order, so each row's uint32 equals the CPU's,
// wrapping included. High bit depth: uint32 squares summed in uint64 everywhere.
//
// Decomposition (kThreads work-items a block, a power of two):
//   kernel 1 "row_sse"   one block per row of every plane; work-item t sums columns
//                        t, t + kThreads, ...; a tree reduction in shared memory; the
//                        row's sum goes to row_sums[row] (uint64)
//   kernel 2 "plane_sse" one block per plane; work-item t sums that plane's rows
//                        t, t + kThreads, ...; a tree reduction; sse[plane]
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/reduce.hpp"
#include "features/psnr/psnr_math.hpp"

namespace fastvmaf::psnr::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kLaunchesPerFrame = 2;

// The planes of one frame pair as the kernels read them (device addresses).
struct SsePlanes {
  const std::uint8_t* ref[3];
  const std::uint8_t* dis[3];
  unsigned pitch[3];      // bytes
  unsigned width[3];      // samples
  unsigned first_row[3];  // index of the plane's first row in row_sums
  unsigned rows[3];
  unsigned planes;        // 1 or 3
  unsigned total_rows;    // kernel 1's blocks
};

// The plane that row-block `row` belongs to.
FVMAF_HD inline unsigned plane_of_row(const SsePlanes& s, unsigned row) {
  unsigned p = 0;
  while (p + 1 < s.planes && row >= s.first_row[p + 1]) ++p;
  return p;
}

// Kernel 1, 8-bit: work-item t's share of one row, in uint32 as libvmaf's row sum.
FVMAF_HD inline std::uint32_t row_share_8(const std::uint8_t* r, const std::uint8_t* d, unsigned width, unsigned t,
                                          unsigned n) {
  std::uint32_t acc = 0;
  for (unsigned x = t; x < width; x += n) acc += squared_error_8(r[x], d[x]);
  return acc;
}

// Kernel 1, high bit depth: uint32 squares summed in uint64.
FVMAF_HD inline std::uint64_t row_share_16(const std::uint16_t* r, const std::uint16_t* d, unsigned width, unsigned t,
                                           unsigned n) {
  std::uint64_t acc = 0;
  for (unsigned x = t; x < width; x += n) acc += squared_error_16(r[x], d[x]);
  return acc;
}

// What a work-item of kernel 1 accumulates: uint32 for 8-bit rows (libvmaf's row sum),
// uint64 for high bit depth.
template <typename Sample>
struct RowSum {
  using type = std::uint32_t;
};
template <>
struct RowSum<std::uint16_t> {
  using type = std::uint64_t;
};

// Kernel 1: work-item t (of n) of row-block `row`.
template <typename Sample>
FVMAF_HD inline typename RowSum<Sample>::type row_partial(const SsePlanes& s, unsigned row, unsigned t, unsigned n) {
  const unsigned p = plane_of_row(s, row);
  const unsigned long long at = static_cast<unsigned long long>(row - s.first_row[p]) * s.pitch[p];
  const Sample* r = reinterpret_cast<const Sample*>(s.ref[p] + at);
  const Sample* d = reinterpret_cast<const Sample*>(s.dis[p] + at);
  if constexpr (sizeof(Sample) == 1)
    return row_share_8(r, d, s.width[p], t, n);
  else
    return row_share_16(r, d, s.width[p], t, n);
}

// Kernel 2: work-item t (of n) of plane-block `plane`.
FVMAF_HD inline std::uint64_t plane_partial(const SsePlanes& s, const std::uint64_t* row_sums, unsigned plane,
                                            unsigned t, unsigned n) {
  std::uint64_t acc = 0;
  for (unsigned y = t; y < s.rows[plane]; y += n) acc += row_sums[s.first_row[plane] + y];
  return acc;
}

// The shared-memory tree reduction of both kernels (steps half = kThreads / 2, ..., 1).
using hd::tree_step;

}  // namespace fastvmaf::psnr::twin
