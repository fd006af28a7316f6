// The PSNR-HVS twin's kernels in SYCL: psnr_hvs_kernels.cu's four kernels, work-group for
// block, around the same work-items of psnr_hvs_work.hpp (the replay runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::psnr_hvs {
inline namespace FVMAF_GPU_NS {

void enqueue_psnr_hvs(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a) {
  const twin::LaunchShape terms = twin::terms_launch(t);
  // A work-item per block; the work-group's row is the plane.
  with_sample_type(t.bpc, [&]<class T>() {
    gpu::submit(stream, "psnr_hvs terms", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(terms.blocks_x, terms.blocks_y, terms.threads), [=](sycl::nd_item<2> it) {
        twin::terms_item<T>(a, static_cast<unsigned>(it.get_group(0)), static_cast<unsigned>(it.get_global_id(1)));
      });
    });
  });
  // A work-item per tile of each long plane sum; the work-group's row is the plane.
  const twin::LaunchShape tiles = twin::tiles_launch(t);
  gpu::submit(stream, "psnr_hvs tile estimate", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(tiles.blocks_x, tiles.blocks_y, tiles.threads), [=](sycl::nd_item<2> it) {
      twin::tile_estimate_item(a, static_cast<unsigned>(it.get_group(0)), it.get_global_id(1));
    });
  });
  gpu::submit(stream, "psnr_hvs tile compose", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(tiles.blocks_x, tiles.blocks_y, tiles.threads), [=](sycl::nd_item<2> it) {
      twin::tile_compose_item(a, static_cast<unsigned>(it.get_group(0)), it.get_global_id(1));
    });
  });
  // One work-group per plane: the value of its sum's chain.
  gpu::submit_chain_sums<twin::SumChain>(
      stream, "psnr_hvs sum", twin::sum_launch().blocks_x,
      [=](unsigned g, twin::SumChain::Shared& sh, twin::SumChain::Regs& r, unsigned p, unsigned t) {
        twin::sum_item(a, g, sh, r, p, t);
      },
      [=](unsigned g, twin::SumChain::Shared& sh, unsigned t) { twin::sum_store_item(a, g, sh, t); });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr_hvs
