// The row functions of the float SSIM map and of MS-SSIM's low-pass, one table filled
// for the CPU's flags (core/cpu.hpp): C entries first, then the AVX2 and AVX-512 ones
// (ssim_simd.hpp), each giving the C entry's bits for every input (tests/dsp checks it).
// Every output of an entry is independent of the others, so a SIMD entry computes one
// output per lane with the C entry's operations in its order (ssim_math.hpp): float
// products rounded once, summed in double from 0 and rounded to float once.
#pragma once

#include "core/cpu.hpp"
#include "features/ssim/ssim_math.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim {

struct Dsp {
  // n outputs of the 11-tap window along a row: out[x] from src[x .. x + 10].
  void (*hpass)(const float* src, int n, float* out);
  // n outputs of the window down 11 rows: out[x] from rows[0..10][x].
  void (*vpass)(const float* const rows[kWindow], int n, float* out);
  // The l, c, s and l*c*s of n pixels from the five filtered rows (pixel_terms).
  void (*terms)(const float* mu1, const float* mu2, const float* xx, const float* yy, const float* xy, int n,
                double* l, double* c, double* s, double* lcs);
  // n outputs of MS-SSIM's 9x9 low-pass at centres (2 (x0 + i), cy) of a w-wide image,
  // every tap inside it (no mirroring).
  void (*lpf_run)(const float* src, int w, int cy, int x0, int n, float* out);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The SIMD levels' overrides (ssim_avx2.cpp, ssim_avx512.cpp).
void fill_dsp_avx2(Dsp& d);
void fill_dsp_avx512(Dsp& d);

// The C entries (ssim_dsp.cpp), which the SIMD entries also call for their tails.
void hpass_c(const float* src, int n, float* out);
void vpass_c(const float* const rows[kWindow], int n, float* out);
void terms_c(const float* mu1, const float* mu2, const float* xx, const float* yy, const float* xy, int n, double* l,
             double* c, double* s, double* lcs);
void lpf_run_c(const float* src, int w, int cy, int x0, int n, float* out);

// libvmaf's stabilising constants (default_constants()), out of line for the SIMD units.
Constants map_constants();

}  // namespace fastvmaf::ssim
