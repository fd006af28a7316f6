// The SSIM map's plan on the host, shared by the float_ssim and float_ms_ssim twins: a
// map's scratch (the horizontal sums, the positions' terms), its arguments, the grids of
// its launches and the host's reading of its sums (the work-items: ssim_map_work.hpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>

#include "features/ssim/gpu/ssim_map_work.hpp"
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_map.hpp"
#include "features/ssim/ssim_params.hpp"

namespace fastvmaf::ssim::twin {

// The window positions of a map of w x h (<= 0: none), and its scratch: the horizontal
// sums (5 planes of ow x h floats), the terms (4 planes of ow x oh words) and the four sums'
// tiles (hd::chain_tiles_for: MS-SSIM's scale 0 from 1080p on; a store each).
struct MapShape {
  int w = 0, h = 0, ow = 0, oh = 0;
  std::size_t positions() const {
    return static_cast<std::size_t>(std::max(ow, 0)) * static_cast<std::size_t>(std::max(oh, 0));
  }
  std::size_t tiles() const {
    return static_cast<std::size_t>(hd::chain_tiles_for(positions()));
  }
  std::size_t h5_floats() const { return 5 * static_cast<std::size_t>(std::max(ow, 0)) * static_cast<std::size_t>(h); }
  std::size_t terms_words() const { return 4 * positions() + 4 * hd::chain_tile_words(tiles()); }
};
inline MapShape map_shape(int w, int h) { return {w, h, w - (kWindow - 1), h - (kWindow - 1)}; }

// The arguments of a map of `shape` over ref and dis, with its scratch and its sums.
inline MapArgs map_args(const MapShape& shape, const float* ref, const float* dis, float* h5, std::uint64_t* terms,
                        MapSums* sums) {
  MapArgs a{};
  a.w = shape.w;
  a.h = shape.h;
  a.ow = shape.ow;
  a.oh = shape.oh;
  for (int i = 0; i < kWindow; ++i) a.gauss[i] = kGaussian[i];
  a.k = map_constants();
  a.img[0] = ref;
  a.img[1] = dis;
  const std::size_t plane = static_cast<std::size_t>(std::max(shape.ow, 0)) * static_cast<std::size_t>(shape.h);
  for (int q = 0; q < 5; ++q) a.h5[q] = h5 + q * plane;
  for (int q = 0; q < 4; ++q) a.terms[q] = terms + q * shape.positions();
  a.tile_count = static_cast<unsigned>(shape.tiles());
  std::uint64_t* stores = terms + 4 * shape.positions();
  for (int q = 0; q < 4; ++q) {
    const hd::ChainTileStore store = hd::chain_tile_store(stores + q * hd::chain_tile_words(shape.tiles()), shape.tiles());
    a.est[q] = store.est;
    a.tiles[q] = store.tiles;
  }
  a.sums = sums;
  return a;
}

// The grids: blocks of kThreads along x (at least one block: a map without positions has
// work-items that do nothing).
struct LaunchShape {
  unsigned blocks_x, blocks_y, threads;
};
inline unsigned blocks_for(int n) { return n <= 0 ? 1u : (static_cast<unsigned>(n) + kThreads - 1) / kThreads; }
inline unsigned rows_of(int n) { return n <= 0 ? 1u : static_cast<unsigned>(n); }
// The map's columns over every input row (hpass).
inline LaunchShape hpass_launch(const MapArgs& a) { return {blocks_for(a.ow), rows_of(a.h), kThreads}; }
// The window positions (terms): blockIdx.y the row.
inline LaunchShape terms_launch(const MapArgs& a) { return {blocks_for(a.ow), rows_of(a.oh), kThreads}; }

// The sums of `maps` maps: a work-group of kSumThreads per sum of each (group g: map g / 4,
// sum g % 4; sum_item).
inline LaunchShape sum_launch(unsigned maps) { return {maps * kSumsPerMap, 1, kSumThreads}; }
// Their tiles ("tile estimate", "tile compose"): a work-item per tile along x, a row of
// blocks per sum (blockIdx.y: map y / 4, sum y % 4), as many as the largest map needs.
inline LaunchShape tiles_launch(const MapArgs* maps, unsigned count) {
  unsigned most = 0;
  for (unsigned i = 0; i < count; ++i) most = std::max(most, maps[i].tile_count);
  return {blocks_for(static_cast<int>(most)), count * kSumsPerMap, kThreads};
}

// A map's sums as the CPU's (SsimMap::sums).
inline SsimSums sums_of(const MapSums& r) {
  return {std::bit_cast<double>(r.ssim), std::bit_cast<double>(r.l), std::bit_cast<double>(r.c),
          std::bit_cast<double>(r.s)};
}

}  // namespace fastvmaf::ssim::twin
