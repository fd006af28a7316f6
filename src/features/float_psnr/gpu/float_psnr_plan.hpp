// The float PSNR twin's plan, on the host: the lumas in the frame's layout, the grid of
// its launches, and the host's reading of its slot (the work-items: float_psnr_work.hpp).
#pragma once

#include <bit>
#include <cstdint>

#include "common/float_squares.hpp"
#include "features/float_psnr/float_psnr_params.hpp"
#include "features/float_psnr/gpu/float_psnr_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_psnr::twin {

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), writing `slot`.
inline Args plan_args(const gpu::FrameLayout& layout, const std::uint8_t* base, Results* slot) {
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  Args a{};
  a.ref = base + r.offset;
  a.dis = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.width = r.width;
  a.height = r.height;
  a.bpc = layout.geometry().bpc;
  a.slot = slot;
  return a;
}

// Kernel 1's grid (kernel 2 is one work-item).
struct LaunchShape {
  unsigned blocks, threads;
};
inline LaunchShape rows_launch(const Args& a) { return {a.height, kThreads}; }

// The frame's noise sum from the slot: compute_psnr's double, bit for bit.
inline double noise_of(const Results& r, unsigned bpc) {
  if (bpc != 16) return noise_from_sse(r.units, bpc);
  if (r.units < common::kExactSquareUnits) return common::units_to_double(r.units);
  return std::bit_cast<double>(r.serial_bits);
}

}  // namespace fastvmaf::float_psnr::twin
