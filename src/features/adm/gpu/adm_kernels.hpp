// The ADM twin's kernels, as the twin's host code enqueues them.
#pragma once

#include "features/adm/gpu/adm_plan.hpp"
#include "features/adm/gpu/adm_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::adm {
inline namespace FVMAF_GPU_NS {

// Stage `stage` (0 .. twin::kStages - 1) of a frame: one launch (adm_work.hpp).
void enqueue_stage(const gpu::StreamRef& stream, const twin::StageArgs& a, int stage);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::adm
