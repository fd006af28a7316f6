// The PSNR twin's plan, on the host (src/features/psnr/gpu/): the planes the twin reads in
// the frame's layout, its planes mask and the grids of its two launches. The twin
// (psnr_twin.cpp), its kernels' launcher and the host replay use it; the work-items are
// psnr_work.hpp.
#pragma once

#include <cstdint>

#include "features/psnr/gpu/psnr_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::psnr::twin {

// The launch plan of a frame: the planes the twin reads (1 or 3) in the frame `base`
// laid out by `layout` (a device frame, or a host copy of one in the replay).
inline SsePlanes plan_planes(const gpu::FrameLayout& layout, const std::uint8_t* base, unsigned planes) {
  SsePlanes s{};
  s.planes = planes;
  unsigned row = 0;
  for (unsigned p = 0; p < planes; ++p) {
    const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, static_cast<int>(p));
    const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, static_cast<int>(p));
    s.ref[p] = base + r.offset;
    s.dis[p] = base + d.offset;
    s.pitch[p] = static_cast<unsigned>(r.pitch);
    s.width[p] = r.width;
    s.rows[p] = r.height;
    s.first_row[p] = row;
    row += r.height;
  }
  s.total_rows = row;
  return s;
}

// The grids of the frame's launches, in order (kernel 1, kernel 2).
struct LaunchShape {
  unsigned blocks, threads;
};
inline LaunchShape row_launch(const SsePlanes& s) { return {s.total_rows, kThreads}; }
inline LaunchShape plane_launch(const SsePlanes& s) { return {s.planes, kThreads}; }

// The twin's planes of the frame pair: Y, or Y, U and V, of both pictures.
inline gpu::PlaneMask planes_mask(unsigned planes) {
  gpu::PlaneMask m = 0;
  for (unsigned p = 0; p < planes; ++p)
    m |= gpu::plane_bit(gpu::Side::Ref, static_cast<int>(p)) | gpu::plane_bit(gpu::Side::Dis, static_cast<int>(p));
  return m;
}

}  // namespace fastvmaf::psnr::twin
