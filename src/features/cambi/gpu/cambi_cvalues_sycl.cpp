// The CAMBI twin's c-value and top-K kernels in SYCL: cambi_kernels_cvalues.cu's block
// skeletons (the histogram and the staged rows in local memory, barriers, the last-block
// tickets) around the same work-items of cambi_work.hpp.
//
// The c-value block is a work-group of kCValueLanes work-items; its skeleton already
// separates every step by a barrier, so nothing assumes that the lanes run in lockstep.
// The top-K passes end with the "last block" pattern: each work-item flushes its bins
// with atomics, then work-item 0 takes the ticket (take_ticket: an acquire-release update
// in SYCL). The barriers on either side of the ticket fence at device scope, so the
// release covers every work-item's flush, not only work-item 0's, and every work-item of
// the last block reads the other blocks' bins after the acquire: SYCL's memory model
// promises that only with device-scope fences (a plain group barrier orders work-group
// scope only); CUDA gets it from __threadfence and its volatile loads.
#include <sycl/sycl.hpp>

#include <algorithm>

#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

static_assert(kSelectThreads == kBins2, "one work-item per sub-bin");

// Pass 1 or the boundary passes: x blocks per scale, y = the scale (blockIdx.x =
// get_group(1), blockIdx.y = get_group(0)).
sycl::nd_range<2> select_range(const Grid& g) { return gpu::groups(g.x, g.y, kSelectThreads); }

void submit_cvalues(const gpu::StreamRef& stream, const LaunchPlan& plan, const CValueLaunch& l) {
  // The histogram (band x cols counts; CUDA's dynamic shared memory), never empty.
  const std::size_t counts = std::max<std::size_t>(plan.hist_bytes / sizeof(std::uint16_t), 1);
  gpu::submit(stream, "cambi cvalues", [&](sycl::handler& h) {
    sycl::local_accessor<std::uint16_t, 1> hist_mem(sycl::range<1>(counts), h);
    sycl::local_accessor<CValueStage, 1> stage_mem(sycl::range<1>(2), h);
    h.parallel_for(gpu::groups(plan.cvalue_blocks, kCValueLanes), [=](sycl::nd_item<1> it) {
      const int lane = static_cast<int>(it.get_local_id(0));
      std::uint16_t* hist = &hist_mem[0];
      CValueStage* stage = &stage_mem[0];
      const CValueBlock b = cvalue_block(l, static_cast<unsigned>(it.get_group(0)));
      clear_hist(hist, l.tables.band_size * l.cols, lane);
      StageLoad own = stage_load(l, b, cvalue_step(l, b, 0), lane);
      stage_store(own, lane, stage[0]);
      sycl::group_barrier(it.get_group());
      for (int k = 0; k < b.steps; ++k) {
        const StageLoad next = stage_load(l, b, cvalue_step(l, b, k + 1), lane);
        cvalue_apply(l, b, cvalue_step(l, b, k), stage[k & 1], own, lane, hist);
        stage_store(next, lane, stage[(k + 1) & 1]);
        own = next;
        sycl::group_barrier(it.get_group());
      }
    });
  });
}

