// The CAMBI twin's picture and scale kernels: preprocessing with the spatial mask, and the
// mode filter, level keys and bit masks of each scale. The block skeletons (shared tiles,
// barriers, ballots) around the work-items of cambi_work.hpp; the host replay
// (tests/replay/cambi_replay_test.cpp) runs the same skeletons.
#include "gpu/compat.hpp"

#include "features/cambi/gpu/cambi_kernels.hpp"
#include "core/sample.hpp"
#include "gpu/backend/launch.hpp"
#include "gpu/warp.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary
constexpr int kTileThreads = kTileW * kTileH;

template <typename T>
__global__ void __launch_bounds__(kTileThreads) picture(PictureArgs a) {
  __shared__ std::uint16_t tile[kMaskImgH * kMaskImgW];
  __shared__ std::uint8_t flat[kMaskFlatH * kMaskFlatW];
  __shared__ std::uint8_t column[kTileH * kMaskFlatW];
  const int t = static_cast<int>(threadIdx.y * kTileW + threadIdx.x);
  const std::size_t item = std::size_t{blockIdx.y * gridDim.x + blockIdx.x} * kTileThreads + t;
  const std::size_t items = std::size_t{gridDim.x} * gridDim.y * kTileThreads;
  reset_state(a, item, items);
  if (!check_samples<T>(a, item, items)) atomic_or(a.status, kStatusSampleRange);
  const int i0 = static_cast<int>(blockIdx.y) * kTileH, j0 = static_cast<int>(blockIdx.x) * kTileW;
  picture_load<T>(a, i0, j0, t, kTileThreads, tile);
  __syncthreads();
  mask_flat(a, i0, j0, t, kTileThreads, tile, flat);
  __syncthreads();
  mask_columns(t, kTileThreads, flat, column);
  __syncthreads();
  picture_store(a, i0, j0, static_cast<int>(threadIdx.y), static_cast<int>(threadIdx.x), tile, column);
}

// Bit blocks first, then mode blocks (ScaleArgs); each row of a bit block is 32 lanes, so
// one ballot per mask gives the row's word.
__global__ void __launch_bounds__(kTileThreads) scale(ScaleArgs a) {
  __shared__ std::uint16_t tile[kModeH * kModeW];
  __shared__ std::uint16_t rows[kModeH * kTileW];
  if (blockIdx.x < a.bits_blocks) {
    const unsigned tx = blockIdx.x % a.bits_tiles_x, ty = blockIdx.x / a.bits_tiles_x;
    const int r = static_cast<int>(ty * kTileH + threadIdx.y), x = static_cast<int>(tx * kTileW + threadIdx.x);
    const RowBits b = row_bits(a.bits, r, x);
    const std::uint32_t start = gpu::ballot32(b.start), valid = gpu::ballot32(b.valid),
                        change = gpu::ballot32(b.change);
    if (threadIdx.x == 0) store_row_bits(a.bits, r, tx, start, valid, change);
    return;
  }
  const unsigned m = blockIdx.x - a.bits_blocks;
  const int t = static_cast<int>(threadIdx.y * kTileW + threadIdx.x);
  const int i0 = static_cast<int>(m / a.mode_tiles_x) * kTileH, j0 = static_cast<int>(m % a.mode_tiles_x) * kTileW;
  mode_load(a.mode, i0, j0, t, kTileThreads, tile);
  __syncthreads();
  mode_rows(a.mode, j0, t, kTileThreads, tile, rows);
  __syncthreads();
  mode_store(a.mode, i0, j0, static_cast<int>(threadIdx.y), static_cast<int>(threadIdx.x), tile, rows);
}

const dim3 kTile(kTileW, kTileH);

}  // namespace

void enqueue_picture(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f) {
  const PictureArgs a = picture_args(plan, f);
  const dim3 grid(plan.picture_grid().x, plan.picture_grid().y);
  with_sample_type(plan.bpc, [&]<class T>() { gpu::launch(stream, "cambi picture", &picture<T>, grid, kTile, a); });
}

void enqueue_scale(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f, int n) {
  const ScaleArgs a = scale_args(plan, f, n);
  gpu::launch(stream, "cambi scale", &scale, dim3(a.bits_blocks + a.mode_blocks), kTile, a);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
