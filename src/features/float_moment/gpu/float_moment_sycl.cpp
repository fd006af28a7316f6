// The float moment twin's kernels in SYCL: float_moment_kernels.cu's two kernels,
// work-group for block, around the same work-items of float_moment_work.hpp (the replay
// runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/float_moment/gpu/float_moment_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::float_moment {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

void enqueue_moments(const gpu::StreamRef& stream, const twin::Args& a) {
  const twin::LaunchShape rows = twin::rows_launch(a);
  // One work-group per row of each picture: blockIdx.x = get_group(1) (the row),
  // blockIdx.y = get_group(0) (the picture).
  with_sample_type(a.bpc, [&]<class T>() {
    gpu::submit(stream, "float_moment rows", [&](sycl::handler& h) {
      sycl::local_accessor<twin::Partial, 1> partial(sycl::range<1>(kThreads), h);
      h.parallel_for(gpu::groups(rows.blocks_x, rows.blocks_y, rows.threads), [=](sycl::nd_item<2> it) {
        const unsigned t = static_cast<unsigned>(it.get_local_id(1));
        const unsigned row = static_cast<unsigned>(it.get_group(1));
        const unsigned picture = static_cast<unsigned>(it.get_group(0));
        twin::Partial* p = &partial[0];
        p[t] = twin::row_share<T>(a, picture, row, t, kThreads);
        sycl::group_barrier(it.get_group());
        for (unsigned half = kThreads / 2; half > 0; half /= 2) {
          twin::tree_step(p, t, half);
          sycl::group_barrier(it.get_group());
        }
        if (t == 0) twin::add_row(a, picture, p[0]);
      });
    });
  });
  // One work-item per picture, 16 bits: the literal sum in hd::f64 (SoftF64: no fp64 in
  // SYCL kernels).
  if (a.bpc == 16) {
    const twin::LaunchShape serial = twin::serial_launch();
    gpu::submit(stream, "float_moment serial", [&](sycl::handler& h) {
      h.parallel_for(gpu::groups(serial.blocks_x, serial.threads), [=](sycl::nd_item<1> it) {
        twin::float_moment_serial_sum<hd::f64>(a, static_cast<unsigned>(it.get_local_id(0)));
      });
    });
  }
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_moment
