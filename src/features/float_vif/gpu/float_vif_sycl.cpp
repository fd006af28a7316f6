// The float VIF twin's kernels in SYCL: float_vif_kernels.cu's kernels, work-group for
// block, around the same work-items of float_vif_work.hpp (the replay runs them too). The
// statistic's double operations are hd::SoftF64 here (FVMAF_SOFT_F64): no fp64 on the device.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_vif/gpu/float_vif_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_vif {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

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

void enqueue_vif(const gpu::StreamRef& stream, const twin::Args& a) {
  with_sample_type(a.bpc, [&]<class T>() {
    submit_2d(stream, "float_vif load", twin::load_launch(a), [=](unsigned x, unsigned by) {
      const twin::Where w = twin::image_row(by, a.h[0]);
      twin::load_item<T>(a, w.side, x, w.y);
    });
  });
  for (unsigned s = 0; s < twin::kScales; ++s) {
    if (s > 0) {
      submit_2d(stream, "float_vif decimate_v", twin::decimate_v_launch(a, s), [=](unsigned x, unsigned by) {
        const twin::Where w = twin::image_row(by, a.h[s]);
        twin::decimate_v_item(a, s, w.side, x, w.y);
      });
      submit_2d(stream, "float_vif decimate_h", twin::decimate_h_launch(a, s), [=](unsigned x, unsigned by) {
        const twin::Where w = twin::image_row(by, a.h[s]);
        twin::decimate_h_item(a, s, w.side, x, w.y);
      });
    }
    if (s < a.first_scale) continue;
    const twin::LaunchShape g = twin::scale_launch(a, s);
    submit_2d(stream, "float_vif vertical", g, [=](unsigned x, unsigned y) { twin::vertical_item(a, s, x, y); });
    submit_2d(stream, "float_vif statistic", g, [=](unsigned x, unsigned y) { twin::statistic_item(a, s, x, y); });
  }
  submit_2d(stream, "float_vif rows", twin::rows_launch(a), [=](unsigned y, unsigned s) { twin::row_item(a, s, y); });
  const twin::LaunchShape total = twin::total_launch();
  gpu::submit(stream, "float_vif total", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(total.blocks_x, total.threads),
                   [=](sycl::nd_item<1> it) { twin::total_item(a, static_cast<unsigned>(it.get_local_id(0))); });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_vif
