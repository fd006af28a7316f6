// The CAMBI twin's picture kernels: preprocessing, the spatial mask, and per scale the
// mode filter with the level keys and the rows' bit masks. The block skeletons (shared
// tiles, barriers, ballots) around the work-items of cambi_math.hpp; the host replay
// (tests/replay/cambi_replay_test.cpp) runs the same skeletons.
#include "gpu/compat.hpp"

#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/launch.hpp"
#include "gpu/warp.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary
constexpr int kTileThreads = kTileW * kTileH;

// Grid over the picture (validation) and the resized frame, which is not larger.
template <typename T>
__global__ void __launch_bounds__(kTileThreads) prep(PrepArgs a) {
  const unsigned block = blockIdx.y * gridDim.x + blockIdx.x;
  const unsigned t = threadIdx.y * kTileW + threadIdx.x;
  reset_state(a, std::size_t{block} * kTileThreads + t, std::size_t{gridDim.x} * gridDim.y * kTileThreads);
  const unsigned y = blockIdx.y * kTileH + threadIdx.y, x = blockIdx.x * kTileW + threadIdx.x;
  if (!prep_item<T>(a, y, x)) atomic_or(&a.state[kStatusWord + a.slot], kStatusSampleRange);
}

__global__ void __launch_bounds__(kTileThreads) mask(MaskArgs a) {
  __shared__ std::uint16_t tile[kMaskImgH * kMaskImgW];
  __shared__ std::uint8_t flat[kMaskFlatH * kMaskFlatW];
  __shared__ std::uint8_t column[kTileH * kMaskFlatW];
  const int t = static_cast<int>(threadIdx.y * kTileW + threadIdx.x);
  const int i0 = static_cast<int>(blockIdx.y) * kTileH, j0 = static_cast<int>(blockIdx.x) * kTileW;
  mask_load(a, i0, j0, t, kTileThreads, tile);
  __syncthreads();
  mask_flat(a, i0, j0, t, kTileThreads, tile, flat);
  __syncthreads();
  mask_columns(t, kTileThreads, flat, column);
  __syncthreads();
  mask_store(a, i0, j0, static_cast<int>(threadIdx.y), static_cast<int>(threadIdx.x), column);
}

__global__ void __launch_bounds__(kTileThreads) mode(ModeArgs a) {
  __shared__ std::uint16_t tile[kModeH * kModeW];
  __shared__ std::uint16_t rows[kModeH * kTileW];
  const int t = static_cast<int>(threadIdx.y * kTileW + threadIdx.x);
  const int i0 = static_cast<int>(blockIdx.y) * kTileH, j0 = static_cast<int>(blockIdx.x) * kTileW;
  mode_load(a, i0, j0, t, kTileThreads, tile);
  __syncthreads();
  mode_rows(a, j0, t, kTileThreads, tile, rows);
  __syncthreads();
  mode_store(a, i0, j0, static_cast<int>(threadIdx.y), static_cast<int>(threadIdx.x), tile, rows);
}

// Each row of a block is 32 lanes: one ballot per mask gives the row's word.
__global__ void __launch_bounds__(kTileThreads) bits(BitsArgs a) {
  const int r = static_cast<int>(blockIdx.y * kTileH + threadIdx.y);
  const int x = static_cast<int>(blockIdx.x * kTileW + threadIdx.x);
  const RowBits b = row_bits(a, r, x);
  const std::uint32_t start = gpu::ballot32(b.start), valid = gpu::ballot32(b.valid),
                      change = gpu::ballot32(b.change);
  if (threadIdx.x == 0) store_row_bits(a, r, blockIdx.x, start, valid, change);
}

dim3 grid_of(Grid g) { return dim3(g.x, g.y); }
const dim3 kTile(kTileW, kTileH);

}  // namespace

void enqueue_picture(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f, unsigned slot) {
  const PrepArgs p = prep_args(plan, f, slot);
  if (plan.bpc <= 8)
    gpu::launch(stream, "cambi prep", &prep<std::uint8_t>, grid_of(plan.prep_grid()), kTile, p);
  else
    gpu::launch(stream, "cambi prep", &prep<std::uint16_t>, grid_of(plan.prep_grid()), kTile, p);
  gpu::launch(stream, "cambi mask", &mask, grid_of(plan.mask_grid()), kTile, mask_args(plan, f));
}

void enqueue_scale_keys(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f, int s) {
  const Grid tiles = plan.scales[s].tiles();
  gpu::launch(stream, "cambi mode", &mode, grid_of(tiles), kTile, mode_args(plan, f, s));
  gpu::launch(stream, "cambi bits", &bits, grid_of(tiles), kTile, bits_args(plan, f, s));
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
