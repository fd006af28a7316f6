// The PSNR-HVS twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/psnr_hvs/gpu/psnr_hvs_plan.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::psnr_hvs {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::kLaunchesPerFrame kernels on `stream`, writing the terms
// buffer and a.slot.
void enqueue_psnr_hvs(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr_hvs
