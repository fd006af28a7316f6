// Per-element arithmetic of libvmaf's integer motion (integer_motion.c,
// integer_motion.h, motion_blend_tools.h), callable from host code and GPU kernels.
#pragma once

#include <cstdint>

#include "core/hd.hpp"

namespace fastvmaf::motion {

// The 5-tap low-pass filter of both passes; it sums to 65536. Device code reads the taps
// through filter_tap() (a constexpr array is not device memory).
inline constexpr int kTaps = 5;
inline constexpr int kRadius = kTaps / 2;
FVMAF_HD constexpr std::int32_t filter_tap(int k) { return k == 2 ? 26386 : (k == 1 || k == 3 ? 16004 : 3571); }
inline constexpr std::int32_t kFilter[kTaps] = {filter_tap(0), filter_tap(1), filter_tap(2), filter_tap(3),
                                                filter_tap(4)};

// Mirror an index into [0, n) without repeating the edge (libvmaf's mirror()).
FVMAF_HD inline int mirror(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * n - i - 2 : i); }

// Vertical pass at one column: the filtered difference prev - cur over the rows
// `rows` (already mirrored), rounded and shifted by the bit depth. `Acc` is int32
// up to 15 bits (no sum can overflow it there) and int64 for 16 bits, as libvmaf's
// 8-bit and high-bit-depth pipelines use.
template <class Acc, class T>
FVMAF_HD inline std::int32_t vertical_diff(const T* const* prev_rows, const T* const* cur_rows, unsigned j,
                                           unsigned bpc) {
  Acc acc = 0;
  for (int k = 0; k < kTaps; ++k) {
    const std::int32_t diff = static_cast<std::int32_t>(prev_rows[k][j]) - static_cast<std::int32_t>(cur_rows[k][j]);
    acc += static_cast<Acc>(filter_tap(k) * diff);  // |product| < 2^31
  }
  return static_cast<std::int32_t>((acc + (static_cast<Acc>(1) << (bpc - 1))) >> bpc);
}

// Horizontal pass at column j of the vertically filtered row `y` (width w): the
// rounded filtered value whose magnitude the SAD adds up. Products stay below 2^31
// (|y| < 2^16); their sum needs 64 bits, as in libvmaf.
FVMAF_HD inline std::int32_t horizontal_value(const std::int32_t* y, int j, int w) {
  std::int64_t acc = 0;
  for (int k = 0; k < kTaps; ++k) acc += static_cast<std::int64_t>(filter_tap(k) * y[mirror(j - kRadius + k, w)]);
  return static_cast<std::int32_t>((acc + 32768) >> 16);
}

// The same for kRadius <= j < w - kRadius, where no tap needs mirroring.
FVMAF_HD inline std::int32_t horizontal_value_inner(const std::int32_t* y, int j) {
  std::int64_t acc = 0;
  for (int k = 0; k < kTaps; ++k) acc += static_cast<std::int64_t>(filter_tap(k) * y[j - kRadius + k]);
  return static_cast<std::int32_t>((acc + 32768) >> 16);
}

// libvmaf's motion_blend(): the score above `offset` scaled by `factor`.
FVMAF_HD inline double blend(double score, double factor, double offset) {
  return score * factor + (1 - factor) * (offset < score ? offset : score);
}

}  // namespace fastvmaf::motion
