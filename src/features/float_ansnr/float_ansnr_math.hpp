// Float ANSNR per-sample arithmetic (libvmaf's ansnr_filter2d_s), written once for the
// CPU reference's border samples and the GPU twin's work-items (gpu/float_ansnr_work.hpp).
#pragma once

#include "core/hd.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::float_ansnr {

// ansnr_filter2d_s's mirror: -1 -> 1, -2 -> 2 at the start; n -> n - 1, n + 1 -> n - 2
// at the end.
FVMAF_HD inline int mirror(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * n - i - 1 : i); }

// The W x W filter `f` at sample (i, j) of an h x w picture that read(y, x) gives as
// floats: for each filter row fi a float sum from 0 of f[fi][fj] * x with fj ascending,
// the rows' sums added from 0 in fi order (ansnr_filter2d_s's loops).
template <int W, class Read>
FVMAF_HD inline float filter_at(const float* f, const Read& read, int i, int j, int w, int h) {
  constexpr int r = W / 2;
  float acc = 0.0f;
  for (int fi = 0; fi < W; ++fi) {
    const int y = mirror(i - r + fi, h);
    float in = 0.0f;
    for (int fj = 0; fj < W; ++fj) in = hd::fadd_rn(in, hd::fmul_rn(f[fi * W + fj], read(y, mirror(j - r + fj, w))));
    acc = hd::fadd_rn(acc, in);
  }
  return acc;
}

}  // namespace fastvmaf::float_ansnr
