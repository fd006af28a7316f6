// The VIF twin's kernel: one launch per scale, the block skeleton (shared tiles, barriers,
// the tree reduction) around the work-items of vif_work.hpp, which the host replay
// (tests/replay/vif_replay_test.cpp) runs the same way. fp64: vif_accumulate's per-pixel
// gain (tests/contract/fp64_kernels.txt, docs/adr/0204-vif-gpu-twin.md).
#include "gpu/compat.hpp"

#include "features/vif/gpu/vif_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::vif {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernel's own vocabulary

template <int S, typename T>
__global__ void __launch_bounds__(kThreads) vif_scale(ScaleArgs a) {
  using G = TileShape<S>;
  __shared__ std::uint16_t ref[G::kInput], dis[G::kInput];
  __shared__ std::uint16_t mu1[G::kVertical], mu2[G::kVertical];
  __shared__ std::uint32_t xx[G::kVertical], yy[G::kVertical], xy[G::kVertical];
  __shared__ std::uint16_t next_ref[G::kNextVertical], next_dis[G::kNextVertical];
  __shared__ std::int64_t partial[4][kThreads];
  const Shared sh{ref, dis, mu1, mu2, xx, yy, xy, next_ref, next_dis,
                  {partial[0], partial[1], partial[2], partial[3]}};
  const unsigned t = threadIdx.x;
  load_phase<S, T>(a, blockIdx.x, blockIdx.y, t, kThreads, sh);
  __syncthreads();
  if (a.stat) vertical_phase<S, T>(a, t, kThreads, sh);  // the same for every work-item
  next_vertical_phase<S>(a, t, kThreads, sh);
  __syncthreads();
  VifAccum acc;
  if (a.stat) horizontal_phase<S>(a, blockIdx.x, blockIdx.y, t, kThreads, sh, acc);
  next_horizontal_phase<S>(a, blockIdx.x, blockIdx.y, t, kThreads, sh);
  if (!a.stat) return;  // uniform: no barrier is skipped by some work-items only
  store_partial(sh, t, acc);
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    reduce_step(sh, t, half);
    __syncthreads();
  }
  add_block(a, sh, t);
}

template <int S, typename T>
void launch_scale(const gpu::StreamRef& stream, const FrameArgs& f) {
  const ScaleArgs a = scale_args(f, S);
  const Grid g = grid_of(a);
  gpu::launch(stream, "vif scale", &vif_scale<S, T>, dim3(g.x, g.y), dim3(kThreads), a);
}

}  // namespace

void enqueue_frame(const gpu::StreamRef& stream, const FrameArgs& f) {
  with_sample_type(f.bpc, [&]<class T>() { launch_scale<0, T>(stream, f); });
  launch_scale<1, std::uint16_t>(stream, f);
  launch_scale<2, std::uint16_t>(stream, f);
  launch_scale<3, std::uint16_t>(stream, f);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::vif
