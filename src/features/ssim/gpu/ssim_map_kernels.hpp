// The SSIM map's kernels (ssim_map_work.hpp's work-items), as the float_ssim and
// float_ms_ssim twins enqueue them.
#pragma once

#include "features/ssim/gpu/ssim_map_plan.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

// Up to kScales maps whose sums one launch takes, one work-group each.
struct MapSet {
  twin::MapArgs map[kScales];
  unsigned count;
};

// Enqueues a map's two launches on `stream`: "hpass" and "terms".
void enqueue_map(const gpu::StreamRef& stream, const twin::MapArgs& a);
// Enqueues the maps' sums: "tile estimate" and "tile compose" (a work-item per tile of each
// sum), then "sum" (a work-group per sum: group g, map g / 4's sum g % 4).
void enqueue_map_sums(const gpu::StreamRef& stream, const MapSet& set);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
