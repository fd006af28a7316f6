// The float MS-SSIM twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/ssim/gpu/float_ms_ssim_plan.hpp"
#include "features/ssim/gpu/float_ms_ssim_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's ms_twin::kLaunchesPerFrame kernels on `stream`: scale 0, the four
// decimations, every scale's map (ssim_map_kernels.hpp), then all the scales' sums into
// the slot.
void enqueue_ms_ssim(const gpu::StreamRef& stream, const ms_twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
