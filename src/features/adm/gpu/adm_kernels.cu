// The ADM twin's kernels: the block skeletons (the block's role, barriers, the tree
// reduction of a row's sums) around the work-items of adm_work.hpp, which the host
// replay (tests/replay/adm_replay_test.cpp) runs the same way.
//
// fp64: adm_bands0 and adm_stage decouple (libvmaf's angle test and enhancement gain are
// double arithmetic; tests/contract/fp64_kernels.txt, docs/adr/0203-adm-gpu-twin.md);
// adm_measure has none.
#include "gpu/compat.hpp"

#include "features/adm/gpu/adm_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::adm {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

// The row's `count` sums of every work-item, reduced; work-item 0 hands them to `finish`.
template <typename Finish>
__device__ void reduce_row(const StageArgs& a, std::uint64_t* partial, const std::uint64_t* sums, int count,
                           Finish finish) {
  const unsigned t = threadIdx.x;
  for (int k = 0; k < kPartials; ++k)
    if (k < count) partial[k * kThreads + t] = sums[k];
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    reduce_step(partial, count, t, half);
    __syncthreads();
  }
  if (t == 0) {
    std::uint64_t total[kPartials] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < kPartials; ++k)
      if (k < count) total[k] = partial[k * kThreads];
    finish(a, total);
  }
}

struct FinishBand {
  __device__ void operator()(const StageArgs& a, const std::uint64_t* s) const { finish_band_row(a, s); }
};
struct FinishMeasure {
  __device__ void operator()(const StageArgs& a, const std::uint64_t* s) const { finish_measure_row(a, s); }
};

// Blocks are uniform in role and row, so every barrier is reached by the whole block.
__device__ void band_reduce(const StageArgs& a, int row, std::uint64_t* partial, const std::uint64_t (&den)[3]) {
  if (!measured_row(a.band, row)) return;
  reduce_row(a, partial, den, 3, FinishBand{});
}

__device__ void measure_block(const StageArgs& a, unsigned m, std::uint64_t* partial) {
  const int row = a.meas.measure_top + static_cast<int>(m);
  std::int64_t acc[kPartials] = {0, 0, 0, 0, 0, 0};
  measure_item(a, row, threadIdx.x, kThreads, acc);
  std::uint64_t sums[kPartials];
  for (int k = 0; k < kPartials; ++k) sums[k] = static_cast<std::uint64_t>(acc[k]);
  reduce_row(a, partial, sums, a.aim ? 6 : 3, FinishMeasure{});
}

// Stage 0: the band rows of scale 0, from the luma planes.
template <typename T>
__global__ void __launch_bounds__(kThreads) adm_bands0(StageArgs a) {
  __shared__ std::uint64_t partial[kPartials * kThreads];
  const int row = a.band_row0 + static_cast<int>(blockIdx.x);
  std::uint64_t den[3] = {0, 0, 0};
  band_item0<T>(a, row, threadIdx.x, kThreads, den);
  band_reduce(a, row, partial, den);
}

// Stages 1..3: band rows of scale k and measured rows of scale k - 1.
__global__ void __launch_bounds__(kThreads) adm_stage(StageArgs a) {
  __shared__ std::uint64_t partial[kPartials * kThreads];
  if (blockIdx.x < a.band_blocks) {
    const int row = a.band_row0 + static_cast<int>(blockIdx.x);
    std::uint64_t den[3] = {0, 0, 0};
    band_item123(a, row, threadIdx.x, kThreads, den);
    band_reduce(a, row, partial, den);
  } else {
    measure_block(a, blockIdx.x - a.band_blocks, partial);
  }
}

// Stage 4: the measured rows of scale 3.
__global__ void __launch_bounds__(kThreads) adm_measure(StageArgs a) {
  __shared__ std::uint64_t partial[kPartials * kThreads];
  measure_block(a, blockIdx.x, partial);
}

}  // namespace

void enqueue_stage(const gpu::StreamRef& stream, const StageArgs& a, int stage) {
  const dim3 grid(a.band_blocks + a.measure_blocks), block(kThreads);
  if (stage == 0) {
    with_sample_type(a.bpc, [&]<class T>() { gpu::launch(stream, "adm bands0", &adm_bands0<T>, grid, block, a); });
  } else if (stage < kStages - 1) {
    gpu::launch(stream, "adm stage", &adm_stage, grid, block, a);
  } else {
    gpu::launch(stream, "adm measure", &adm_measure, grid, block, a);
  }
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::adm
