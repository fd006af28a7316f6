// The motion twin's kernel: the block skeleton (shared vertical values, barriers, the tree
// reduction) around the work-items of motion_work.hpp, which the host replay
// (tests/replay/motion_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "features/motion/gpu/motion_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::motion {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernel's own vocabulary

template <typename Acc, typename T>
__global__ void __launch_bounds__(kRowChunk) sad(FrameArgs a) {
  __shared__ std::int32_t v[kHaloChunk];
  __shared__ std::uint64_t partial[kRowChunk];
  const unsigned t = threadIdx.x;
  vertical_phase<Acc, T>(a, blockIdx.x, blockIdx.y, t, kRowChunk, v);
  if (!a.prev) return;  // the same for every work-item: no barrier is skipped by some only
  __syncthreads();
  partial[t] = horizontal_phase(a, blockIdx.x, t, v);
  __syncthreads();
  for (unsigned half = kRowChunk / 2; half > 0; half /= 2) {
    tree_step(partial, t, half);
    __syncthreads();
  }
  if (t == 0) add_block(a, partial[0]);
}

}  // namespace

void enqueue_sad(const gpu::StreamRef& stream, const FrameArgs& a) {
  const Grid g = grid_of(a);
  const dim3 grid(g.x, g.y), block(kRowChunk);
  with_sample_type(a.bpc, [&]<class T>() {
    // The vertical filter's accumulator: 32 bits up to 15 bits, 64 at 16 (as the CPU's).
    if constexpr (sizeof(T) == 2) {
      if (a.bpc == 16) {
        gpu::launch(stream, "motion sad", &sad<std::int64_t, T>, grid, block, a);
        return;
      }
    }
    gpu::launch(stream, "motion sad", &sad<std::int32_t, T>, grid, block, a);
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::motion
