// The motion twin's kernel in SYCL: motion_kernels.cu's block skeleton (the vertical
// values in local memory, barriers, the tree reduction) around the same work-items of
// motion_work.hpp.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/motion/gpu/motion_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::motion {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernel's own vocabulary

template <typename Acc, typename T>
void submit_sad(const gpu::StreamRef& stream, const FrameArgs& a, const Grid& g) {
  gpu::submit(stream, "motion sad", [&](sycl::handler& h) {
    sycl::local_accessor<std::int32_t, 1> v_mem(sycl::range<1>(kHaloChunk), h);
    sycl::local_accessor<std::uint64_t, 1> partial_mem(sycl::range<1>(kRowChunk), h);
    h.parallel_for(gpu::groups(g.x, g.y, kRowChunk), [=](sycl::nd_item<2> it) {
      const unsigned t = static_cast<unsigned>(it.get_local_id(1));
      const unsigned bx = static_cast<unsigned>(it.get_group(1)), row = static_cast<unsigned>(it.get_group(0));
      std::int32_t* v = &v_mem[0];
      std::uint64_t* partial = &partial_mem[0];
      vertical_phase<Acc, T>(a, bx, row, t, kRowChunk, v);
      if (!a.prev) return;  // the same for every work-item: no barrier is skipped by some only
      sycl::group_barrier(it.get_group());
      partial[t] = horizontal_phase(a, bx, t, v);
      sycl::group_barrier(it.get_group());
      for (unsigned half = kRowChunk / 2; half > 0; half /= 2) {
        tree_step(partial, t, half);
        sycl::group_barrier(it.get_group());
      }
      if (t == 0) add_block(a, partial[0]);
    });
  });
}

}  // namespace

void enqueue_sad(const gpu::StreamRef& stream, const FrameArgs& a) {
  const Grid g = grid_of(a);
  with_sample_type(a.bpc, [&]<class T>() {
    // The vertical filter's accumulator: 32 bits up to 15 bits, 64 at 16 (as the CPU's).
    if constexpr (sizeof(T) == 2) {
      if (a.bpc == 16) return submit_sad<std::int64_t, T>(stream, a, g);
    }
    submit_sad<std::int32_t, T>(stream, a, g);
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::motion
