// The float moment twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_moment/gpu/float_moment_plan.hpp"
#include "features/float_moment/gpu/float_moment_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_moment {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::launches_per_frame(a.bpc) kernels on `stream`; they add into
// a.slot, which is zero when the frame's work starts.
void enqueue_moments(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_moment
