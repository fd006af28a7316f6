// The CAMBI twin's kernels, as its host code enqueues them (gpu/cambi_launch.hpp has the
// plan): the picture stages (cambi_kernels_picture.cu) and the c-values with the top-K
// (cambi_kernels_cvalues.cu), split so that each unit compiles quickly for every target.
#pragma once

#include "features/cambi/gpu/cambi_launch.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

// prep and mask.
void enqueue_picture(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f,
                     unsigned slot);
// mode[s] and bits[s].
void enqueue_scale_keys(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f,
                        int s);
// cvalues[s]; `clear`: the histograms are used for the first time.
void enqueue_cvalues(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f, int s,
                     bool clear);
// topk_pass2 and topk_pass3.
void enqueue_topk(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f);

// A frame's twin::kLaunchesPerFrame launches, in order; `slot` picks the frame's status word.
inline void enqueue_frame(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f,
                          unsigned slot, bool clear) {
  enqueue_picture(stream, plan, f, slot);
  for (int s = 0; s < twin::kScales; ++s) {
    enqueue_scale_keys(stream, plan, f, s);
    enqueue_cvalues(stream, plan, f, s, clear);
  }
  enqueue_topk(stream, plan, f);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
