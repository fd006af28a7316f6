// The hot loops of SpEED (libvmaf speed.c), one table filled for the CPU's flags
// (core/cpu.hpp): C entries first, then the AVX2 and AVX-512 ones, which are the same
// C++ source compiled for their instruction set (the same IEEE operations in the same
// order per element and accumulator, contraction off), so they are bit-identical
// (tests/dsp checks it).
#pragma once

#include <cstddef>

#include "core/cpu.hpp"

namespace fastvmaf::speed {

struct Dsp {
  // The covariance sums (speed_covariance.hpp): acc[x * 28 + y] += c[p * 28 + x] *
  // c[p * 28 + y] for p = 0..n-1 in order, for the 4x4 tiles with y-block <= x-block.
  void (*pair_sums)(const double* centred, std::size_t n, double* acc);
  // One tap of the blur's vertical pass over a row: acc[j] = acc[j] + f * src[j] in
  // float (math::tap), j < n.
  void (*tap_row)(float* acc, const float* src, float f, unsigned n);
  // The Householder QR of the 25x25 `a` (speed_qr.hpp, linalg::householder_qr): qt and r,
  // z and t 25x25 scratch.
  void (*qr)(const float* a, float* qt, float* r, float* z, float* t);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
void fill_dsp_avx2(Dsp& d);    // speed_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // speed_avx512.cpp

}  // namespace fastvmaf::speed
