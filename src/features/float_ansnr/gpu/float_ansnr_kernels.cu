// The float ANSNR twin's kernels: launch skeletons around float_ansnr_work.hpp's
// work-items, which the host replay (tests/replay/float_ansnr_replay_test.cpp) runs the
// same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/float_ansnr/gpu/float_ansnr_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::float_ansnr {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kThreads;

template <typename Sample>
__global__ void __launch_bounds__(kThreads) float_ansnr_terms(twin::Args a) {
  twin::terms_item<Sample>(a, blockIdx.x * kThreads + threadIdx.x, blockIdx.y);
}

__global__ void __launch_bounds__(kThreads) float_ansnr_rows(twin::Args a) {
  twin::row_item(a, blockIdx.x * kThreads + threadIdx.x);
}

__global__ void __launch_bounds__(1) float_ansnr_total(twin::Args a) { twin::total_item(a); }

}  // namespace

void enqueue_ansnr(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape terms = twin::terms_launch(a), rows = twin::rows_launch(a), total = twin::total_launch();
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::launch(stream, "float_ansnr terms", &float_ansnr_terms<T>, dim3(terms.blocks_x, terms.blocks_y),
                dim3(terms.threads), a);
  });
  gpu::launch(stream, "float_ansnr rows", &float_ansnr_rows, dim3(rows.blocks_x), dim3(rows.threads), a);
  gpu::launch(stream, "float_ansnr total", &float_ansnr_total, dim3(total.blocks_x), dim3(total.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_ansnr
