// The float PSNR twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_psnr/gpu/float_psnr_plan.hpp"
#include "features/float_psnr/gpu/float_psnr_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_psnr {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::launches_per_frame(a.bpc) kernels on `stream`; they add into
// a.slot, which is zero when the frame's work starts.
void enqueue_noise(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_psnr
