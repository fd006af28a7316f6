// The PSNR twin's kernels: the skeleton of each block (shared memory, barriers, the
// reduction's steps) around the per-work-item routines of psnr_work.hpp, which the host
// replay (tests/replay/psnr_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "features/psnr/gpu/psnr_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::psnr {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// One block per row of every plane.
template <typename Sample>
__global__ void __launch_bounds__(kThreads) row_sse(twin::SsePlanes s, std::uint64_t* row_sums) {
  using Acc = typename twin::RowSum<Sample>::type;
  __shared__ Acc partial[kThreads];
  const unsigned t = threadIdx.x;
  partial[t] = twin::row_partial<Sample>(s, blockIdx.x, t, kThreads);
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    twin::tree_step(partial, t, half);
    __syncthreads();
  }
  if (t == 0) row_sums[blockIdx.x] = partial[0];
}

// One block per plane.
__global__ void __launch_bounds__(kThreads) plane_sse(twin::SsePlanes s, const std::uint64_t* row_sums,
                                                      std::uint64_t* sse) {
  __shared__ std::uint64_t partial[kThreads];
  const unsigned t = threadIdx.x;
  partial[t] = twin::plane_partial(s, row_sums, blockIdx.x, t, kThreads);
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    twin::tree_step(partial, t, half);
    __syncthreads();
  }
  if (t == 0) sse[blockIdx.x] = partial[0];
}

}  // namespace

void enqueue_sse(const gpu::StreamRef& stream, const twin::SsePlanes& s, unsigned bpc, std::uint64_t* row_sums,
                 std::uint64_t* sse) {
  const twin::LaunchShape rows = twin::row_launch(s), planes = twin::plane_launch(s);
  with_sample_type(bpc, [&]<class T>() {
    gpu::launch(stream, "psnr row_sse", &row_sse<T>, dim3(rows.blocks), dim3(rows.threads), s, row_sums);
  });
  gpu::launch(stream, "psnr plane_sse", &plane_sse, dim3(planes.blocks), dim3(planes.threads), s,
              static_cast<const std::uint64_t*>(row_sums), sse);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr
