// The float PSNR twin's work-items (its plan is float_psnr_plan.hpp; the kernels
// float_psnr_kernels.cu and float_psnr_sycl.cpp and the host replay call these).
//
// What libvmaf adds (compute_psnr): over rows, then columns, the float square of the
// float difference of the two lumas on picture_copy's scale, in double. The twin keeps
// that sum's bits without its order (docs/adr/0210-float-family-twins.md):
//   8 to 12 bits  every float and every partial double sum is exact (float_psnr_params'
//                 noise_sum): the sum is the integer sum of squared sample differences,
//                 which the kernels add as integers in any order; the host divides as
//                 the CPU does (noise_from_sse).
//   16 bits       the squares are counted in units of 2^-16 (common/float_squares.hpp):
//                 below 2^53 units the double sum is exact, and equal to that count;
//                 from 2^53 on, one work-item adds the squares literally, in raster
//                 order, in double (hd::f64: SoftF64 where the device has no fp64).
//
// Decomposition:
//   kernel 1 "float_psnr_rows"    one block of kThreads per row; work-item t sums
//                                 columns t, t + kThreads, ... as integers; a tree
//                                 reduction; the row's total atomically into the slot
//   kernel 2 "float_psnr_serial"  16 bits only: one work-item; nothing below 2^53 units,
//                                 else the literal double sum into the slot
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "common/float_squares.hpp"
#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/reduce.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_psnr::twin {

inline constexpr unsigned kThreads = 256;

FVMAF_HD inline constexpr unsigned launches_per_frame(unsigned bpc) { return bpc == 16 ? 2u : 1u; }

// The twin's slot of the frame's results block.
struct Results {
  std::uint64_t units;        // 8-12 bits: the sum of squared differences; 16: squares in 2^-16
  std::uint64_t serial_bits;  // 16 bits, units >= 2^53: the literal double sum's bits
};

// The two lumas as the kernels read them (device addresses), and the slot.
struct Args {
  const std::uint8_t* ref;
  const std::uint8_t* dis;
  unsigned pitch;  // bytes
  unsigned width, height, bpc;
  Results* slot;
};

template <typename Sample>
FVMAF_HD inline const Sample* row_of(const std::uint8_t* base, unsigned pitch, unsigned y) {
  return reinterpret_cast<const Sample*>(base + static_cast<unsigned long long>(y) * pitch);
}

// One sample pair's share of the sum: the squared difference as an integer (8-12 bits),
// or the float square of the float difference in units of 2^-16 (16 bits).
template <typename Sample>
FVMAF_HD inline std::uint64_t pair_units(Sample r, Sample d, unsigned bpc) {
  if (bpc == 16) {
    const float diff = hd::fsub_rn(common::to_float(r, 256.0f, 0), common::to_float(d, 256.0f, 0));
    return common::square_units(diff);
  }
  const int e = static_cast<int>(r) - static_cast<int>(d);  // |e| < 2^12: e * e fits 32 bits
  return static_cast<std::uint32_t>(e * e);
}

// Kernel 1: work-item t (of n) of row `y`.
template <typename Sample>
FVMAF_HD inline std::uint64_t row_share(const Args& a, unsigned y, unsigned t, unsigned n) {
  const Sample* r = row_of<Sample>(a.ref, a.pitch, y);
  const Sample* d = row_of<Sample>(a.dis, a.pitch, y);
  std::uint64_t acc = 0;
  for (unsigned x = t; x < a.width; x += n) acc += pair_units(r[x], d[x], a.bpc);
  return acc;
}

// Kernel 1's end: the row's total, added to the slot (integers: any order).
FVMAF_HD inline void add_row(const Args& a, std::uint64_t total) { hd::atomic_add(&a.slot->units, total); }

// Kernel 2 (16 bits, one work-item, after kernel 1): compute_psnr's double sum literally
// when the unit count cannot stand for it. F: double, or hd::SoftF64 without fp64.
template <class F>
FVMAF_HD inline void float_psnr_serial_sum(const Args& a) {
  if (a.slot->units < common::kExactSquareUnits) return;
  F noise = hd::int_to_double<F>(0);
  for (unsigned y = 0; y < a.height; ++y) {
    const std::uint16_t* r = row_of<std::uint16_t>(a.ref, a.pitch, y);
    const std::uint16_t* d = row_of<std::uint16_t>(a.dis, a.pitch, y);
    for (unsigned x = 0; x < a.width; ++x) {
      const float diff = hd::fsub_rn(common::to_float(r[x], 256.0f, 0), common::to_float(d[x], 256.0f, 0));
      noise = hd::dadd_rn(noise, hd::float_to_double<F>(hd::fmul_rn(diff, diff)));
    }
  }
  a.slot->serial_bits = hd::f64_bits(noise);
}

using hd::tree_step;

}  // namespace fastvmaf::float_psnr::twin
