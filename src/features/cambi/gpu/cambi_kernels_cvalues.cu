// The CAMBI twin's c-value and top-K kernels: the c-values of every scale by column-owned
// sliding histograms in shared memory, pass 1 of the top-K (the bins of each scale's
// non-zero c-values; each scale's last block selects), then passes 2 and 3 over every
// scale whose boundary is still open. The block skeletons around the work-items of
// cambi_work.hpp, replayed by tests/replay/cambi_replay_test.cpp.
#include "gpu/compat.hpp"

#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

// One warp: `cols` columns of a row chunk of one scale; the histogram is the dynamic
// shared memory (band x cols counts).
__global__ void __launch_bounds__(kCValueLanes) cvalues(CValueLaunch l) {
  extern __shared__ std::uint16_t hist[];
  __shared__ CValueStage stage[2];
  const int lane = static_cast<int>(threadIdx.x);
  const CValueBlock b = cvalue_block(l, blockIdx.x);
  clear_hist(hist, l.tables.band_size * l.cols, lane);
  StageLoad own = stage_load(l, b, cvalue_step(l, b, 0), lane);
  stage_store(own, lane, stage[0]);
  __syncthreads();
  for (int k = 0; k < b.steps; ++k) {
    const StageLoad next = stage_load(l, b, cvalue_step(l, b, k + 1), lane);
    cvalue_apply(l, b, cvalue_step(l, b, k), stage[k & 1], own, lane, hist);
    stage_store(next, lane, stage[(k + 1) & 1]);
    own = next;
    __syncthreads();
  }
}

// Pass 1: blockIdx.y is the scale.
__global__ void __launch_bounds__(kSelectThreads) pass1(BoundaryLaunch l, TopKCounts k) {
  __shared__ std::uint32_t count[kBins1];
  __shared__ std::uint64_t sum[kBins1];
  __shared__ bool last;
  const int t = static_cast<int>(threadIdx.x), s = static_cast<int>(blockIdx.y);
  for (int b = t; b < static_cast<int>(kBins1); b += kSelectThreads) {
    count[b] = 0;
    sum[b] = 0;
  }
  __syncthreads();
  bin_plane(l.c_values + l.offset[s], l.n[s], std::size_t{blockIdx.x} * kSelectThreads + t,
            std::size_t{gridDim.x} * kSelectThreads, kSelectItemsPerThread, count, sum);
  __syncthreads();
  ScaleBins& g = l.state->bins[s];
  flush_bins(t, kSelectThreads, kBins1, count, sum, g.count1, g.sum1);
  __threadfence();
  __syncthreads();
  if (t == 0) last = take_ticket(&l.state->tickets[s], gridDim.x);
  __syncthreads();
  if (!last) return;
  // The block's bins are flushed: their shared memory holds the slice totals now.
  auto* slice_sum = reinterpret_cast<std::uint64_t(*)[2]>(sum);
  slice_totals(g, t, kSelectThreads, count, slice_sum);
  __syncthreads();
  if (t == 0) select_pass1(g, kSelectThreads, count, slice_sum, k.k[s], l.results->scale[s]);
}

// Pass 2 or 3 (Stage): blockIdx.y is the scale.
template <std::uint32_t kStage>
__global__ void __launch_bounds__(kSelectThreads) boundary(BoundaryLaunch l) {
  __shared__ std::uint32_t count[kBins2];
  __shared__ std::uint64_t sum[kBins2];
  __shared__ bool last;
  const int t = static_cast<int>(threadIdx.x), s = static_cast<int>(blockIdx.y);
  count[t] = 0;
  sum[t] = 0;
  __syncthreads();
  const ScaleSelect sel = l.results->scale[s];
  bin_boundary(l.c_values + l.offset[s], l.n[s], sel, kStage, std::size_t{blockIdx.x} * kSelectThreads + t,
               std::size_t{gridDim.x} * kSelectThreads, count, sum);
  __syncthreads();
  if (sel.stage == kStage) {
    ScaleBins& g = l.state->bins[s];
    flush_bins(t, kSelectThreads, kBins2, count, sum, kStage == kPass2 ? g.count2 : g.count3,
               kStage == kPass2 ? g.sum2 : nullptr);
  }
  __threadfence();
  __syncthreads();
  if (t == 0) last = take_ticket(&l.state->tickets[kScales + kStage - kPass2], gridDim.x * gridDim.y);
  __syncthreads();
  if (last && t < kScales) select_boundary(l.state->bins[t], kStage, l.results->scale[t]);
}

static_assert(kSelectThreads == kBins2, "one work-item per sub-bin");

}  // namespace

void enqueue_cvalues_topk(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f) {
  gpu::launch_shared(stream, "cambi cvalues", &cvalues, dim3(plan.cvalue_blocks), dim3(kCValueLanes),
                     plan.hist_bytes, cvalue_launch(plan, f));
  const BoundaryLaunch l = boundary_launch(plan, f);
  const dim3 grid(plan.select_grid.x, plan.select_grid.y);
  gpu::launch(stream, "cambi topk_pass1", &pass1, grid, dim3(kSelectThreads), l, topk_counts(plan));
  gpu::launch(stream, "cambi topk_pass2", &boundary<kPass2>, grid, dim3(kSelectThreads), l);
  gpu::launch(stream, "cambi topk_pass3", &boundary<kPass3>, grid, dim3(kSelectThreads), l);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
