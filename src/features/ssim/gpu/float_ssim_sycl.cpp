// The float SSIM twin's kernels in SYCL: float_ssim_kernels.cu's kernels, work-group for
// block, around the same work-items of float_ssim_work.hpp (the map's are
// ssim_map_sycl.cpp's). The double operations are hd::SoftF64 here (FVMAF_SOFT_F64): no
// fp64 on the device.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ssim_kernels.hpp"
#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

void enqueue_ssim(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape load = twin::load_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::submit(stream, "float_ssim load", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(load.blocks_x, load.blocks_y, load.threads), [=](sycl::nd_item<2> it) {
        const twin::Where w = twin::image_row(static_cast<unsigned>(it.get_group(0)), static_cast<unsigned>(a.map.h));
        twin::load_item<T>(a, w.side, static_cast<unsigned>(it.get_global_id(1)), w.y);
      });
    });
  });
  enqueue_map(stream, a.map);
  MapSet set{};
  set.map[0] = a.map;
  set.count = 1;
  enqueue_map_sums(stream, set);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
