// The float PSNR twin's kernels in SYCL: float_psnr_kernels.cu's two kernels, work-group
// for block, around the same work-items of float_psnr_work.hpp (the replay runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_psnr/gpu/float_psnr_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_psnr {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

void enqueue_noise(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape rows = twin::rows_launch(a);
  // One work-group per row.
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::submit(stream, "float_psnr rows", [&](sycl::handler& h) {
      sycl::local_accessor<std::uint64_t, 1> partial(sycl::range<1>(kThreads), h);
      h.parallel_for(gpu::groups(rows.blocks, rows.threads), [=](sycl::nd_item<1> it) {
        const unsigned t = static_cast<unsigned>(it.get_local_id(0));
        std::uint64_t* p = &partial[0];
        p[t] = twin::row_share<T>(a, static_cast<unsigned>(it.get_group(0)), t, kThreads);
        sycl::group_barrier(it.get_group());
        for (unsigned half = kThreads / 2; half > 0; half /= 2) {
          twin::tree_step(p, t, half);
          sycl::group_barrier(it.get_group());
        }
        if (t == 0) twin::add_row(a, p[0]);
      });
    });
  });
  // One work-item, 16 bits: the literal sum in hd::f64 (SoftF64: no fp64 in SYCL kernels).
  if (a.bpc == 16)
    gpu::submit(stream, "float_psnr serial", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(1, 1), [=](sycl::nd_item<1>) { twin::float_psnr_serial_sum<hd::f64>(a); });
    });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_psnr
