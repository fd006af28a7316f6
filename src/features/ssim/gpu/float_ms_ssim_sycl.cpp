// The float MS-SSIM twin's kernels in SYCL: float_ms_ssim_kernels.cu's kernels, work-group
// for block, around the same work-items of float_ms_ssim_work.hpp (the map's are
// ssim_map_sycl.cpp's). The double operations are hd::SoftF64 here (FVMAF_SOFT_F64).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ms_ssim_kernels.hpp"
#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

template <class Item>
void submit_2d(const gpu::StreamRef& stream, const char* name, const ms_twin::LaunchShape& shape, Item item) {
  gpu::submit(stream, name, [&](sycl::handler& h) {
    h.parallel_for(gpu::groups(shape.blocks_x, shape.blocks_y, shape.threads), [=](sycl::nd_item<2> it) {
      item(static_cast<unsigned>(it.get_global_id(1)), static_cast<unsigned>(it.get_group(0)));
    });
  });
}

}  // namespace

void enqueue_ms_ssim(const gpu::StreamRef& stream, const ms_twin::Args& a) {
  with_sample_type(a.bpc, [&]<class T>() {
    submit_2d(stream, "float_ms_ssim load", ms_twin::scale_launch(a, 0), [=](unsigned x, unsigned by) {
      const twin::Where w = twin::image_row(by, static_cast<unsigned>(a.h[0]));
      ms_twin::load_item<T>(a, w.side, x, w.y);
    });
  });
  for (unsigned s = 1; s < ms_twin::kScaleCount; ++s)
    submit_2d(stream, "float_ms_ssim decimate", ms_twin::scale_launch(a, s), [=](unsigned x, unsigned by) {
      const twin::Where w = twin::image_row(by, static_cast<unsigned>(a.h[s]));
      ms_twin::decimate_item(a, s, w.side, x, w.y);
    });
  MapSet set{};
  for (unsigned s = 0; s < ms_twin::kScaleCount; ++s) {
    enqueue_map(stream, a.map[s]);
    set.map[s] = a.map[s];
  }
  set.count = ms_twin::kScaleCount;
  enqueue_map_sums(stream, set);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
