// The float PSNR twin's kernels: block skeletons around float_psnr_work.hpp's work-items,
// which the host replay (tests/replay/float_psnr_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_psnr/gpu/float_psnr_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_psnr {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// One block per row.
template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_psnr_rows(twin::Args a) {
  __shared__ std::uint64_t partial[kThreads];
  const unsigned t = threadIdx.x;
  partial[t] = twin::row_share<Sample>(a, blockIdx.x, t, kThreads);
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    twin::tree_step(partial, t, half);
    __syncthreads();
  }
  if (t == 0) twin::add_row(a, partial[0]);
}

// One work-item (16 bits).
__global__ void __launch_bounds__(1) float_psnr_serial(twin::Args a) { twin::float_psnr_serial_sum<double>(a); }

}  // namespace

void enqueue_noise(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape rows = twin::rows_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_psnr rows", &float_psnr_rows<T>, dim3(rows.blocks), dim3(rows.threads), a);
  });
  if (a.bpc == 16) gpu::launch(stream, "float_psnr serial", &float_psnr_serial, dim3(1), dim3(1), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_psnr
