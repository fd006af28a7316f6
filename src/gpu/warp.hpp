// Warp-level operations for kernels, written once for CUDA and HIP. HIP 5.2 (Debian's
// hipcc) has no __ballot_sync, and AMD wavefronts are 64 lanes wide on gfx90a/gfx940
// (32 on gfx1030), so kernels do not call the vendor names: they call these.
//
// ballot32(p): the votes of the 32 lanes of the caller's aligned group of 32 (lanes
// 32q .. 32q+31 of its warp or wavefront), bit i from lane 32q + i. Every lane of the
// group must call it (no lane may have returned early).
#pragma once

#if !defined(__CUDACC__) && !defined(__HIPCC__)
#error "gpu/warp.hpp is included by kernel sources (.cu) only"
#endif

#include <cstdint>

#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

__device__ inline std::uint32_t ballot32(bool p) {
#if defined(FASTVMAF_GPU_HIP)
  const unsigned long long votes = __ballot(p ? 1 : 0);
  return static_cast<std::uint32_t>(votes >> (__lane_id() & 32u));
#else
  return __ballot_sync(0xffffffffu, p ? 1 : 0);
#endif
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
