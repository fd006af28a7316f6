// The float ADM twin's kernels in SYCL: float_adm_kernels.cu's kernels, work-group for
// block, around the same work-items of float_adm_work.hpp (the replay runs them too). The
// double operations are hd::SoftF64 here (FVMAF_SOFT_F64): no fp64 on the device.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_adm/gpu/float_adm_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_adm {
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

void enqueue_adm(const gpu::StreamRef& stream, const twin::Args& a) {
  for (unsigned s = 0; s < twin::kScales; ++s) {
    const unsigned rows = static_cast<unsigned>(a.sc[s].h);
    with_sample_type(a.bpc, [&]<class T>() {
      submit_2d(stream, "float_adm dwt_v", twin::dwt_v_launch(a, s), [=](unsigned x, unsigned by) {
        const twin::Where w = twin::image_row(by, rows);
        twin::dwt_v_item<T>(a, s, w.side, x, w.y);
      });
    });
    submit_2d(stream, "float_adm dwt_h", twin::dwt_h_launch(a, s), [=](unsigned x, unsigned by) {
      const twin::Where w = twin::image_row(by, rows);
      twin::dwt_h_item(a, s, w.side, x, w.y);
    });
    if (s < a.first_scale) continue;
    submit_2d(stream, "float_adm decouple", twin::decouple_launch(a, s),
              [=](unsigned x, unsigned y) { twin::decouple_item(a, s, x, y); });
    submit_2d(stream, "float_adm measure", twin::measure_launch(a, s),
              [=](unsigned x, unsigned y) { twin::measure_item(a, s, x, y); });
  }
  submit_2d(stream, "float_adm rows", twin::rows_launch(a), [=](unsigned y, unsigned s) { twin::row_item(a, s, y); });
  const twin::LaunchShape total = twin::total_launch();
  gpu::submit(stream, "float_adm total", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(total.blocks_x, total.threads),
                   [=](sycl::nd_item<1> it) { twin::total_item(a, static_cast<unsigned>(it.get_local_id(0))); });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_adm
