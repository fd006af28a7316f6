// The float ANSNR twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_ansnr/gpu/float_ansnr_plan.hpp"
#include "features/float_ansnr/gpu/float_ansnr_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_ansnr {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::kLaunchesPerFrame kernels on `stream`: the terms into the
// scratch, the rows' sums, then the totals into a.slot.
void enqueue_ansnr(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_ansnr
