#include "gpu/backend/error.hpp"

#include <fmt/format.h>

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

void fail(rt::Error e, std::string_view call, std::string_view who) {
  (void)rt::get_last_error();
  throw DeviceError(fmt::format("{}: {}{} failed: {} ({})", who, rt::kApi, call, rt::error_string(e),
                                rt::error_name(e)));
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
