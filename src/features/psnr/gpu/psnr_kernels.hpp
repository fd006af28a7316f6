// The PSNR twin's kernels, as the twin's host code enqueues them.
#pragma once

#include <cstdint>

#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::psnr {
inline namespace FVMAF_GPU_NS {

// Enqueues the frame's twin::kLaunchesPerFrame kernels on `stream`: each row's sum of
// squared errors into row_sums (s.total_rows), then each plane's into sse (s.planes).
void enqueue_sse(const gpu::StreamRef& stream, const twin::SsePlanes& s, unsigned bpc, std::uint64_t* row_sums,
                 std::uint64_t* sse);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr
