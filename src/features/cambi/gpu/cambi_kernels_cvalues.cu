// The CAMBI twin's c-value and top-K kernels: per scale, the column-owned sliding
// histograms with the pass-1 bins of the top-K (the scale's last block selects), then
// passes 2 and 3 over every scale whose boundary is still open. The block skeletons
// around the work-items of cambi_math.hpp, replayed by tests/replay/cambi_replay_test.cpp.
#include "gpu/compat.hpp"

#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

// One block: kCValueThreads columns of one row chunk.
__global__ void __launch_bounds__(kCValueThreads) cvalues(CValueLaunch l) {
  __shared__ std::uint32_t count[kBins1];
  __shared__ std::uint64_t sum[kBins1];
  __shared__ bool last;
  const int t = static_cast<int>(threadIdx.x);
  for (int b = t; b < static_cast<int>(kBins1); b += kCValueThreads) {
    count[b] = 0;
    sum[b] = 0;
  }
  __syncthreads();
  const int j = static_cast<int>(blockIdx.x * kCValueThreads) + t;
  if (j < static_cast<int>(l.args.w)) {
    float* out = l.args.c_out;
    const std::size_t w = l.args.w;
    column_chunk(l.args, l.tables, l.lut, j, static_cast<int>(blockIdx.y), [&](int i, float c) {
      out[static_cast<std::size_t>(i) * w + static_cast<std::size_t>(j)] = c;
      bin_value(c, count, sum);
    });
  }
  __syncthreads();
  flush_bins(t, kCValueThreads, kBins1, count, sum, l.bins->count1, l.bins->sum1);
  __threadfence();
  __syncthreads();
  if (t == 0) last = take_ticket(l.ticket, gridDim.x * gridDim.y);
  __syncthreads();
  if (!last) return;
  // The block's bins are flushed: their shared memory holds the slice totals now.
  auto* slice_sum = reinterpret_cast<std::uint64_t(*)[2]>(sum);
  slice_totals(*l.bins, t, kCValueThreads, count, slice_sum);
  __syncthreads();
  if (t == 0) select_pass1(*l.bins, kCValueThreads, count, slice_sum, l.k, *l.select);
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
  const ScaleSelect sel = l.state->results.scale[s];
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
  if (last && t < kScales) select_boundary(l.state->bins[t], kStage, l.state->results.scale[t]);
}

static_assert(kSelectThreads == kBins2, "one work-item per sub-bin");

}  // namespace

void enqueue_cvalues(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f, int s,
                     bool clear) {
  const Grid g = plan.scales[s].cvalue_grid();
  gpu::launch(stream, "cambi cvalues", &cvalues, dim3(g.x, g.y), dim3(kCValueThreads),
              cvalue_launch(plan, f, s, clear));
}

void enqueue_topk(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f) {
  const BoundaryLaunch l = boundary_launch(plan, f);
  const dim3 grid(plan.select_grid.x, plan.select_grid.y);
  gpu::launch(stream, "cambi topk_pass2", &boundary<kPass2>, grid, dim3(kSelectThreads), l);
  gpu::launch(stream, "cambi topk_pass3", &boundary<kPass3>, grid, dim3(kSelectThreads), l);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
