// The float motion twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_motion/gpu/float_motion_plan.hpp"
#include "features/float_motion/gpu/float_motion_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_motion {
inline namespace FVMAF_GPU_NS {

// Enqueues frame `frame`'s twin::launches_of kernels on `stream`: the blur into the ring,
// the halving (a.scale1), and from frame 1 on the rows' sums and the planes' sums into
// a.slot.
void enqueue_motion(const gpu::StreamRef& stream, const twin::Args& a, unsigned frame);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_motion
