// The kernel that takes semi-planar or shifted device pictures apart (gpu/unpack_plane.hpp),
// as the frame pipeline enqueues it.
#pragma once

#include "gpu/backend/stream.hpp"
#include "gpu/unpack_plane.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// Enqueues one launch on `stream` writing every sample of u's slot.
void enqueue_unpack_plane(const StreamRef& stream, const UnpackPlane& u);

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
