// The PSNR-HVS twin's work-items (its plan is psnr_hvs_plan.hpp; the kernels
// psnr_hvs_kernels.cu and psnr_hvs_sycl.cpp and the host replay call these).
//
// libvmaf (third_party/xiph/psnr_hvs.c) walks each plane's overlapping 8x8 blocks, one
// every 7 samples, and adds every block's 64 masked squared DCT errors to ONE float, block
// after block in raster order, coefficient after coefficient. A float sum's rounding
// depends on its order, so the twin keeps it (docs/adr/0210-float-family-twins.md):
//
//   kernel 1 "psnr_hvs_terms"  one work-item per block of each plane (blockIdx.y: the
//                              plane): the block's 64 terms with the CPU's own
//                              block_terms (psnr_hvs_math.hpp: the integer DCT, the
//                              masking, every float operation explicitly rounded), into
//                              the plane's terms buffer at the block's raster index
//   "tile estimate", "tile compose"
//                              a work-item per tile of a long plane sum (blockIdx.y: the
//                              plane; core/hd/chain_sum.hpp's tiles, ADR 0213): its rough
//                              sum, then its terms' functions under the binade predicted
//                              from those before it
//   kernel 2 "psnr_hvs_sum"    one work-group per plane: the float sum of its terms in
//                              that order (the chain, over its tiles), into the slot
//
// No fp64: the masking's double square root is its float equal (mask_strength).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/chain_sum.hpp"
#include "core/hd/rounding.hpp"
#include "features/psnr_hvs/psnr_hvs_math.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"

namespace fastvmaf::psnr_hvs::twin {

inline constexpr unsigned kTermsThreads = 64;
// terms, tile estimate, tile compose, sum (the tiles' launches come every frame, doing
// nothing where no plane takes tiles: the launches of a frame are one constant).
inline constexpr unsigned kLaunchesPerFrame = 4;

// The twin's slot of the frame's results block: each plane's float sum.
struct Results {
  float sum[3];
  std::uint32_t unused;
};

// One plane as the kernels read it (device addresses).
struct PlaneArgs {
  const std::uint8_t* ref;
  const std::uint8_t* dis;
  unsigned ref_pitch, dis_pitch;  // bytes
  unsigned blocks_x, blocks_y;    // psnr_hvs::block_count of the plane's width and height
  float* terms;                   // blocks_x * blocks_y * 64: block after block, 64 terms each
  unsigned tile_count;            // the sum's tiles (0: it takes none)
  hd::ChainTileEstimate* est;     // their estimates
  hd::ChainTile* tiles;           // and their functions
};

struct Args {
  PlaneArgs plane[3];
  PlaneTables tables[3];
  Results* slot;
};

// Kernel 1: block `block` (raster index) of plane `p`; past the plane's blocks, nothing.
template <typename Sample>
FVMAF_HD inline void terms_item(const Args& a, unsigned p, unsigned block) {
  if (p >= 3) return;
  const PlaneArgs& pl = a.plane[p];
  if (block >= pl.blocks_x * pl.blocks_y) return;
  const unsigned x0 = (block % pl.blocks_x) * kStep, y0 = (block / pl.blocks_x) * kStep;
  std::int32_t s[64], d[64];
  for (int i = 0; i < kBlock; ++i) {
    const Sample* r = reinterpret_cast<const Sample*>(pl.ref + static_cast<unsigned long long>(y0 + i) * pl.ref_pitch);
    const Sample* q = reinterpret_cast<const Sample*>(pl.dis + static_cast<unsigned long long>(y0 + i) * pl.dis_pitch);
    for (int j = 0; j < kBlock; ++j) {
      s[i * kBlock + j] = r[x0 + j];
      d[i * kBlock + j] = q[x0 + j];
    }
  }
  block_terms(s, d, a.tables[p], pl.terms + static_cast<unsigned long long>(block) * 64);
}

// Kernel 2: plane `p`'s float sum, from 0, one term after the other in the CPU's order
// (2.7 million for a 1080p luma plane): the value of that chain of additions, computed by
// the plane's work-group (core/hd/chain_sum.hpp: integer additions inside a binade of the
// sum, the real addition where it leaves one).
inline constexpr unsigned kSumThreads = 1024;
using SumChain = hd::ChainSum<hd::Binary32, kSumThreads>;

FVMAF_HD inline unsigned long long plane_terms(const PlaneArgs& pl) {
  return static_cast<unsigned long long>(pl.blocks_x) * pl.blocks_y * 64;
}

// The CPU's float addition, on the sum's bits.
struct AddTerm {
  FVMAF_HD std::uint64_t operator()(std::uint64_t s, float v) const {
    return hd::float_bits(hd::fadd_rn(hd::bits_float(static_cast<std::uint32_t>(s)), v));
  }
};

// Kernels "tile estimate" and "tile compose": work-item j of plane p's tiles (none past
// the plane's last tile).
FVMAF_HD inline void tile_estimate_item(const Args& a, unsigned p, unsigned long long j) {
  if (p < 3 && j < a.plane[p].tile_count)
    SumChain::estimate_tile(static_cast<const float*>(a.plane[p].terms), plane_terms(a.plane[p]), j, a.plane[p].est);
}
FVMAF_HD inline void tile_compose_item(const Args& a, unsigned p, unsigned long long j) {
  if (p < 3 && j < a.plane[p].tile_count)
    SumChain::compose_tile(static_cast<const float*>(a.plane[p].terms), plane_terms(a.plane[p]), j, a.plane[p].est,
                           a.plane[p].tiles);
}

// Phase p (SumChain::drive) of work-item t in plane `plane`'s sum, over its tiles (a group
// past the third plane sums nothing).
FVMAF_HD inline void sum_item(const Args& a, unsigned plane, SumChain::Shared& sh, SumChain::Regs& r, unsigned p,
                              unsigned t) {
  const bool in = plane < 3;
  const bool tiled = in && a.plane[plane].tile_count > 0;
  SumChain::item(sh, r, p, t, static_cast<const float*>(in ? a.plane[plane].terms : nullptr),
                 in ? plane_terms(a.plane[plane]) : 0, AddTerm{},
                 tiled ? static_cast<const hd::ChainTile*>(a.plane[plane].tiles) : nullptr);
}

// After the last round: work-item 0 stores plane p's sum.
FVMAF_HD inline void sum_store_item(const Args& a, unsigned p, const SumChain::Shared& sh, unsigned t) {
  if (p < 3 && t == 0) a.slot->sum[p] = hd::bits_float(static_cast<std::uint32_t>(sh.acc));
}

}  // namespace fastvmaf::psnr_hvs::twin
