// The float ADM twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/float_adm/gpu/float_adm_plan.hpp"
#include "features/float_adm/gpu/float_adm_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::float_adm {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::launches_per_frame kernels on `stream`: each scale's DWT and,
// for the computed scales, the decouple and the measure, then the sums into a.slot.
void enqueue_adm(const gpu::StreamRef& stream, const twin::Args& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_adm
