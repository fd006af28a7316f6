// The float ANSNR twin's kernels in SYCL: float_ansnr_kernels.cu's three kernels,
// work-group for block, around the same work-items of float_ansnr_work.hpp (the replay
// runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_ansnr/gpu/float_ansnr_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_ansnr {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

void enqueue_ansnr(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape terms = twin::terms_launch(a), rows = twin::rows_launch(a), total = twin::total_launch();
  // blockIdx.x = get_group(1) (a stretch of the row), blockIdx.y = get_group(0) (the row).
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::submit(stream, "float_ansnr terms", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(terms.blocks_x, terms.blocks_y, terms.threads), [=](sycl::nd_item<2> it) {
        twin::terms_item<T>(a, static_cast<unsigned>(it.get_global_id(1)), static_cast<unsigned>(it.get_group(0)));
      });
    });
  });
  gpu::submit(stream, "float_ansnr rows", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(rows.blocks_x, rows.threads),
                   [=](sycl::nd_item<1> it) { twin::row_item(a, static_cast<unsigned>(it.get_global_id(0))); });
  });
  gpu::submit(stream, "float_ansnr total", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(total.blocks_x, total.threads), [=](sycl::nd_item<1>) { twin::total_item(a); });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_ansnr
