// The SpEED twins' pixel kernels in SYCL: speed_kernels_planes.cu's block skeletons (the
// blur's vertical values in local memory, a barrier) around the same work-items of
// speed_work.hpp. Float only.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/speed/gpu/speed_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

// CUDA's grid `d` of one-dimensional blocks of `threads`: blockIdx.x = get_group(2),
// blockIdx.y = get_group(1), blockIdx.z = get_group(0) (SYCL's last dimension varies
// fastest).
sycl::nd_range<3> blocks_of(const Dim& d, unsigned threads) {
  return sycl::nd_range<3>(sycl::range<3>(d.z, d.y, std::size_t{d.x} * threads), sycl::range<3>(1, 1, threads));
}

template <typename T>
void submit_blur(const gpu::StreamRef& stream, const Frame& f) {
  gpu::submit(stream, "speed blur", [&](sycl::handler& h) {
    sycl::local_accessor<float, 1> vals_mem(sycl::range<1>(kBlurOutputs * kMaxAntialiasTaps), h);
    h.parallel_for(blocks_of(blur_grid(f.plan), kBlurThreads), [=](sycl::nd_item<3> it) {
      const unsigned t = static_cast<unsigned>(it.get_local_id(2));
      const unsigned tile = static_cast<unsigned>(it.get_group(2)), row = static_cast<unsigned>(it.get_group(1));
      const unsigned image = static_cast<unsigned>(it.get_group(0));
      float* vals = &vals_mem[0];
      blur_vertical<T>(f.plan, f.src[image], tile, row, t, kBlurThreads, vals);
      sycl::group_barrier(it.get_group());
      blur_horizontal(f.plan, image, tile, row, t, vals);
    });
  });
}

}  // namespace

void enqueue_planes(const gpu::StreamRef& stream, const Frame& f) {
  with_sample_type(f.plan.bpc, [&]<class T>() { submit_blur<T>(stream, f); });
  const Plan p = f.plan;
  gpu::submit(stream, "speed local mean", [&](sycl::handler& h) {
    h.parallel_for(blocks_of(mean_grid(p), kMeanThreads), [=](sycl::nd_item<3> it) {
      local_mean(p, static_cast<unsigned>(it.get_group(1)),
                 static_cast<unsigned>(it.get_group(2)) * kMeanThreads + static_cast<unsigned>(it.get_local_id(2)));
    });
  });
}

void enqueue_keep(const gpu::StreamRef& stream, const KeepArgs& a) {
  gpu::submit(stream, "speed keep", [&](sycl::handler& h) {
    h.parallel_for(blocks_of(keep_grid(a), kKeepThreads), [=](sycl::nd_item<3> it) {
      keep_chunk(a, static_cast<unsigned>(it.get_group(2)), static_cast<unsigned>(it.get_group(1)),
                 static_cast<unsigned>(it.get_group(0)), static_cast<unsigned>(it.get_local_id(2)));
    });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
