// The unpack kernel (gpu/unpack_plane.hpp): one work-item per sample of the slot.
#include "gpu/compat.hpp"

#include "gpu/backend/launch.hpp"
#include "gpu/backend/unpack_plane.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {

__global__ void __launch_bounds__(kUnpackThreadsX * kUnpackThreadsY) unpack_plane(UnpackPlane u) {
  const unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < u.dst_width && y < u.dst_height) unpack_sample(u, x, y);
}

}  // namespace

void enqueue_unpack_plane(const StreamRef& stream, const UnpackPlane& u) {
  const dim3 block(kUnpackThreadsX, kUnpackThreadsY);
  const dim3 grid((u.dst_width + kUnpackThreadsX - 1) / kUnpackThreadsX, (u.dst_height + kUnpackThreadsY - 1) / kUnpackThreadsY);
  launch(stream, "unpack_plane", &unpack_plane, grid, block, u);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
