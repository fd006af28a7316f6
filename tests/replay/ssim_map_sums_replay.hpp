// The replay of the SSIM map's "sum" launch (ssim_map_kernels.cu, ssim_map_sycl.cpp), shared
// by the float_ssim and float_ms_ssim replays: a work-group of kSumThreads per map, its
// steps between barriers, each work-item's double in a register of its own.
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
  const tw::LaunchShape shape = tw::sum_launch(count);
  launch<std::uint64_t>(
      {shape.blocks_x}, {shape.threads}, tw::kSumSharedWords, order,
      [&](Block<std::uint64_t>& b) {
        const tw::MapArgs& a = maps[b.block_idx().x];
        std::vector<F> acc(shape.threads, hd::int_to_double<F>(0));
        const unsigned steps = tw::sum_steps(a);
        for (unsigned k = 0; k < steps; ++k)
          b.each([&](const Item& it) { tw::sum_step_item<F>(a, b.shared(), k, it.thread(), acc[it.thread()]); });
        b.each([&](const Item& it) {
          if (it.thread() < 4) tw::sum_store_item<F>(a, it.thread(), acc[it.thread()]);
        });
      },
      launches);
}

}  // namespace fastvmaf::replay
