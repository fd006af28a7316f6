// The float motion twin's kernels: launch skeletons around float_motion_work.hpp's
// work-items, which the host replay (tests/replay/float_motion_replay_test.cpp) runs the
// same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_motion/gpu/float_motion_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_motion {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_motion_vertical(twin::Args a) {
  const twin::Where w = twin::plane_row(blockIdx.y, a.plane[0].h);
  twin::vertical_item<Sample>(a, w.c, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_motion_horizontal(twin::Args a) {
  const twin::Where w = twin::plane_row(blockIdx.y, a.plane[0].h);
  twin::horizontal_item(a, w.c, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_motion_scale(twin::Args a) {
  const twin::Where w = twin::plane_row(blockIdx.y, a.plane[0].sh);
  twin::scale_item(a, w.c, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_motion_rows(twin::Args a) {
  const twin::Where w = twin::plane_row(blockIdx.y, 2);
  twin::row_item(a, w.c, w.y, blockIdx.x * kThreads + threadIdx.x);
}

__global__ void __launch_bounds__(2 * twin::kMaxPlanes) float_motion_total(twin::Args a) {
  const twin::Where w = twin::plane_row(threadIdx.x, 2);
  twin::total_item(a, w.c, w.y);
}

}  // namespace

void enqueue_motion(const gpu::StreamRef& stream, const twin::Args& a, unsigned frame) {
  const twin::LaunchShape filter = twin::filter_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_motion vertical", &float_motion_vertical<T>, dim3(filter.blocks_x, filter.blocks_y),
                dim3(filter.threads), a);
  });
  gpu::launch(stream, "float_motion horizontal", &float_motion_horizontal, dim3(filter.blocks_x, filter.blocks_y),
              dim3(filter.threads), a);
  if (a.scale1) {
    const twin::LaunchShape scale = twin::scale_launch(a);
    gpu::launch(stream, "float_motion scale", &float_motion_scale, dim3(scale.blocks_x, scale.blocks_y),
                dim3(scale.threads), a);
  }
  if (frame == 0) return;
  const twin::LaunchShape rows = twin::rows_launch(a), total = twin::total_launch(a);
  gpu::launch(stream, "float_motion rows", &float_motion_rows, dim3(rows.blocks_x, rows.blocks_y), dim3(rows.threads),
              a);
  gpu::launch(stream, "float_motion total", &float_motion_total, dim3(total.blocks_x, total.blocks_y),
              dim3(total.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_motion
