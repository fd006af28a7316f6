// The VIF twin's kernels, as its host code enqueues them (gpu/vif_work.hpp has the
// decomposition).
#pragma once

#include "features/vif/gpu/vif_plan.hpp"
#include "features/vif/gpu/vif_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::vif {
inline namespace FVMAF_GPU_NS {

// One frame: the launches of scales 0..3 in order (twin::kLaunchesPerFrame), each adding
// its sums to f.results (zero when the frame's work starts) and writing the next scale's
// planes f.scaled.
void enqueue_frame(const gpu::StreamRef& stream, const twin::FrameArgs& f);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::vif
