// The float SSIM twin's kernels: launch skeletons around float_ssim_work.hpp's work-items,
// which the host replay (tests/replay/float_ssim_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ssim_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the box low-pass's double sums.
template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_ssim_load(twin::Args a) {
  const twin::Where w = twin::image_row(blockIdx.y, a.h);
  twin::load_item<Sample>(a, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

// fp64 (allowlisted): the window's double sums.
__global__ void __launch_bounds__(kThreads) float_ssim_hpass(twin::Args a) {
  twin::hpass_item(a, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// fp64 (allowlisted): the window's double sums and the double l, c, l*c*s.
__global__ void __launch_bounds__(kThreads) float_ssim_terms(twin::Args a) {
  twin::terms_item(a, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// fp64 (allowlisted): the four raster-order double sums.
__global__ void __launch_bounds__(1) float_ssim_sum(twin::Args a) { twin::sum_item(a); }

}  // namespace

void enqueue_ssim(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape load = twin::load_launch(a), hp = twin::hpass_launch(a), tm = twin::terms_launch(a),
                          sum = twin::sum_launch();
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_ssim load", &float_ssim_load<T>, dim3(load.blocks_x, load.blocks_y), dim3(load.threads),
                a);
  });
  gpu::launch(stream, "float_ssim hpass", &float_ssim_hpass, dim3(hp.blocks_x, hp.blocks_y), dim3(hp.threads), a);
  gpu::launch(stream, "float_ssim terms", &float_ssim_terms, dim3(tm.blocks_x, tm.blocks_y), dim3(tm.threads), a);
  gpu::launch(stream, "float_ssim sum", &float_ssim_sum, dim3(sum.blocks_x, sum.blocks_y), dim3(sum.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
