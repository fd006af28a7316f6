// The float motion twin's kernels in SYCL: float_motion_kernels.cu's five kernels,
// work-group for block, around the same work-items of float_motion_work.hpp (the replay
// runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_motion/gpu/float_motion_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_motion {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

void enqueue_motion(const gpu::StreamRef& stream, const twin::Args& a, unsigned frame) {
  // blockIdx.x = get_group(1), blockIdx.y = get_group(0); x = get_global_id(1).
  const twin::LaunchShape filter = twin::filter_launch(a);
  const unsigned rows0 = a.plane[0].h, srows0 = a.plane[0].sh;
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::submit(stream, "float_motion vertical", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(filter.blocks_x, filter.blocks_y, filter.threads), [=](sycl::nd_item<2> it) {
        const twin::Where w = twin::plane_row(static_cast<unsigned>(it.get_group(0)), rows0);
        twin::vertical_item<T>(a, w.c, static_cast<unsigned>(it.get_global_id(1)), w.y);
      });
    });
  });
  gpu::submit(stream, "float_motion horizontal", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(filter.blocks_x, filter.blocks_y, filter.threads), [=](sycl::nd_item<2> it) {
      const twin::Where w = twin::plane_row(static_cast<unsigned>(it.get_group(0)), rows0);
      twin::horizontal_item(a, w.c, static_cast<unsigned>(it.get_global_id(1)), w.y);
    });
  });
  if (a.scale1) {
    const twin::LaunchShape scale = twin::scale_launch(a);
    gpu::submit(stream, "float_motion scale", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(scale.blocks_x, scale.blocks_y, scale.threads), [=](sycl::nd_item<2> it) {
        const twin::Where w = twin::plane_row(static_cast<unsigned>(it.get_group(0)), srows0);
        twin::scale_item(a, w.c, static_cast<unsigned>(it.get_global_id(1)), w.y);
      });
    });
  }
  if (frame == 0) return;
  const twin::LaunchShape rows = twin::rows_launch(a), total = twin::total_launch(a);
  gpu::submit(stream, "float_motion rows", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(rows.blocks_x, rows.blocks_y, rows.threads), [=](sycl::nd_item<2> it) {
      const twin::Where w = twin::plane_row(static_cast<unsigned>(it.get_group(0)), 2);
      twin::row_item(a, w.c, w.y, static_cast<unsigned>(it.get_global_id(1)));
    });
  });
  gpu::submit(stream, "float_motion total", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(total.blocks_x, total.threads), [=](sycl::nd_item<1> it) {
      const twin::Where w = twin::plane_row(static_cast<unsigned>(it.get_local_id(0)), 2);
      twin::total_item(a, w.c, w.y);
    });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_motion
