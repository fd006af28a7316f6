// The PSNR-HVS twin's kernels: launch skeletons around psnr_hvs_work.hpp's work-items,
// which the host replay (tests/replay/psnr_hvs_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::psnr_hvs {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kTermsThreads;

// A work-item per block; blockIdx.y is the plane.
template <typename Sample>
__global__ void __launch_bounds__(kTermsThreads) psnr_hvs_terms(twin::Args a) {
  twin::terms_item<Sample>(a, blockIdx.y, blockIdx.x * kTermsThreads + threadIdx.x);
}

// Tile blockIdx.x * kTermsThreads + threadIdx.x of plane blockIdx.y's sum (no fp64: the
// estimate is in float, the functions in integers).
__global__ void __launch_bounds__(kTermsThreads) psnr_hvs_tile_estimate(twin::Args a) {
  twin::tile_estimate_item(a, blockIdx.y, blockIdx.x * kTermsThreads + threadIdx.x);
}
__global__ void __launch_bounds__(kTermsThreads) psnr_hvs_tile_compose(twin::Args a) {
  twin::tile_compose_item(a, blockIdx.y, blockIdx.x * kTermsThreads + threadIdx.x);
}

// One work-group per plane (blockIdx.x): the value of its sum's chain.
__global__ void __launch_bounds__(twin::kSumThreads) psnr_hvs_sum(twin::Args a) {
  __shared__ twin::SumChain::Shared sh;
  const unsigned p = blockIdx.x, t = threadIdx.x;
  twin::SumChain::Regs r;
  twin::SumChain::drive(sh, [&](unsigned ph) { twin::sum_item(a, p, sh, r, ph, t); }, [] { __syncthreads(); });
  twin::sum_store_item(a, p, sh, t);
}

}  // namespace

void enqueue_psnr_hvs(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a) {
  const twin::LaunchShape terms = twin::terms_launch(t);
  with_sample_type(t.bpc, [&]<class T>() {
    gpu::launch(stream, "psnr_hvs terms", &psnr_hvs_terms<T>, dim3(terms.blocks_x, terms.blocks_y),
                dim3(terms.threads), a);
  });
  const twin::LaunchShape tiles = twin::tiles_launch(t);
  gpu::launch(stream, "psnr_hvs tile estimate", &psnr_hvs_tile_estimate, dim3(tiles.blocks_x, tiles.blocks_y),
              dim3(tiles.threads), a);
  gpu::launch(stream, "psnr_hvs tile compose", &psnr_hvs_tile_compose, dim3(tiles.blocks_x, tiles.blocks_y),
              dim3(tiles.threads), a);
  const twin::LaunchShape sum = twin::sum_launch();
  gpu::launch(stream, "psnr_hvs sum", &psnr_hvs_sum, dim3(sum.blocks_x), dim3(sum.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr_hvs
