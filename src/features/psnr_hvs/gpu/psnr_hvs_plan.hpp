// The PSNR-HVS twin's plan, on the host: every plane of both pictures in the frame's
// layout, the block grids and the terms buffer, the grids of the launches, and the host's
// reading of its slot with the CPU extractor's own finish (the work-items:
// psnr_hvs_work.hpp). The twin and the host replay both build them here.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "features/psnr_hvs/gpu/psnr_hvs_work.hpp"
#include "features/psnr_hvs/psnr_hvs.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::psnr_hvs::twin {

// The twin reads the three planes of both pictures.
inline constexpr gpu::PlaneMask kPlanes = gpu::kAllPlanes;

struct TwinPlan {
  unsigned bpc = 8;
  unsigned blocks_x[3] = {}, blocks_y[3] = {};
  std::size_t terms_offset[3] = {};  // floats into the terms buffer
  std::size_t terms_floats = 0;      // at least 1
  unsigned tiles[3] = {};            // each plane sum's tiles (hd::kChainTiledFrom terms and more)
  std::size_t tiles_offset[3] = {};  // words into the tiles buffer (a hd::chain_tile_store each)
  std::size_t tile_words = 0;        // at least 1
};

// The CPU extractor's check, then the block grids of the geometry's planes.
inline TwinPlan make_twin_plan(const VideoGeometry& g) {
  check_depth(g.bpc);
  TwinPlan t;
  t.bpc = g.bpc;
  const gpu::FrameLayout layout(g, kPlanes);
  std::size_t at = 0, words = 0;
  for (int p = 0; p < 3; ++p) {
    const gpu::PlaneSlot& s = layout.slot(gpu::Side::Ref, p);
    t.blocks_x[p] = static_cast<unsigned>(block_count(static_cast<int>(s.width)));
    t.blocks_y[p] = static_cast<unsigned>(block_count(static_cast<int>(s.height)));
    t.terms_offset[p] = at;
    const std::size_t terms = std::size_t{t.blocks_x[p]} * t.blocks_y[p] * 64;
    at += terms;
    t.tiles[p] = static_cast<unsigned>(hd::chain_tiles_for(terms));
    t.tiles_offset[p] = words;
    words += hd::chain_tile_words(t.tiles[p]);
  }
  t.terms_floats = at ? at : 1;
  t.tile_words = words ? words : 1;
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the terms buffer (terms_floats), the tiles buffer
// (tile_words) and the frame's slot.
inline Args plan_args(const TwinPlan& t, const gpu::FrameLayout& layout, const std::uint8_t* base, float* terms,
                      std::uint64_t* tile_words, Results* slot) {
  Args a{};
  for (int p = 0; p < 3; ++p) {
    const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, p);
    const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, p);
    const hd::ChainTileStore store = hd::chain_tile_store(tile_words + t.tiles_offset[p], t.tiles[p]);
    a.plane[p] = {base + r.offset, base + d.offset, static_cast<unsigned>(r.pitch), static_cast<unsigned>(d.pitch),
                  t.blocks_x[p], t.blocks_y[p], terms + t.terms_offset[p], t.tiles[p], store.est, store.tiles};
    a.tables[p] = plane_tables(p);
  }
  a.slot = slot;
  return a;
}

struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};

// Kernel 1: a row of work-groups per plane, wide enough for the plane with most blocks.
inline LaunchShape terms_launch(const TwinPlan& t) {
  unsigned most = 1;
  for (int p = 0; p < 3; ++p) most = std::max(most, t.blocks_x[p] * t.blocks_y[p]);
  return {(most + kTermsThreads - 1) / kTermsThreads, 3, kTermsThreads};
}
// The tiles' two launches: a work-item per tile along x, a row of work-groups per plane,
// as many as the plane with most tiles needs (at least one: the launches come every frame).
inline LaunchShape tiles_launch(const TwinPlan& t) {
  unsigned most = 1;
  for (int p = 0; p < 3; ++p) most = std::max(most, t.tiles[p]);
  return {(most + kTermsThreads - 1) / kTermsThreads, 3, kTermsThreads};
}
// Kernel 2: three work-groups of kSumThreads, a plane each.
inline LaunchShape sum_launch() { return {3, 1, kSumThreads}; }

// The frame's four values from the slot: the CPU extractor's plane_value and emit_scores.
inline void finish_frame(const TwinPlan& t, const Results& r, unsigned index, FeatureSink& sink) {
  double score[3];
  for (int p = 0; p < 3; ++p)
    score[p] = plane_value(r.sum[p], static_cast<int>(t.blocks_x[p] * t.blocks_y[p] * 64), t.bpc);
  emit_scores(score, index, sink);
}

}  // namespace fastvmaf::psnr_hvs::twin
