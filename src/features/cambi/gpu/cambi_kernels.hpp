// The CAMBI twin's kernels, as its host code enqueues them (gpu/cambi_launch.hpp has the
// plan): the picture and scale kernels (cambi_kernels_picture.cu), the c-values and the
// top-K passes (cambi_kernels_cvalues.cu), split so that each unit compiles quickly for
// every target.
#pragma once

#include "features/cambi/gpu/cambi_launch.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

// The picture kernel.
void enqueue_picture(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f);
// Scale launch n (0 .. kScales, twin::scale_args).
void enqueue_scale(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f, int n);
// The c-values of every scale, then top-K passes 1, 2 and 3.
void enqueue_cvalues_topk(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f);

// A frame's twin::kLaunchesPerFrame launches, in order; f.results must be zero.
inline void enqueue_frame(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f) {
  enqueue_picture(stream, plan, f);
  for (int n = 0; n <= twin::kScales; ++n) enqueue_scale(stream, plan, f, n);
  enqueue_cvalues_topk(stream, plan, f);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
