// The row functions of the CPU float ADM, one table filled for the CPU's flags
// (core/cpu.hpp): C entries first (built from float_adm_math.hpp's per-sample routines),
// then the AVX2 and AVX-512 ones (float_adm_simd.hpp), each giving the C entry's bits
// for every input (tests/dsp checks it).
//
//  - dwt_vertical, dwt_horizontal: adm_dwt2_s's two passes (adm_dwt2_lo_s's when only the
//    approximation is wanted): the db2 filters down four rows into a low-pass and a
//    high-pass row, then along them at every other column, the sources reflected at the
//    start and mirrored at the end (float_adm_math.hpp, dwt_index).
//  - decouple: adm_decouple_s over samples [j0, j1) of one row, in place (r over the
//    reference bands, a over the distorted ones), then adm_csf_s's masking weights of
//    a and r.
//  - measure: adm_cm_s's per-sample values over [j0, j1) of one row, max(|weight x| -
//    threshold, 0) to the power p, into one array per band; the caller adds them in
//    libvmaf's order.
//  - reciprocal: the estimate DIVS refines, of n floats. The decouple entries take it
//    with the same instruction as this entry (rcpss in C, its packed form rcpps in the
//    SIMD ones); this entry exists so that tests pin the packed estimate to rcpss.
#pragma once

#include <cstddef>

#include "core/cpu.hpp"

namespace fastvmaf::float_adm {

struct DecoupleParams {
  double gain_limit = 100.0;
  float cos_sq = 0.0f;
  float rfactor[3] = {0, 0, 0};
};

// One row of the contrast measure: the masker's weights in rows i - 1, i and i + 1
// (already mirrored), its CSF-weighted samples' source (centre), the measured bands.
struct MeasureRow {
  const float* up[3];
  const float* mid[3];
  const float* down[3];
  const float* centre[3];
  const float* x[3];
  int w = 0;  // band width (column mirroring)
  float rfactor[3] = {0, 0, 0};
  bool bypass_cm = false;
  bool cube = true;  // adm_p_norm == 3
  float p = 3.0f;
};

struct Dsp {
  // lo[j] (hi[j]) = the low-pass (high-pass) tap sum of rows[0..3][j] for j < n; no hi
  // row when hi is null.
  void (*dwt_vertical)(const float* const* rows, int n, float* lo, float* hi);
  // Outputs [j0, j1) of one row of the approximation a (low-pass of lo) and, unless hi is
  // null, of the bands h (low-pass of hi), v (high-pass of lo) and d (high-pass of hi),
  // from rows lo and hi of in_w samples.
  void (*dwt_horizontal)(const float* lo, const float* hi, int in_w, int j0, int j1, float* a, float* h, float* v,
                         float* d);
  void (*decouple)(float* const* o, float* const* t, int j0, int j1, const DecoupleParams& p, float* const* weight_a,
                   float* const* weight_r);
  void (*measure)(const MeasureRow& r, int j0, int j1, float* const* values);
  void (*reciprocal)(const float* in, std::size_t n, float* out);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The C entries (the SIMD entries' tails, borders and other p-norms use them).
const Dsp& c_dsp();
void fill_dsp_avx2(Dsp& d);    // float_adm_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // float_adm_avx512.cpp

}  // namespace fastvmaf::float_adm
