// The double sums of compute_cov_kernel_scalar for all 325 pairs of window offsets at
// once. Each pair keeps its own accumulator, fed in raster order of the window
// position, exactly as libvmaf sums one pair at a time; the pairs are visited in 4x4
// register tiles.
//
// The kernel is a template on a unit's own tag so that speed_dsp.cpp (baseline x86-64),
// speed_avx2.cpp and speed_avx512.cpp each compile their own copy under their own flags
// (it calls no inline function, whose one out-of-line copy the linker could take from
// any of them). All perform the same IEEE multiplies and adds in the same order per
// accumulator (contraction is off), so they are bit-identical.
#pragma once

#include <cstddef>

namespace fastvmaf::speed {

// Offsets per window position in the centred samples: 25 rounded up to a multiple of 4,
// the last three always 0.
inline constexpr int kPairStride = 28;

// acc[x * 28 + y] += centred[p * 28 + x] * centred[p * 28 + y] for p = 0..n-1 in
// order, for the tiles with y-block <= x-block. Pass chunks of positions that fit L1.
template <class Isa>
void accumulate_pair_sums(const double* centred, std::size_t n, double* acc) {
  const double* last = centred + n * kPairStride;
  for (int xb = 0; xb < kPairStride; xb += 4) {
    for (int yb = 0; yb <= xb; yb += 4) {
      double t[4][4];
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 4; ++l) t[k][l] = acc[(xb + k) * kPairStride + yb + l];
      for (const double* c = centred; c != last; c += kPairStride) {
        for (int k = 0; k < 4; ++k) {
          const double a = c[xb + k];
          for (int l = 0; l < 4; ++l) t[k][l] += a * c[yb + l];
        }
      }
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 4; ++l) acc[(xb + k) * kPairStride + yb + l] = t[k][l];
    }
  }
}

// One tap of the blur's vertical pass over a row (math::tap, written out: a template on
// the unit's tag calls no inline function).
template <class Isa>
void tap_row(float* acc, const float* src, float f, unsigned n) {
  for (unsigned j = 0; j < n; ++j) acc[j] = acc[j] + f * src[j];
}

}  // namespace fastvmaf::speed
