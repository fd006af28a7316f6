// The float moment twin's work-items (its plan is float_moment_plan.hpp; the kernels
// float_moment_kernels.cu and float_moment_sycl.cpp and the host replay call these).
//
// What libvmaf adds (moment.c): over rows, then columns, each luma sample on
// picture_copy's scale in double (the first moment), and its float square in double (the
// second). The twin keeps both sums' bits without their order
// (docs/adr/0210-float-family-twins.md):
//   first moment  a sample is k / divisor exactly, every partial sum too (below 2^53
//                 units of 1 / divisor): the integer sum of the samples, at every depth
//   second, 8-12  the squares k^2 / divisor^2 are exact floats and their sums exact:
//                 the integer sum of the squared samples
//   second, 16    the squares in units of 2^-16 (common/float_squares.hpp), exact below
//                 2^53 units; from there on one work-item adds them literally, in
//                 raster order, in double (hd::f64: SoftF64 where the device has no fp64)
// The host divides as the CPU does (float_moment_params' from_integer_sums, divided).
//
// Decomposition (picture 0: the reference, 1: the distorted):
//   kernel 1 "float_moment_rows"    one block of kThreads per row of each picture (grid
//                                   rows x 2); work-item t sums columns t, t + kThreads,
//                                   ...; a tree reduction; the row's totals atomically
//                                   into the picture's sums
//   kernel 2 "float_moment_serial"  16 bits only: one work-item per picture; nothing
//                                   below 2^53 units, else the literal double sum
#pragma once

#include <cstdint>

#include "common/float_picture.hpp"
#include "common/float_squares.hpp"
#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_moment::twin {

inline constexpr unsigned kThreads = 256;
inline constexpr unsigned kPictures = 2;

FVMAF_HD inline constexpr unsigned launches_per_frame(unsigned bpc) { return bpc == 16 ? 2u : 1u; }

// One picture's sums, in the twin's slot of the frame's results block.
struct PictureSums {
  std::uint64_t sum;          // the samples' integer sum
  std::uint64_t squares;      // 8-12 bits: the squared samples' sum; 16: squares in 2^-16
  std::uint64_t serial_bits;  // 16 bits, squares >= 2^53: the literal double sum's bits
};
struct Results {
  PictureSums picture[kPictures];  // reference, distorted
};

// The two lumas as the kernels read them (device addresses), and the slot.
struct Args {
  const std::uint8_t* plane[kPictures];  // reference, distorted
  unsigned pitch;                        // bytes
  unsigned width, height, bpc;
  Results* slot;
};

// A work-item's partial sums (kernel 1's shared memory).
struct Partial {
  std::uint64_t sum, squares;
  FVMAF_HD Partial& operator+=(const Partial& o) {
    sum += o.sum;
    squares += o.squares;
    return *this;
  }
};

template <typename Sample>
FVMAF_HD inline const Sample* row_of(const Args& a, unsigned picture, unsigned y) {
  return reinterpret_cast<const Sample*>(a.plane[picture] + static_cast<unsigned long long>(y) * a.pitch);
}

// One sample's square: as an integer (8-12 bits, exact), or its float square on
// picture_copy's scale in units of 2^-16 (16 bits).
template <typename Sample>
FVMAF_HD inline std::uint64_t square_of(Sample v, unsigned bpc) {
  if (bpc == 16) return common::square_units(common::to_float(v, 256.0f, 0));
  const std::uint32_t u = v;  // below 2^12: the square fits 32 bits
  return u * u;
}

// Kernel 1: work-item t (of n) of row `y` of picture `picture`.
template <typename Sample>
FVMAF_HD inline Partial row_share(const Args& a, unsigned picture, unsigned y, unsigned t, unsigned n) {
  const Sample* p = row_of<Sample>(a, picture, y);
  Partial acc{0, 0};
  for (unsigned x = t; x < a.width; x += n) {
    acc.sum += p[x];
    acc.squares += square_of(p[x], a.bpc);
  }
  return acc;
}

// The shared-memory tree reduction (steps half = kThreads / 2, ..., 1).
FVMAF_HD inline void tree_step(Partial* partial, unsigned t, unsigned half) {
  if (t < half) partial[t] += partial[t + half];
}

// Kernel 1's end: the row's totals, added to the picture's sums (integers: any order).
FVMAF_HD inline void add_row(const Args& a, unsigned picture, const Partial& total) {
  hd::atomic_add(&a.slot->picture[picture].sum, total.sum);
  hd::atomic_add(&a.slot->picture[picture].squares, total.squares);
}

// Kernel 2 (16 bits, work-item `picture`, after kernel 1): moment.c's double sum of the
// float squares literally when the unit count cannot stand for it. F: double, or
// hd::SoftF64 without fp64.
template <class F>
FVMAF_HD inline void float_moment_serial_sum(const Args& a, unsigned picture) {
  PictureSums& s = a.slot->picture[picture];
  if (s.squares < common::kExactSquareUnits) return;
  F sum_sq = hd::int_to_double<F>(0);
  for (unsigned y = 0; y < a.height; ++y) {
    const std::uint16_t* p = row_of<std::uint16_t>(a, picture, y);
    for (unsigned x = 0; x < a.width; ++x) {
      const float v = common::to_float(p[x], 256.0f, 0);
      sum_sq = hd::dadd_rn(sum_sq, hd::float_to_double<F>(hd::fmul_rn(v, v)));
    }
  }
  s.serial_bits = hd::f64_bits(sum_sq);
}

}  // namespace fastvmaf::float_moment::twin
