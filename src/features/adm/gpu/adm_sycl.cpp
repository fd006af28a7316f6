// The ADM twin's kernels in SYCL: adm_kernels.cu's block skeletons (the block's role,
// barriers, the tree reduction of a row's sums), work-group for block, around the same
// work-items of adm_work.hpp (the host replay runs them too).
#include <sycl/sycl.hpp>

#include <type_traits>

#include "core/sample.hpp"
#include "features/adm/gpu/adm_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::adm {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

using Item = sycl::nd_item<1>;

// The kernels take the stage's arguments by value: SYCL copies them to the device as bytes.
static_assert(std::is_trivially_copyable_v<StageArgs>);

// The row's `count` sums of every work-item, reduced; work-item 0 hands them to `finish`.
template <typename Finish>
void reduce_row(const Item& it, const StageArgs& a, std::uint64_t* partial, const std::uint64_t* sums, int count,
                Finish finish) {
  const unsigned t = static_cast<unsigned>(it.get_local_id(0));
  for (int k = 0; k < kPartials; ++k)
    if (k < count) partial[k * kThreads + t] = sums[k];
  sycl::group_barrier(it.get_group());
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    reduce_step(partial, count, t, half);
    sycl::group_barrier(it.get_group());
  }
  if (t == 0) {
    std::uint64_t total[kPartials] = {0, 0, 0, 0, 0, 0};
    for (int k = 0; k < kPartials; ++k)
      if (k < count) total[k] = partial[k * kThreads];
    finish(a, total);
  }
}

// Function objects, not pointers: SYCL device code makes no indirect calls.
struct FinishBand {
  void operator()(const StageArgs& a, const std::uint64_t* s) const { finish_band_row(a, s); }
};
struct FinishMeasure {
  void operator()(const StageArgs& a, const std::uint64_t* s) const { finish_measure_row(a, s); }
};

// Work-groups are uniform in role and row, so every barrier is reached by the whole group.
void band_reduce(const Item& it, const StageArgs& a, int row, std::uint64_t* partial, const std::uint64_t (&den)[3]) {
  if (!measured_row(a.band, row)) return;
  reduce_row(it, a, partial, den, 3, FinishBand{});
}

void measure_block(const Item& it, const StageArgs& a, unsigned m, std::uint64_t* partial) {
  const int row = a.meas.measure_top + static_cast<int>(m);
  std::int64_t acc[kPartials] = {0, 0, 0, 0, 0, 0};
  measure_item(a, row, static_cast<unsigned>(it.get_local_id(0)), kThreads, acc);
  std::uint64_t sums[kPartials];
  for (int k = 0; k < kPartials; ++k) sums[k] = static_cast<std::uint64_t>(acc[k]);
  reduce_row(it, a, partial, sums, a.aim ? 6 : 3, FinishMeasure{});
}

// Enqueues `body(item, a, partial)` on a.band_blocks + a.measure_blocks work-groups of
// kThreads, with the reduction's kPartials x kThreads sums in local memory.
template <typename Body>
void submit_stage(const gpu::StreamRef& stream, const char* name, const StageArgs& a, Body body) {
  const std::size_t blocks = std::size_t{a.band_blocks} + a.measure_blocks;
  gpu::submit(stream, name, [&](sycl::handler& h) {
    sycl::local_accessor<std::uint64_t, 1> partial_mem(sycl::range<1>(kPartials * kThreads), h);
    h.parallel_for(gpu::groups(blocks, kThreads), [=](Item it) { body(it, a, &partial_mem[0]); });
  });
}

// Stage 0: the band rows of scale 0, from the luma planes.
template <typename T>
struct Bands0 {
  void operator()(const Item& it, const StageArgs& a, std::uint64_t* partial) const {
    const int row = a.band_row0 + static_cast<int>(it.get_group(0));
    std::uint64_t den[3] = {0, 0, 0};
    band_item0<T>(a, row, static_cast<unsigned>(it.get_local_id(0)), kThreads, den);
    band_reduce(it, a, row, partial, den);
  }
};

// Stages 1..3: band rows of scale k and measured rows of scale k - 1.
struct Stage {
  void operator()(const Item& it, const StageArgs& a, std::uint64_t* partial) const {
    const unsigned b = static_cast<unsigned>(it.get_group(0));
    if (b < a.band_blocks) {
      const int row = a.band_row0 + static_cast<int>(b);
      std::uint64_t den[3] = {0, 0, 0};
      band_item123(a, row, static_cast<unsigned>(it.get_local_id(0)), kThreads, den);
      band_reduce(it, a, row, partial, den);
    } else {
      measure_block(it, a, b - a.band_blocks, partial);
    }
  }
};

// Stage 4: the measured rows of scale 3.
struct Measure {
  void operator()(const Item& it, const StageArgs& a, std::uint64_t* partial) const {
    measure_block(it, a, static_cast<unsigned>(it.get_group(0)), partial);
  }
};

}  // namespace

void enqueue_stage(const gpu::StreamRef& stream, const StageArgs& a, int stage) {
  if (stage == 0) {
    with_sample_type(a.bpc, [&]<class T>() { submit_stage(stream, "adm bands0", a, Bands0<T>{}); });
  } else if (stage < kStages - 1) {
    submit_stage(stream, "adm stage", a, Stage{});
  } else {
    submit_stage(stream, "adm measure", a, Measure{});
  }
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::adm
