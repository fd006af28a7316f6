// Row kernels of the CPU float VIF in portable C++ (a template on an instruction-set
// tag, instantiated for the baseline target in float_vif.cpp); float_vif_avx2.cpp has
// AVX2 versions with the same bits (tests/unit/float_vif_test.cpp compares them). The
// horizontal pass is the separable filter's (common/float_filter.hpp).
//
//  - vertical5: the five vertical sums of one output row: the means of the reference
//    and distorted rows, their squares and their products (vif_filter1d_s, _sq_s,
//    _xy_s), each from 0 in tap order.
//  - statistic: vif_statistic_s's per-pixel num and den of a row, into two arrays;
//    the caller adds them in libvmaf's order.
#pragma once

#include "common/float_filter_rows.hpp"
#include "features/float_vif/float_vif_math.hpp"

namespace fastvmaf::float_vif {

// Function pointers of one instantiation.
struct RowKernels {
  void (*vertical5)(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                    float* const* out);
  void (*statistic)(const float* const* in, unsigned w, const StatParams& p, float* num, float* den);
};

template <class Isa>
struct VifRows {
  using Filter = common::FilterRows<Isa>;

  // out[0..4]: mu1, mu2, xx, yy, xy.
  static void vertical5(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                        float* const* out) {
    Filter::vertical(taps, n, a, w, out[0]);
    Filter::vertical(taps, n, b, w, out[1]);
    Filter::vertical_squares(taps, n, a, w, out[2]);
    Filter::vertical_squares(taps, n, b, w, out[3]);
    Filter::vertical_products(taps, n, a, b, w, out[4]);
  }

  // in[0..4]: mu1, mu2, xx, yy, xy after both passes.
  static void statistic(const float* const* in, unsigned w, const StatParams& p, float* __restrict num,
                        float* __restrict den) {
    const float* __restrict m1 = in[0];
    const float* __restrict m2 = in[1];
    const float* __restrict xx = in[2];
    const float* __restrict yy = in[3];
    const float* __restrict xy = in[4];
    for (unsigned j = 0; j < w; ++j) float_vif::statistic(m1[j], m2[j], xx[j], yy[j], xy[j], p, num[j], den[j]);
  }

  static constexpr RowKernels table() { return {&vertical5, &statistic}; }
};

const RowKernels& baseline_row_kernels();
// nullptr when this build or CPU has no AVX2 path.
const RowKernels* avx2_row_kernels();

}  // namespace fastvmaf::float_vif
