// The SSIM map's kernels in SYCL: ssim_map_kernels.cu's kernels, work-group for block,
// around the same work-items of ssim_map_work.hpp. The double operations are hd::SoftF64
// here (FVMAF_SOFT_F64): no fp64 on the device.
#include <sycl/sycl.hpp>

#include <cstdint>

#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

// A launch of `shape` whose work-item gets (x = blockIdx.x * kThreads + threadIdx.x,
// blockIdx.y): blockIdx.x = get_group(1), blockIdx.y = get_group(0).
template <class Item>
void submit_2d(const gpu::StreamRef& stream, const char* name, const twin::LaunchShape& shape, Item item) {
  gpu::submit(stream, name, [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(shape.blocks_x, shape.blocks_y, shape.threads), [=](sycl::nd_item<2> it) {
      item(static_cast<unsigned>(it.get_global_id(1)), static_cast<unsigned>(it.get_group(0)));
    });
  });
}

}  // namespace

void enqueue_map(const gpu::StreamRef& stream, const twin::MapArgs& a) {
  submit_2d(stream, "ssim_map hpass", twin::hpass_launch(a),
            [=](unsigned x, unsigned y) { twin::hpass_item(a, x, y); });
  submit_2d(stream, "ssim_map terms", twin::terms_launch(a),
            [=](unsigned x, unsigned y) { twin::terms_item(a, x, y); });
}

void enqueue_map_sums(const gpu::StreamRef& stream, const MapSet& set) {
  const twin::LaunchShape tiles = twin::tiles_launch(set.map, set.count);
  submit_2d(stream, "ssim_map tile estimate", tiles, [=](unsigned j, unsigned g) {
    twin::tile_estimate_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, j);
  });
  submit_2d(stream, "ssim_map tile compose", tiles, [=](unsigned j, unsigned g) {
    twin::tile_compose_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, j);
  });
  gpu::submit(stream, "ssim_map sum", [&](sycl::handler& h) {
    sycl::local_accessor<twin::SumChain::Shared, 1> shared(sycl::range<1>(1), h);
    sycl::local_accessor<twin::SumChain::Regs, 1> regs(sycl::range<1>(twin::kSumThreads), h);
    const twin::LaunchShape sums = twin::sum_launch(set.count);
    h.parallel_for(gpu::groups(sums.blocks_x, sums.threads), [=](sycl::nd_item<1> it) {
      const unsigned g = static_cast<unsigned>(it.get_group(0)), q = g % twin::kSumsPerMap;
      const twin::MapArgs& a = set.map[g / twin::kSumsPerMap];
      const unsigned t = static_cast<unsigned>(it.get_local_id(0));
      twin::SumChain::Shared& sh = shared[0];
      // Each work-item's registers in local memory: kept as a private struct across the
      // barriers, AdaptiveCpp's OpenMP device took over 100 s for one 640x360 float_ssim pair
      // (4 s so).
      twin::SumChain::Regs& r = regs[t];
      twin::SumChain::drive(
          sh, [&](unsigned p) { twin::sum_item(a, q, sh, r, p, t); }, [&] { sycl::group_barrier(it.get_group()); });
      twin::sum_store_item(a, q, sh, t);
    });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
