// Runtime errors become exceptions: DeviceError("<feature>: <call> failed: <the runtime's
// error string> (<error name>)"), where <call> is the CUDA or HIP call ("cudaMemcpyAsync").
// Out of memory is a DeviceError of its own wording (buffer.cpp).
#pragma once

#include <string_view>

#include "core/error.hpp"
#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// `call` is the runtime call without its prefix ("MemcpyAsync"); `who` the feature (or
// "frame upload") on whose behalf it ran. Clears the runtime's last error first, so a
// recoverable error does not resurface at the next launch check.
[[noreturn]] void fail(rt::Error e, std::string_view call, std::string_view who);

inline void check(rt::Error e, std::string_view call, std::string_view who) {
  if (e != rt::kSuccess) fail(e, call, who);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
