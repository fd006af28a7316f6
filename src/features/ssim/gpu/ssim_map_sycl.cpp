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
  gpu::submit_chain_sums<twin::SumChain>(
      stream, "ssim_map sum", twin::sum_launch(set.count).blocks_x,
      [=](unsigned g, twin::SumChain::Shared& sh, twin::SumChain::Regs& r, unsigned p, unsigned t) {
        twin::sum_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, sh, r, p, t);
      },
      [=](unsigned g, twin::SumChain::Shared& sh, unsigned t) {
        twin::sum_store_item(set.map[g / twin::kSumsPerMap], g % twin::kSumsPerMap, sh, t);
      });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
