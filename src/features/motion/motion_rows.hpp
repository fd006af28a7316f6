// Row kernel of the CPU motion SAD (libvmaf's motion_score_pipeline_8/16): for each
// row, the vertical filter of prev - cur, then the horizontal filter and the sum of
// magnitudes. Written once as a template on an instruction-set tag: motion.cpp
// instantiates it for the baseline target and motion_avx2.cpp for AVX2; the
// arithmetic is integer, so both give the same bits.
#pragma once

#include <cstdint>
#include <cstdlib>

#include "fastvmaf/picture.hpp"
#include "features/motion/motion_math.hpp"

namespace fastvmaf::motion {

// Sum of |filtered(prev - cur)| over the luma planes. `y_row` holds w int32.
using SadFn = std::uint64_t (*)(const Plane& prev, const Plane& cur, unsigned bpc, std::int32_t* y_row);
SadFn sad_fn_scalar();
// nullptr when this build or CPU has no AVX2 path.
SadFn sad_fn_avx2();

template <class Isa>
struct SadKernel {
  template <class Acc, class T>
  static std::uint64_t run(const Plane& prev, const Plane& cur, unsigned bpc, std::int32_t* y) {
    const int w = static_cast<int>(prev.width), h = static_cast<int>(prev.height);
    const T* pr[kTaps];
    const T* cr[kTaps];
    std::uint64_t sad = 0;
    for (int i = 0; i < h; ++i) {
      for (int k = 0; k < kTaps; ++k) {
        const int row = mirror(i - kRadius + k, h);
        pr[k] = prev.row<const T>(static_cast<unsigned>(row));
        cr[k] = cur.row<const T>(static_cast<unsigned>(row));
      }
      std::int32_t any_nonzero = 0;
      for (int j = 0; j < w; ++j) {
        y[j] = vertical_diff<Acc>(pr, cr, static_cast<unsigned>(j), bpc);
        any_nonzero |= y[j];
      }
      // libvmaf skips rows whose vertical pass is all zero (their sum is 0 anyway).
      if (!any_nonzero) continue;
      std::uint32_t row_sad = 0;  // uint32, as libvmaf's
      const int edge = w < 2 * kRadius ? w : kRadius;
      for (int j = 0; j < edge; ++j) row_sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, j, w)));
      for (int j = edge; j < w - kRadius; ++j)
        row_sad += static_cast<std::uint32_t>(std::abs(horizontal_value_inner(y, j)));
      for (int j = w - kRadius > edge ? w - kRadius : edge; j < w; ++j)
        row_sad += static_cast<std::uint32_t>(std::abs(horizontal_value(y, j, w)));
      sad += row_sad;
    }
    return sad;
  }

  static std::uint64_t sad(const Plane& prev, const Plane& cur, unsigned bpc, std::int32_t* y) {
    if (bpc == 8) return run<std::int32_t, std::uint8_t>(prev, cur, bpc, y);
    if (bpc <= 15) return run<std::int32_t, std::uint16_t>(prev, cur, bpc, y);
    return run<std::int64_t, std::uint16_t>(prev, cur, bpc, y);
  }
};

}  // namespace fastvmaf::motion
