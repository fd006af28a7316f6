// The float moment twin's plan, on the host: the lumas in the frame's layout, the grids
// of its launches, and the host's reading of its slot (the work-items:
// float_moment_work.hpp).
#pragma once

#include <bit>
#include <cstdint>

#include "common/float_picture.hpp"
#include "common/float_squares.hpp"
#include "features/float_moment/float_moment_params.hpp"
#include "features/float_moment/gpu/float_moment_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_moment::twin {

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), writing `slot`.
inline Args plan_args(const gpu::FrameLayout& layout, const std::uint8_t* base, Results* slot) {
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  Args a{};
  a.plane[0] = base + r.offset;
  a.plane[1] = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.width = r.width;
  a.height = r.height;
  a.bpc = layout.geometry().bpc;
  a.slot = slot;
  return a;
}

// The grids: kernel 1 blocks_x rows by blocks_y pictures; kernel 2 one block of
// kPictures work-items.
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline LaunchShape rows_launch(const Args& a) { return {a.height, kPictures, kThreads}; }
inline LaunchShape serial_launch() { return {1, 1, kPictures}; }

// A picture's moments from its sums in the slot: moment.c's doubles, bit for bit.
inline Moments moments_of(const PictureSums& s, unsigned bpc, unsigned w, unsigned h) {
  if (bpc != 16) return from_integer_sums(s.sum, s.squares, bpc, w, h);
  // The first moment's sum is exact at 16 bits too (see float_moment_params' moments).
  const double sum = static_cast<double>(s.sum) / static_cast<double>(common::depth_divisor(bpc));
  const double sum_sq = s.squares < common::kExactSquareUnits ? common::units_to_double(s.squares)
                                                              : std::bit_cast<double>(s.serial_bits);
  return divided(sum, sum_sq, w, h);
}

}  // namespace fastvmaf::float_moment::twin
