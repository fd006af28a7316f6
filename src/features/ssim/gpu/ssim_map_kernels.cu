// The SSIM map's kernels: launch skeletons around ssim_map_work.hpp's work-items, which the
// host replays (tests/replay/float_ssim_replay_test.cpp, float_ms_ssim_replay_test.cpp) run
// the same way.
#include "gpu/compat.hpp"

#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the window's double sums.
__global__ void __launch_bounds__(kThreads) ssim_map_hpass(twin::MapArgs a) {
  twin::hpass_item(a, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// fp64 (allowlisted): the window's double sums and the double l, c, l*c*s.
__global__ void __launch_bounds__(kThreads) ssim_map_terms(twin::MapArgs a) {
  twin::terms_item(a, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// Tile blockIdx.x * kThreads + threadIdx.x of sum y % 4 of map y / 4 (no fp64: the estimate
// is in float, the functions in integers).
__global__ void __launch_bounds__(kThreads) ssim_map_tile_estimate(MapSet set) {
  const unsigned g = blockIdx.y;
  twin::tile_estimate_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, blockIdx.x * kThreads + threadIdx.x);
}
__global__ void __launch_bounds__(kThreads) ssim_map_tile_compose(MapSet set) {
  const unsigned g = blockIdx.y;
  twin::tile_compose_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, blockIdx.x * kThreads + threadIdx.x);
}

// fp64 (allowlisted): the raster-order double sum g % 4 of map g / 4 (the chain's real
// additions where the sum leaves a binade).
__global__ void __launch_bounds__(twin::kSumThreads) ssim_map_sum(MapSet set) {
  __shared__ twin::SumChain::Shared sh;
  const unsigned g = blockIdx.x, q = g % twin::kSumsPerMap, t = threadIdx.x;
  const twin::MapArgs& a = set.map[g / twin::kSumsPerMap];
  twin::SumChain::Regs r;
  twin::SumChain::drive(sh, [&](unsigned p) { twin::sum_item(a, q, sh, r, p, t); }, [] { __syncthreads(); });
  twin::sum_store_item(a, q, sh, t);
}

}  // namespace

void enqueue_map(const gpu::StreamRef& stream, const twin::MapArgs& a) {
  const twin::LaunchShape hp = twin::hpass_launch(a), tm = twin::terms_launch(a);
  gpu::launch(stream, "ssim_map hpass", &ssim_map_hpass, dim3(hp.blocks_x, hp.blocks_y), dim3(hp.threads), a);
  gpu::launch(stream, "ssim_map terms", &ssim_map_terms, dim3(tm.blocks_x, tm.blocks_y), dim3(tm.threads), a);
}

void enqueue_map_sums(const gpu::StreamRef& stream, const MapSet& set) {
  const twin::LaunchShape tiles = twin::tiles_launch(set.map, set.count), sums = twin::sum_launch(set.count);
  gpu::launch(stream, "ssim_map tile estimate", &ssim_map_tile_estimate, dim3(tiles.blocks_x, tiles.blocks_y),
              dim3(tiles.threads), set);
  gpu::launch(stream, "ssim_map tile compose", &ssim_map_tile_compose, dim3(tiles.blocks_x, tiles.blocks_y),
              dim3(tiles.threads), set);
  gpu::launch(stream, "ssim_map sum", &ssim_map_sum, dim3(sums.blocks_x), dim3(sums.threads), set);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
