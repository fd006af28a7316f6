// The float SSIM twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/ssim/gpu/float_ssim_plan.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::kLaunchesPerFrame kernels on `stream`: the map's input, the
// map's launches (ssim_map_kernels.hpp) with its sums into the slot.
void enqueue_ssim(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
