// The SpEED twins' kernels, as the twins' host code enqueues them (speed_plan.hpp has the
// plan and the grids, speed_work.hpp the work-items).
#pragma once

#include "features/speed/gpu/speed_plan.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

// Stages 1 and 2 of every image of the frame: the decimated planes minus their local
// means, into the plan's scratch (2 launches).
void enqueue_planes(const gpu::StreamRef& stream, const twin::Frame& f);
// Stages 3 to 5: the covariances, eigenvalues and linear systems, the scores into
// f.results (3 launches).
void enqueue_statistics(const gpu::StreamRef& stream, const twin::Frame& f);
// speed_temporal: the frame's luma planes into their ring planes (1 launch).
void enqueue_keep(const gpu::StreamRef& stream, const twin::KeepArgs& a);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
