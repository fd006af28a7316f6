// The float moment twin's kernels: block skeletons around float_moment_work.hpp's
// work-items, which the host replay (tests/replay/float_moment_replay_test.cpp) runs the
// same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_moment/gpu/float_moment_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_moment {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// One block per row (x) of each picture (y).
template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_moment_rows(twin::Args a) {
  __shared__ twin::Partial partial[kThreads];
  const unsigned t = threadIdx.x;
  partial[t] = twin::row_share<Sample>(a, blockIdx.y, blockIdx.x, t, kThreads);
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    twin::tree_step(partial, t, half);
    __syncthreads();
  }
  if (t == 0) twin::add_row(a, blockIdx.y, partial[0]);
}

// One work-item per picture (16 bits).
__global__ void __launch_bounds__(twin::kPictures) float_moment_serial(twin::Args a) {
  twin::float_moment_serial_sum<double>(a, threadIdx.x);
}

}  // namespace

void enqueue_moments(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape rows = twin::rows_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_moment rows", &float_moment_rows<T>, dim3(rows.blocks_x, rows.blocks_y),
                dim3(rows.threads), a);
  });
  if (a.bpc == 16) {
    const twin::LaunchShape serial = twin::serial_launch();
    gpu::launch(stream, "float_moment serial", &float_moment_serial, dim3(serial.blocks_x), dim3(serial.threads), a);
  }
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_moment
