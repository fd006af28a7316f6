// The float MS-SSIM twin's kernels: launch skeletons around float_ms_ssim_work.hpp's
// work-items (the map's are ssim_map_kernels.cu's), which the host replay
// (tests/replay/float_ms_ssim_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/ssim/gpu/float_ms_ssim_kernels.hpp"
#include "features/ssim/gpu/ssim_map_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

using ms_twin::kThreads;

template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_ms_ssim_load(ms_twin::Args a) {
  const twin::Where w = twin::image_row(blockIdx.y, static_cast<unsigned>(a.h[0]));
  ms_twin::load_item<Sample>(a, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the low-pass's double sums.
__global__ void __launch_bounds__(kThreads) float_ms_ssim_decimate(ms_twin::Args a, unsigned s) {
  const twin::Where w = twin::image_row(blockIdx.y, static_cast<unsigned>(a.h[s]));
  ms_twin::decimate_item(a, s, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

}  // namespace

void enqueue_ms_ssim(const gpu::StreamRef& stream, const ms_twin::Args& a) {
  const ms_twin::LaunchShape load = ms_twin::scale_launch(a, 0);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_ms_ssim load", &float_ms_ssim_load<T>, dim3(load.blocks_x, load.blocks_y),
                dim3(load.threads), a);
  });
  for (unsigned s = 1; s < ms_twin::kScaleCount; ++s) {
    const ms_twin::LaunchShape g = ms_twin::scale_launch(a, s);
    gpu::launch(stream, "float_ms_ssim decimate", &float_ms_ssim_decimate, dim3(g.blocks_x, g.blocks_y),
                dim3(g.threads), a, s);
  }
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
