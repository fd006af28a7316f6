// The float SSIM twin's kernels: launch skeletons around float_ssim_work.hpp's work-items
// (the map's are ssim_map_kernels.cu's), which the host replay
// (tests/replay/float_ssim_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ssim_kernels.hpp"
#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the box low-pass's double sums.
template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_ssim_load(twin::Args a) {
  const twin::Where w = twin::image_row(blockIdx.y, static_cast<unsigned>(a.map.h));
  twin::load_item<Sample>(a, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

}  // namespace

void enqueue_ssim(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape load = twin::load_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_ssim load", &float_ssim_load<T>, dim3(load.blocks_x, load.blocks_y), dim3(load.threads),
                a);
  });
  enqueue_map(stream, a.map);
  MapSet set{};
  set.map[0] = a.map;
  set.count = 1;
  enqueue_map_sums(stream, set);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
