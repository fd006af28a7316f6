// The SpEED twins' pixel kernels: the blur at the decimated samples, the local mean, and
// speed_temporal's copy of the luma planes into its ring. Block skeletons (shared
// memory, barriers) around the work-items of speed_work.hpp, which the host replay
// (tests/replay/speed_replay_test.cpp) runs the same way. Float only.
#include "gpu/compat.hpp"

#include "features/speed/gpu/speed_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

template <typename T>
__global__ void __launch_bounds__(kBlurThreads) blur(Frame f) {
  __shared__ float vals[kBlurOutputs * kMaxAntialiasTaps];
  const unsigned image = blockIdx.z;
  blur_vertical<T>(f.plan, f.src[image], blockIdx.x, blockIdx.y, threadIdx.x, kBlurThreads, vals);
  __syncthreads();
  blur_horizontal(f.plan, image, blockIdx.x, blockIdx.y, threadIdx.x, vals);
}

__global__ void __launch_bounds__(kMeanThreads) remove_mean(Plan p) {
  local_mean(p, blockIdx.y, blockIdx.x * kMeanThreads + threadIdx.x);
}

__global__ void __launch_bounds__(kKeepThreads) keep(KeepArgs a) {
  keep_chunk(a, blockIdx.x, blockIdx.y, blockIdx.z, threadIdx.x);
}

dim3 dim_of(const Dim& d) { return dim3(d.x, d.y, d.z); }

}  // namespace

void enqueue_planes(const gpu::StreamRef& stream, const Frame& f) {
  const dim3 grid = dim_of(blur_grid(f.plan));
  with_sample_type(f.plan.bpc,
                   [&]<class T>() { gpu::launch(stream, "speed blur", &blur<T>, grid, dim3(kBlurThreads), f); });
  gpu::launch(stream, "speed local mean", &remove_mean, dim_of(mean_grid(f.plan)), dim3(kMeanThreads), f.plan);
}

void enqueue_keep(const gpu::StreamRef& stream, const KeepArgs& a) {
  gpu::launch(stream, "speed keep", &keep, dim_of(keep_grid(a)), dim3(kKeepThreads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
