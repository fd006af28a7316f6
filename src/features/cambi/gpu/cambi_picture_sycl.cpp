// The CAMBI twin's picture and scale kernels in SYCL: cambi_kernels_picture.cu's block
// skeletons (local tiles, barriers) around the same work-items of cambi_work.hpp. A block
// is a work-group of 8 rows of 32 work-items (local range (kTileH, kTileW): threadIdx.y
// is the local id in dimension 0, threadIdx.x in dimension 1).
//
// The bit blocks' warp ballot becomes votes in local memory: every work-item writes its
// row_bits (one byte: start, valid, change), and after a barrier the work-item of column 0
// of each row gathers the 32 votes of its row into the three words, bit i from column i,
// as the ballot gives them (tests/replay/cambi_replay_test.cpp gathers them the same way).
// No sub-group operation: the words do not depend on the device's sub-group size.
#include <sycl/sycl.hpp>

#include "core/sample.hpp"
#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary
constexpr int kTileThreads = kTileW * kTileH;
static_assert(kTileW == 32, "a bit block's row is one 32-bit word");

// A grid of gx x gy tile blocks (CUDA's dim3(gx, gy) of dim3(kTileW, kTileH)):
// blockIdx.x = get_group(1), blockIdx.y = get_group(0).
sycl::nd_range<2> tiles(std::size_t gx, std::size_t gy) {
  return sycl::nd_range<2>(sycl::range<2>(gy * kTileH, gx * kTileW), sycl::range<2>(kTileH, kTileW));
}

template <typename T>
void submit_picture(const gpu::StreamRef& stream, const PictureArgs& a, unsigned gx, unsigned gy) {
  gpu::submit(stream, "cambi picture", [&](sycl::handler& h) {
    sycl::local_accessor<std::uint16_t, 1> tile_mem(sycl::range<1>(kMaskImgH * kMaskImgW), h);
    sycl::local_accessor<std::uint8_t, 1> flat_mem(sycl::range<1>(kMaskFlatH * kMaskFlatW), h);
    sycl::local_accessor<std::uint8_t, 1> column_mem(sycl::range<1>(kTileH * kMaskFlatW), h);
    h.parallel_for(tiles(gx, gy), [=](sycl::nd_item<2> it) {
      const int ty = static_cast<int>(it.get_local_id(0)), tx = static_cast<int>(it.get_local_id(1));
      const std::size_t bx = it.get_group(1), by = it.get_group(0);
      const std::size_t grid_x = it.get_group_range(1), grid_y = it.get_group_range(0);
      std::uint16_t* tile = &tile_mem[0];
      std::uint8_t* flat = &flat_mem[0];
      std::uint8_t* column = &column_mem[0];
      const int t = ty * kTileW + tx;
      const std::size_t item = (by * grid_x + bx) * kTileThreads + static_cast<std::size_t>(t);
      const std::size_t items = grid_x * grid_y * kTileThreads;
      reset_state(a, item, items);
      if (!check_samples<T>(a, item, items)) atomic_or(a.status, kStatusSampleRange);
      const int i0 = static_cast<int>(by) * kTileH, j0 = static_cast<int>(bx) * kTileW;
      picture_load<T>(a, i0, j0, t, kTileThreads, tile);
      sycl::group_barrier(it.get_group());
      mask_flat(a, i0, j0, t, kTileThreads, tile, flat);
      sycl::group_barrier(it.get_group());
      mask_columns(t, kTileThreads, flat, column);
      sycl::group_barrier(it.get_group());
      picture_store(a, i0, j0, ty, tx, tile, column);
    });
  });
}

}  // namespace

void enqueue_picture(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f) {
  const PictureArgs a = picture_args(plan, f);
  const Grid g = plan.picture_grid();
  with_sample_type(plan.bpc, [&]<class T>() { submit_picture<T>(stream, a, g.x, g.y); });
}

// Bit blocks first, then mode blocks (ScaleArgs): a one-dimensional grid of 2-D blocks.
// Whether a block is a bit block depends on its group only, so every work-item of a
// work-group takes the same branch and meets the same barriers.
void enqueue_scale(const gpu::StreamRef& stream, const LaunchPlan& plan, const FramePointers& f, int n) {
  const ScaleArgs a = scale_args(plan, f, n);
  gpu::submit(stream, "cambi scale", [&](sycl::handler& h) {
    sycl::local_accessor<std::uint16_t, 1> tile_mem(sycl::range<1>(kModeH * kModeW), h);
    sycl::local_accessor<std::uint16_t, 1> rows_mem(sycl::range<1>(kModeH * kTileW), h);
    sycl::local_accessor<std::uint8_t, 1> votes_mem(sycl::range<1>(kTileThreads), h);
    h.parallel_for(tiles(a.bits_blocks + a.mode_blocks, 1), [=](sycl::nd_item<2> it) {
      const int ty = static_cast<int>(it.get_local_id(0)), tx = static_cast<int>(it.get_local_id(1));
      const unsigned block = static_cast<unsigned>(it.get_group(1));
      const int t = ty * kTileW + tx;
      if (block < a.bits_blocks) {
        const unsigned bx = block % a.bits_tiles_x, by = block / a.bits_tiles_x;
        const int r = static_cast<int>(by) * kTileH + ty, x = static_cast<int>(bx) * kTileW + tx;
        std::uint8_t* votes = &votes_mem[0];
        const RowBits b = row_bits(a.bits, r, x);
        votes[t] = static_cast<std::uint8_t>((b.start ? 1u : 0u) | (b.valid ? 2u : 0u) | (b.change ? 4u : 0u));
        sycl::group_barrier(it.get_group());
        if (tx != 0) return;
        const std::uint8_t* v = votes + ty * kTileW;
        std::uint32_t start = 0, valid = 0, change = 0;
        for (int lane = 0; lane < kTileW; ++lane) {
          start |= static_cast<std::uint32_t>(v[lane] & 1u) << lane;
          valid |= static_cast<std::uint32_t>((v[lane] >> 1) & 1u) << lane;
          change |= static_cast<std::uint32_t>((v[lane] >> 2) & 1u) << lane;
        }
        store_row_bits(a.bits, r, bx, start, valid, change);
        return;
      }
      const unsigned m = block - a.bits_blocks;
      std::uint16_t* tile = &tile_mem[0];
      std::uint16_t* rows = &rows_mem[0];
      const int i0 = static_cast<int>(m / a.mode_tiles_x) * kTileH, j0 = static_cast<int>(m % a.mode_tiles_x) * kTileW;
      mode_load(a.mode, i0, j0, t, kTileThreads, tile);
      sycl::group_barrier(it.get_group());
      mode_rows(a.mode, j0, t, kTileThreads, tile, rows);
      sycl::group_barrier(it.get_group());
      mode_store(a.mode, i0, j0, ty, tx, tile, rows);
    });
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
