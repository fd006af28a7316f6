// The float ANSNR twin's plan, on the host: the lumas in the frame's layout, the filters,
// the scratch it sums through, the grids of its launches and the host's reading of its
// slot (the work-items: float_ansnr_work.hpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/float_picture.hpp"
#include "features/float_ansnr/float_ansnr_params.hpp"
#include "features/float_ansnr/gpu/float_ansnr_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::float_ansnr::twin {

static_assert(kRefTaps == kRefWidth && kDisTaps == kDisWidth);

// The twin reads both lumas.
inline constexpr gpu::PlaneMask kPlanes = gpu::kLuma;

// The scratch of a w x h frame, in floats: the two term planes, then the two row sums.
inline std::size_t scratch_floats(unsigned w, unsigned h) {
  return 2 * static_cast<std::size_t>(w) * h + 2 * static_cast<std::size_t>(h);
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with its scratch (scratch_floats) and slot.
inline Args plan_args(const gpu::FrameLayout& layout, const std::uint8_t* base, float* scratch, Results* slot) {
  const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, 0);
  const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, 0);
  Args a{};
  a.ref = base + r.offset;
  a.dis = base + d.offset;
  a.pitch = static_cast<unsigned>(r.pitch);
  a.width = r.width;
  a.height = r.height;
  a.bpc = layout.geometry().bpc;
  a.divisor = common::depth_divisor(a.bpc);
  for (int i = 0; i < kRefTaps * kRefTaps; ++i) a.ref_filter[i] = kRefFilter[i];
  for (int i = 0; i < kDisTaps * kDisTaps; ++i) a.dis_filter[i] = kDisFilter[i];
  const std::size_t plane = static_cast<std::size_t>(a.width) * a.height;
  a.sig_terms = scratch;
  a.noise_terms = scratch + plane;
  a.row_sig = scratch + 2 * plane;
  a.row_noise = scratch + 2 * plane + a.height;
  a.slot = slot;
  return a;
}

// The grids of the frame's launches, in order.
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline LaunchShape terms_launch(const Args& a) { return {(a.width + kThreads - 1) / kThreads, a.height, kThreads}; }
inline LaunchShape rows_launch(const Args& a) { return {(a.height + kThreads - 1) / kThreads, 1, kThreads}; }
inline LaunchShape total_launch() { return {1, 1, 1}; }

// The slot as the CPU's sums.
inline SignalNoise signal_noise_of(const Results& r) { return {r.signal, r.noise}; }

}  // namespace fastvmaf::float_ansnr::twin
