// The motion twin's kernel, as the twin's host code enqueues it.
#pragma once

#include "features/motion/gpu/motion_plan.hpp"
#include "features/motion/gpu/motion_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::motion {
inline namespace FVMAF_GPU_NS {

// One frame: keeps its reference luma in the ring and, when a.prev is set, adds the SAD
// against it to a.results->sad (twin::kLaunchesPerFrame launches).
void enqueue_sad(const gpu::StreamRef& stream, const twin::FrameArgs& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::motion
