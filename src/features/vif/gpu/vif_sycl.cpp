// The VIF twin's kernel in SYCL: vif_kernels.cu's block skeleton (the tiles in local
// memory, barriers, the tree reduction), work-group for block, one launch per scale,
// around the same work-items of vif_work.hpp (the host replay runs them too).
#include <sycl/sycl.hpp>

#include <type_traits>

#include "core/sample.hpp"
#include "features/vif/gpu/vif_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::vif {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernel's own vocabulary

// The kernel takes the scale's arguments by value: SYCL copies them to the device as bytes.
static_assert(std::is_trivially_copyable_v<ScaleArgs>);

template <typename E>
using Local = sycl::local_accessor<E, 1>;

template <typename E>
Local<E> local(std::size_t n, sycl::handler& h) {
  return Local<E>(sycl::range<1>(n), h);
}

template <int S, typename T>
void submit_scale(const gpu::StreamRef& stream, const FrameArgs& f) {
  using G = TileShape<S>;
  const ScaleArgs a = scale_args(f, S);
  const Grid g = grid_of(a);
  gpu::submit(stream, "vif scale", [&](sycl::handler& h) {
    const Local<std::uint16_t> ref = local<std::uint16_t>(G::kInput, h), dis = local<std::uint16_t>(G::kInput, h);
    const Local<std::uint16_t> mu1 = local<std::uint16_t>(G::kVertical, h),
                               mu2 = local<std::uint16_t>(G::kVertical, h);
    const Local<std::uint32_t> xx = local<std::uint32_t>(G::kVertical, h), yy = local<std::uint32_t>(G::kVertical, h),
                               xy = local<std::uint32_t>(G::kVertical, h);
    const Local<std::uint16_t> next_ref = local<std::uint16_t>(G::kNextVertical, h),
                               next_dis = local<std::uint16_t>(G::kNextVertical, h);
    const Local<std::int64_t> partial = local<std::int64_t>(4 * kThreads, h);  // [4][kThreads]
    h.parallel_for(gpu::groups(g.x, g.y, kThreads), [=](sycl::nd_item<2> it) {
      std::int64_t* p = &partial[0];
      const Shared sh{&ref[0],      &dis[0],      &mu1[0], &mu2[0], &xx[0], &yy[0], &xy[0], &next_ref[0],
                      &next_dis[0], {p, p + kThreads, p + 2 * kThreads, p + 3 * kThreads}};
      const unsigned t = static_cast<unsigned>(it.get_local_id(1));
      const unsigned bx = static_cast<unsigned>(it.get_group(1)), by = static_cast<unsigned>(it.get_group(0));
      load_phase<S, T>(a, bx, by, t, kThreads, sh);
      sycl::group_barrier(it.get_group());
      if (a.stat) vertical_phase<S, T>(a, t, kThreads, sh);  // the same for every work-item
      next_vertical_phase<S>(a, t, kThreads, sh);
      sycl::group_barrier(it.get_group());
      VifAccum acc;
      if (a.stat) horizontal_phase<S>(a, bx, by, t, kThreads, sh, acc);
      next_horizontal_phase<S>(a, bx, by, t, kThreads, sh);
      if (!a.stat) return;  // uniform: no barrier is skipped by some work-items only
      store_partial(sh, t, acc);
      sycl::group_barrier(it.get_group());
      for (unsigned half = kThreads / 2; half > 0; half /= 2) {
        reduce_step(sh, t, half);
        sycl::group_barrier(it.get_group());
      }
      add_block(a, sh, t);
    });
  });
}

}  // namespace

void enqueue_frame(const gpu::StreamRef& stream, const FrameArgs& f) {
  with_sample_type(f.bpc, [&]<class T>() { submit_scale<0, T>(stream, f); });
  submit_scale<1, std::uint16_t>(stream, f);
  submit_scale<2, std::uint16_t>(stream, f);
  submit_scale<3, std::uint16_t>(stream, f);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::vif
