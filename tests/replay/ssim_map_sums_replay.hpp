// The replay of the SSIM map's sums (ssim_map_kernels.cu, ssim_map_sycl.cpp), shared by the
// float_ssim and float_ms_ssim replays: the "tile estimate" and "tile compose" launches, a
// work-item per tile of each sum, then "sum", a work-group of kSumThreads per sum of each
// map, its rounds of phases between barriers until the chain is done.
#pragma once

#include <cstdint>
#include <vector>

#include "features/ssim/gpu/ssim_map_plan.hpp"
#include "features/ssim/gpu/ssim_map_work.hpp"
#include "replay.hpp"

namespace fastvmaf::replay {

template <class F>
void replay_map_sums(const ssim::twin::MapArgs* maps, unsigned count, Order order, unsigned* launches) {
  namespace tw = ssim::twin;
  const tw::LaunchShape tiles = tw::tiles_launch(maps, count);
  for (auto item : {&tw::tile_estimate_item, &tw::tile_compose_item})
    launch<char>(
        {tiles.blocks_x, tiles.blocks_y}, {tiles.threads}, 1, order,
        [&](Block<char>& b) {
          const unsigned g = b.block_idx().y;
          b.each([&](const Item& it) {
            item(maps[g / tw::kSumsPerMap], g % tw::kSumsPerMap, b.block_idx().x * tiles.threads + it.thread());
          });
        },
        launches);
  const tw::LaunchShape shape = tw::sum_launch(count);
  launch<tw::SumChain::Shared>(
      {shape.blocks_x}, {shape.threads}, 1, order,
      [&](Block<tw::SumChain::Shared>& b) {
        const unsigned g = b.block_idx().x, q = g % tw::kSumsPerMap;
        const tw::MapArgs& a = maps[g / tw::kSumsPerMap];
        tw::SumChain::Shared& sh = *b.shared();
        std::vector<tw::SumChain::Regs> regs(shape.threads);  // each work-item's registers
        tw::SumChain::drive(
            sh,
            [&](unsigned p) {
              b.each([&](const Item& it) { tw::sum_item<F>(a, q, sh, regs[it.thread()], p, it.thread()); });
            },
            [] {});
        b.each([&](const Item& it) { tw::sum_store_item(a, q, sh, it.thread()); });
      },
      launches);
}

}  // namespace fastvmaf::replay
