// The float VIF twin's kernels: launch skeletons around float_vif_work.hpp's work-items,
// which the host replay (tests/replay/float_vif_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_vif/gpu/float_vif_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_vif {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_vif_load(twin::Args a) {
  const twin::Where w = twin::image_row(blockIdx.y, a.h[0]);
  twin::load_item<Sample>(a, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_vif_decimate_v(twin::Args a, unsigned s) {
  const twin::Where w = twin::image_row(blockIdx.y, a.h[s]);
  twin::decimate_v_item(a, s, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_vif_decimate_h(twin::Args a, unsigned s) {
  const twin::Where w = twin::image_row(blockIdx.y, a.h[s]);
  twin::decimate_h_item(a, s, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_vif_vertical(twin::Args a, unsigned s) {
  twin::vertical_item(a, s, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the statistic's double quotients.
__global__ void __launch_bounds__(kThreads) float_vif_statistic(twin::Args a, unsigned s) {
  twin::statistic_item(a, s, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

__global__ void __launch_bounds__(kThreads) float_vif_rows(twin::Args a) {
  twin::row_item(a, blockIdx.y, blockIdx.x * kThreads + threadIdx.x);
}

__global__ void __launch_bounds__(twin::kScales) float_vif_total(twin::Args a) { twin::total_item(a, threadIdx.x); }

}  // namespace

void enqueue_vif(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape load = twin::load_launch(a);
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_vif load", &float_vif_load<T>, dim3(load.blocks_x, load.blocks_y), dim3(load.threads), a);
  });
  for (unsigned s = 0; s < twin::kScales; ++s) {
    if (s > 0) {
      const twin::LaunchShape v = twin::decimate_v_launch(a, s), h = twin::decimate_h_launch(a, s);
      gpu::launch(stream, "float_vif decimate_v", &float_vif_decimate_v, dim3(v.blocks_x, v.blocks_y),
                  dim3(v.threads), a, s);
      gpu::launch(stream, "float_vif decimate_h", &float_vif_decimate_h, dim3(h.blocks_x, h.blocks_y),
                  dim3(h.threads), a, s);
    }
    if (s < a.first_scale) continue;
    const twin::LaunchShape g = twin::scale_launch(a, s);
    gpu::launch(stream, "float_vif vertical", &float_vif_vertical, dim3(g.blocks_x, g.blocks_y), dim3(g.threads), a, s);
    gpu::launch(stream, "float_vif statistic", &float_vif_statistic, dim3(g.blocks_x, g.blocks_y), dim3(g.threads), a,
                s);
  }
  const twin::LaunchShape rows = twin::rows_launch(a), total = twin::total_launch();
  gpu::launch(stream, "float_vif rows", &float_vif_rows, dim3(rows.blocks_x, rows.blocks_y), dim3(rows.threads), a);
  gpu::launch(stream, "float_vif total", &float_vif_total, dim3(total.blocks_x, total.blocks_y), dim3(total.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_vif
