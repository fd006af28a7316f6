// The CIEDE2000 twin's kernels in SYCL: ciede_kernels.cu's four kernels around the same
// work-items of ciede_work.hpp (the replay runs them too), computing in hd::SoftF64.
//
// The per-pixel kernel is a plain range, not CUDA's shape of work-groups: it reads no
// work-group state, and AdaptiveCpp's CPU target (omp) rewrites an nd_range kernel into
// loops over its work-items, which for this kernel (a pixel's Lab colours and difference,
// a dozen of glibc's routines in integer arithmetic, all inlined) did not finish in
// 20 minutes; as a range it compiles in seconds. The other three keep the work-groups of
// the CUDA kernels (the sum's one work-group shares memory and waits at barriers).
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/ciede/gpu/ciede_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::ciede {
inline namespace FVMAF_GPU_NS {

void enqueue_ciede(const gpu::StreamRef& stream, const twin::TwinPlan& t, const twin::Args& a) {
  // A work-item per pixel.
  const std::size_t pixels = static_cast<std::size_t>(t.terms_floats);
  with_sample_type(t.g.bpc, [&]<class T>() {
    gpu::submit(stream, "ciede diff", [&](sycl::handler& h) {
      h.parallel_for(sycl::range<1>(pixels), [=](sycl::id<1> i) { twin::diff_item<T>(a, i[0]); });
    });
  });
  // Work-groups that reduce their work-items' parts, then update the slot once: the
  // smallest exponent and the unusual terms, then the units.
  const twin::LaunchShape reduce = twin::reduce_launch(t);
  auto reduce_groups = [&](const char* name, auto needed, auto part_of, auto store) {
    using Part = decltype(part_of(a, 0u));
    gpu::submit(stream, name, [&](sycl::handler& h) {
      sycl::local_accessor<Part, 1> parts_mem(sycl::range<1>(twin::kReduceThreads), h);
      h.parallel_for(gpu::groups(reduce.blocks, reduce.threads), [=](sycl::nd_item<1> it) {
        if (!needed(a)) return;  // the same for every work-item of the grid
        const unsigned l = static_cast<unsigned>(it.get_local_id(0));
        Part* parts = &parts_mem[0];
        parts[l] = part_of(a, static_cast<unsigned>(it.get_global_id(0)));
        sycl::group_barrier(it.get_group());
        for (unsigned half = twin::kReduceThreads / 2; half > 0; half /= 2) {
          hd::tree_absorb_step(parts, l, half);
          sycl::group_barrier(it.get_group());
        }
        if (l == 0) store(a, parts[0]);
      });
    });
  };
  reduce_groups(
      "ciede scan", [](const twin::Args&) { return true; },
      [](const twin::Args& x, unsigned g) { return twin::scan_part(x, g); },
      [](const twin::Args& x, const twin::ScanPart& p) { twin::scan_store(x, p); });
  reduce_groups(
      "ciede units", [](const twin::Args& x) { return twin::units_needed(x); },
      [](const twin::Args& x, unsigned g) { return twin::units_part(x, g); },
      [](const twin::Args& x, const twin::UnitsPart& p) { twin::units_store(x, p); });
  // One work-group: the value of the sum's chain when the exact sum does not hold.
  gpu::submit_chain_sums<twin::SumChain>(
      stream, "ciede sum", twin::sum_launch().blocks,
      [=](unsigned, twin::SumChain::Shared& sh, twin::SumChain::Regs& r, unsigned p, unsigned t) {
        twin::sum_item(a, sh, r, p, t);
      },
      [=](unsigned, twin::SumChain::Shared& sh, unsigned t) { twin::sum_store_item(a, sh, t); });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ciede