void submit_pass1(const gpu::StreamRef& stream, const Grid& grid, const BoundaryLaunch& l, const TopKCounts& k) {
  gpu::submit(stream, "cambi topk_pass1", [&](sycl::handler& h) {
    sycl::local_accessor<std::uint32_t, 1> count_mem(sycl::range<1>(kBins1), h);
    sycl::local_accessor<std::uint64_t, 1> sum_mem(sycl::range<1>(kBins1), h);
    sycl::local_accessor<bool, 1> last_mem(sycl::range<1>(1), h);
    h.parallel_for(select_range(grid), [=](sycl::nd_item<2> it) {
      const int t = static_cast<int>(it.get_local_id(1)), s = static_cast<int>(it.get_group(0));
      const std::size_t bx = it.get_group(1), blocks = it.get_group_range(1);
      std::uint32_t* count = &count_mem[0];
      std::uint64_t* sum = &sum_mem[0];
      bool& last = last_mem[0];
      for (int b = t; b < static_cast<int>(kBins1); b += kSelectThreads) {
        count[b] = 0;
        sum[b] = 0;
      }
      sycl::group_barrier(it.get_group());
      bin_plane(l.c_values + l.offset[s], l.n[s], bx * kSelectThreads + static_cast<std::size_t>(t),
                blocks * kSelectThreads, kSelectItemsPerThread, count, sum);
      sycl::group_barrier(it.get_group());
      ScaleBins& g = l.state->bins[s];
      flush_bins(t, kSelectThreads, kBins1, count, sum, g.count1, g.sum1);
      hd::thread_fence();
      sycl::group_barrier(it.get_group(), sycl::memory_scope::device);
      if (t == 0) last = take_ticket(&l.state->tickets[s], static_cast<std::uint32_t>(blocks));
      sycl::group_barrier(it.get_group(), sycl::memory_scope::device);
      if (!last) return;  // the same for every work-item of the work-group
      // The block's bins are flushed: their local memory holds the slice totals now.
      auto* slice_sum = reinterpret_cast<std::uint64_t(*)[2]>(sum);
      slice_totals(g, t, kSelectThreads, count, slice_sum);
      sycl::group_barrier(it.get_group());
      if (t == 0) select_pass1(g, kSelectThreads, count, slice_sum, k.k[s], l.results->scale[s]);
    });
  });
}

// Pass 2 or 3 (kStage).
template <std::uint32_t kStage>
void submit_boundary(const gpu::StreamRef& stream, const char* name, const Grid& grid, const BoundaryLaunch& l) {
  gpu::submit(stream, name, [&](sycl::handler& h) {
    sycl::local_accessor<std::uint32_t, 1> count_mem(sycl::range<1>(kBins2), h);
    sycl::local_accessor<std::uint64_t, 1> sum_mem(sycl::range<1>(kBins2), h);
    sycl::local_accessor<bool, 1> last_mem(sycl::range<1>(1), h);
    h.parallel_for(select_range(grid), [=](sycl::nd_item<2> it) {
      const int t = static_cast<int>(it.get_local_id(1)), s = static_cast<int>(it.get_group(0));
      const std::size_t bx = it.get_group(1), blocks = it.get_group_range(1);
      const std::uint32_t all = static_cast<std::uint32_t>(blocks * it.get_group_range(0));
      std::uint32_t* count = &count_mem[0];
      std::uint64_t* sum = &sum_mem[0];
      bool& last = last_mem[0];
      count[t] = 0;
      sum[t] = 0;
      sycl::group_barrier(it.get_group());
      const ScaleSelect sel = l.results->scale[s];
      bin_boundary(l.c_values + l.offset[s], l.n[s], sel, kStage, bx * kSelectThreads + static_cast<std::size_t>(t),
                   blocks * kSelectThreads, count, sum);
      sycl::group_barrier(it.get_group());
      if (sel.stage == kStage) {
        ScaleBins& g = l.state->bins[s];
        flush_bins(t, kSelectThreads, kBins2, count, sum, kStage == kPass2 ? g.count2 : g.count3,
                   kStage == kPass2 ? g.sum2 : nullptr);
      }
      hd::thread_fence();
      sycl::group_barrier(it.get_group(), sycl::memory_scope::device);
      if (t == 0) last = take_ticket(&l.state->tickets[kScales + kStage - kPass2], all);
      sycl::group_barrier(it.get_group(), sycl::memory_scope::device);
      if (last && t < kScales) select_boundary(l.state->bins[t], kStage, l.results->scale[t]);
    });
  });
}

}  // namespace

void enqueue_cvalues_topk(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f) {
  submit_cvalues(stream, plan, cvalue_launch(plan, f));
  const BoundaryLaunch l = boundary_launch(plan, f);
  submit_pass1(stream, plan.select_grid, l, topk_counts(plan));
  submit_boundary<kPass2>(stream, "cambi topk_pass2", plan.select_grid, l);
  submit_boundary<kPass3>(stream, "cambi topk_pass3", plan.select_grid, l);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
