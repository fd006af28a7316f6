// Kernel launches, for kernel sources (.cu) only: every launch goes through launch(),
// which enqueues it on a stream, turns a launch error into a DeviceError naming the
// kernel and the feature, and counts it on the stream's counters.
#pragma once

#if !defined(__CUDACC__) && !defined(__HIPCC__)
#error "gpu/backend/launch.hpp is included by kernel sources (.cu) only"
#endif

#include <cstddef>
#include <string>
#include <utility>

#include "gpu/backend/error.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// A launch with `shared_bytes` of dynamic shared memory (extern __shared__ in the
// kernel; at most 48 KiB, the limit that needs no per-kernel attribute).
template <typename... Params, typename... Args>
void launch_shared(const StreamRef& stream, const char* kernel_name, void (*kernel)(Params...), dim3 grid,
                   dim3 block, std::size_t shared_bytes, Args&&... args) {
  kernel<<<grid, block, shared_bytes, stream.native()>>>(std::forward<Args>(args)...);
  const rt::Error e = rt::get_last_error();
  if (e != rt::kSuccess) fail(e, std::string("LaunchKernel (") + kernel_name + ")", stream.who());
  stream.counters().launch();
}

template <typename... Params, typename... Args>
void launch(const StreamRef& stream, const char* kernel_name, void (*kernel)(Params...), dim3 grid, dim3 block,
            Args&&... args) {
  launch_shared(stream, kernel_name, kernel, grid, block, 0, std::forward<Args>(args)...);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
