// The PSNR twin's kernels in SYCL: psnr_kernels.cu's two kernels, work-group for block,
// around the same work-items of psnr_work.hpp (the host replay runs them too).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/psnr/gpu/psnr_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::psnr {
inline namespace FVMAF_GPU_NS {

using twin::kThreads;

void enqueue_sse(const gpu::StreamRef& stream, const twin::SsePlanes& s, unsigned bpc, std::uint64_t* row_sums,
                 std::uint64_t* sse) {
  const twin::LaunchShape rows = twin::row_launch(s), planes = twin::plane_launch(s);
  // One work-group per row of every plane.
  with_sample_type(bpc, [&]<class T>() {
    using Acc = typename twin::RowSum<T>::type;
    gpu::submit(stream, "psnr row_sse", [&](sycl::handler& h) {
      sycl::local_accessor<Acc, 1> partial(sycl::range<1>(kThreads), h);
      h.parallel_for(gpu::groups(rows.blocks, rows.threads), [=](sycl::nd_item<1> it) {
        const unsigned t = static_cast<unsigned>(it.get_local_id(0));
        const unsigned row = static_cast<unsigned>(it.get_group(0));
        Acc* p = &partial[0];
        p[t] = twin::row_partial<T>(s, row, t, kThreads);
        sycl::group_barrier(it.get_group());
        for (unsigned half = kThreads / 2; half > 0; half /= 2) {
          twin::tree_step(p, t, half);
          sycl::group_barrier(it.get_group());
        }
        if (t == 0) row_sums[row] = p[0];
      });
    });
  });
  // One work-group per plane.
  gpu::submit(stream, "psnr plane_sse", [&](sycl::handler& h) {
    sycl::local_accessor<std::uint64_t, 1> partial(sycl::range<1>(kThreads), h);
    h.parallel_for(gpu::groups(planes.blocks, planes.threads), [=](sycl::nd_item<1> it) {
      const unsigned t = static_cast<unsigned>(it.get_local_id(0));
      const unsigned plane = static_cast<unsigned>(it.get_group(0));
      std::uint64_t* p = &partial[0];
      p[t] = twin::plane_partial(s, row_sums, plane, t, kThreads);
      sycl::group_barrier(it.get_group());
      for (unsigned half = kThreads / 2; half > 0; half /= 2) {
        twin::tree_step(p, t, half);
        sycl::group_barrier(it.get_group());
      }
      if (t == 0) sse[plane] = p[0];
    });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr
