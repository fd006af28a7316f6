// The CIEDE2000 twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/ciede/gpu/ciede_plan.hpp"
#include "features/ciede/gpu/ciede_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::ciede {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::kLaunchesPerFrame kernels on `stream`, writing the terms
// buffer and a.slot.
void enqueue_ciede(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ciede
