// A host picture uploaded once into device memory for several pipelines to copy from
// (Runtime::upload_picture): an encoding ladder's reference, uploaded once per frame
// instead of once per encode (docs/adr/0014-encoding-ladder.md). CUDA and HIP.
#pragma once

#include <memory>

#include "fastvmaf/picture.hpp"
#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// `picture`'s planes copied into pinned staging, then one upload on the context's legacy
// default stream (where FramePipeline::begin_frame orders device pictures after). The
// view is valid while the pointer lives; its last release waits for the upload before
// the buffers go back to the cache.
std::shared_ptr<const DeviceFrameView> upload_picture(const Picture& picture);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
