// The float SSIM twin's kernels in SYCL: float_ssim_kernels.cu's kernels, work-group for
// block, around the same work-items of float_ssim_work.hpp (the replay runs them too). The
// double operations are hd::SoftF64 here (FVMAF_SOFT_F64): no fp64 on the device.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ssim_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::ssim {
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

void enqueue_ssim(const gpu::StreamRef& stream, const twin::Args& a) {
  with_sample_type(a.bpc, [&]<class T>() {
    submit_2d(stream, "float_ssim load", twin::load_launch(a), [=](unsigned x, unsigned by) {
      const twin::Where w = twin::image_row(by, static_cast<unsigned>(a.h));
      twin::load_item<T>(a, w.side, x, w.y);
    });
  });
  submit_2d(stream, "float_ssim hpass", twin::hpass_launch(a), [=](unsigned x, unsigned y) { twin::hpass_item(a, x, y); });
  submit_2d(stream, "float_ssim terms", twin::terms_launch(a), [=](unsigned x, unsigned y) { twin::terms_item(a, x, y); });
  const twin::LaunchShape sum = twin::sum_launch();
  gpu::submit(stream, "float_ssim sum", [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(sum.blocks_x, sum.threads), [=](sycl::nd_item<1>) { twin::sum_item(a); });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
