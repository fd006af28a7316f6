// The float VIF twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_vif/gpu/float_vif_plan.hpp"
#include "features/float_vif/gpu/float_vif_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_vif {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::launches_per_frame kernels on `stream`: scale 0, the
// decimations and each computed scale's filters and statistic, then the sums into a.slot.
void enqueue_vif(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_vif
