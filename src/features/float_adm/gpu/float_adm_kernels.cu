// The float ADM twin's kernels: launch skeletons around float_adm_work.hpp's work-items,
// which the host replay (tests/replay/float_adm_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_adm/gpu/float_adm_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_adm {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_adm_dwt_v(twin::Args a, unsigned s) {
  const twin::Where w = twin::image_row(blockIdx.y, static_cast<unsigned>(a.sc[s].h));
  twin::dwt_v_item<Sample>(a, s, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

__global__ void __launch_bounds__(kThreads) float_adm_dwt_h(twin::Args a, unsigned s) {
  const twin::Where w = twin::image_row(blockIdx.y, static_cast<unsigned>(a.sc[s].h));
  twin::dwt_h_item(a, s, w.side, blockIdx.x * kThreads + threadIdx.x, w.y);
}

// fp64 (allowlisted, tests/contract/fp64_kernels.txt): the gain limit's double product and
// comparisons, the masking weights' 1/30.
__global__ void __launch_bounds__(kThreads) float_adm_decouple(twin::Args a, unsigned s) {
  twin::decouple_item(a, s, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

// fp64 (allowlisted): the thresholds' 1/15 of the centre.
__global__ void __launch_bounds__(kThreads) float_adm_measure(twin::Args a, unsigned s) {
  twin::measure_item(a, s, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

__global__ void __launch_bounds__(kThreads) float_adm_rows(twin::Args a) {
  twin::row_item(a, blockIdx.y, blockIdx.x * kThreads + threadIdx.x);
}

__global__ void __launch_bounds__(twin::kScales) float_adm_total(twin::Args a) { twin::total_item(a, threadIdx.x); }

}  // namespace

void enqueue_adm(const gpu::StreamRef& stream, const twin::Args& a) {
  for (unsigned s = 0; s < twin::kScales; ++s) {
    const twin::LaunchShape v = twin::dwt_v_launch(a, s), h = twin::dwt_h_launch(a, s);
    with_sample_type(a.bpc, [&]<class T>() {
      gpu::launch(stream, "float_adm dwt_v", &float_adm_dwt_v<T>, dim3(v.blocks_x, v.blocks_y), dim3(v.threads), a, s);
    });
    gpu::launch(stream, "float_adm dwt_h", &float_adm_dwt_h, dim3(h.blocks_x, h.blocks_y), dim3(h.threads), a, s);
    if (s < a.first_scale) continue;
    const twin::LaunchShape d = twin::decouple_launch(a, s), m = twin::measure_launch(a, s);
    gpu::launch(stream, "float_adm decouple", &float_adm_decouple, dim3(d.blocks_x, d.blocks_y), dim3(d.threads), a, s);
    gpu::launch(stream, "float_adm measure", &float_adm_measure, dim3(m.blocks_x, m.blocks_y), dim3(m.threads), a, s);
  }
  const twin::LaunchShape rows = twin::rows_launch(a), total = twin::total_launch();
  gpu::launch(stream, "float_adm rows", &float_adm_rows, dim3(rows.blocks_x, rows.blocks_y), dim3(rows.threads), a);
  gpu::launch(stream, "float_adm total", &float_adm_total, dim3(total.blocks_x, total.blocks_y), dim3(total.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_adm
