// The CIEDE2000 twin's kernels: launch skeletons around ciede_work.hpp's work-items,
// which the host replay (tests/replay/ciede_replay_test.cpp) runs the same way.
#include "gpu/compat.hpp"

#include "core/sample.hpp"
#include "features/ciede/gpu/ciede_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::ciede {
inline namespace FVMAF_GPU_NS {

namespace {

using twin::kDiffThreads;

// A work-item per pixel. On CUDA within 32 registers (where the compiler took 52): an
// H100 (64 K registers and 2048 threads a multiprocessor) then holds sixteen of its
// work-groups where it held nine, and the kernel is 6-10 % faster (1.370 -> 1.282 ms a 4K
// frame). HIP keeps the compiler's choice (not measured on an AMD GPU).
#if defined(FASTVMAF_GPU_CUDA)
#define FVMAF_CIEDE_DIFF_BOUNDS __maxnreg__(32)  // not with __launch_bounds__ (nvcc refuses both)
#else
#define FVMAF_CIEDE_DIFF_BOUNDS __launch_bounds__(kDiffThreads)
#endif
template <typename Sample>
__global__ void FVMAF_CIEDE_DIFF_BOUNDS ciede_diff(twin::Args a) {
  twin::diff_item<Sample>(a, static_cast<unsigned long long>(blockIdx.x) * kDiffThreads + threadIdx.x);
}

// Work-groups that reduce their work-items' parts, then update the slot once: the
// smallest exponent and the unusual terms, then the units.
template <typename Part, typename Store>
__device__ void reduce_group(Part* parts, const Part& mine, Store store) {
  const unsigned t = threadIdx.x;
  parts[t] = mine;
  __syncthreads();
  for (unsigned half = twin::kReduceThreads / 2; half > 0; half /= 2) {
    hd::tree_absorb_step(parts, t, half);
    __syncthreads();
  }
  if (t == 0) store(parts[0]);
}
__global__ void __launch_bounds__(twin::kReduceThreads) ciede_scan(twin::Args a) {
  __shared__ twin::ScanPart parts[twin::kReduceThreads];
  reduce_group(parts, twin::scan_part(a, blockIdx.x * twin::kReduceThreads + threadIdx.x),
               [&](const twin::ScanPart& p) { twin::scan_store(a, p); });
}
__global__ void __launch_bounds__(twin::kReduceThreads) ciede_units(twin::Args a) {
  if (!twin::units_needed(a)) return;  // the same for every work-item of the grid
  __shared__ twin::UnitsPart parts[twin::kReduceThreads];
  reduce_group(parts, twin::units_part(a, blockIdx.x * twin::kReduceThreads + threadIdx.x),
               [&](const twin::UnitsPart& p) { twin::units_store(a, p); });
}

// One work-group: the value of the sum's chain.
__global__ void __launch_bounds__(twin::kSumThreads) ciede_sum(twin::Args a) {
  __shared__ twin::SumChain::Shared sh;
  const unsigned t = threadIdx.x;
  twin::SumChain::Regs r;
  twin::SumChain::drive(sh, [&](unsigned p) { twin::sum_item(a, sh, r, p, t); }, [] { __syncthreads(); });
  twin::sum_store_item(a, sh, t);
}

}  // namespace

void enqueue_ciede(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a) {
  const twin::LaunchShape diff = twin::diff_launch(t);
  with_sample_type(t.g.bpc, [&]<class T>() {
    gpu::launch(stream, "ciede diff", &ciede_diff<T>, dim3(diff.blocks), dim3(diff.threads), a);
  });
  const twin::LaunchShape reduce = twin::reduce_launch(t);
  gpu::launch(stream, "ciede scan", &ciede_scan, dim3(reduce.blocks), dim3(reduce.threads), a);
  gpu::launch(stream, "ciede units", &ciede_units, dim3(reduce.blocks), dim3(reduce.threads), a);
  const twin::LaunchShape sum = twin::sum_launch();
  gpu::launch(stream, "ciede sum", &ciede_sum, dim3(sum.blocks), dim3(sum.threads), a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ciede
