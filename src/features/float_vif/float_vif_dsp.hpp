// The row functions of the CPU float VIF, one table filled for the CPU's flags
// (core/cpu.hpp): C entries first, then the AVX2 and AVX-512 ones (float_vif_simd.hpp),
// each giving the C entry's bits for every input (tests/dsp checks it). The horizontal
// pass is the separable filter's (common/float_filter_dsp.hpp).
//
//  - vertical5: the five vertical sums of one output row: the means of the reference
//    and distorted rows, their squares and their products (vif_filter1d_s, _sq_s,
//    _xy_s), each from 0 in tap order.
//  - statistic: vif_statistic_s's per-pixel num and den of a row (float_vif_math.hpp),
//    into two arrays; the caller adds them in libvmaf's order.
#pragma once

#include "core/cpu.hpp"
#include "features/float_vif/float_vif_math.hpp"

namespace fastvmaf::float_vif {

struct Dsp {
  // out[0..4]: mu1, mu2, xx, yy, xy of the n rows a (reference) and b (distorted).
  void (*vertical5)(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                    float* const* out);
  // in[0..4]: mu1, mu2, xx, yy, xy after both passes.
  void (*statistic)(const float* const* in, unsigned w, const StatParams& p, float* num, float* den);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The C entries (the SIMD entries' tails use them).
const Dsp& c_dsp();
void fill_dsp_avx2(Dsp& d);    // float_vif_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // float_vif_avx512.cpp

}  // namespace fastvmaf::float_vif
