#include "gpu/backend/buffer.hpp"

#include <limits>

#include <fmt/format.h>

#include "core/error.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/error.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {
std::string mib(std::size_t bytes) { return fmt::format("{:.1f} MiB", bytes / 1048576.0); }

[[noreturn]] void out_of_memory(const char* what, std::string_view call, std::size_t bytes, std::string_view who,
                                rt::Error e) {
  (void)rt::get_last_error();
  std::size_t free = 0, total = 0;
  std::string state;
  if (std::string_view(what) == "device") {
    if (rt::mem_get_info(&free, &total) == rt::kSuccess)
      state = fmt::format("; the device has {} free of {}", mib(free), mib(total));
    else
      (void)rt::get_last_error();
  }
  throw DeviceError(fmt::format("{}: out of {} memory: {}{} of {} failed ({}){}", who, what, rt::kApi, call, mib(bytes),
                                rt::error_string(e), state));
}
}  // namespace

std::size_t checked_bytes(std::size_t count, std::size_t size, std::string_view who) {
  if (size != 0 && count > std::numeric_limits<std::size_t>::max() / size)
    throw DeviceError(fmt::format("{}: out of memory: a buffer of {} elements of {} bytes does not fit in memory", who,
                                  count, size));
  return count * size;
}

void* device_alloc(std::size_t bytes, std::string_view who) {
  Device::get();
  void* p = nullptr;
  const rt::Error e = rt::device_malloc(&p, bytes);
  if (e == rt::kOutOfMemory) out_of_memory("device", "Malloc", bytes, who, e);
  check(e, "Malloc", who);
  return p;
}

void device_release(void* p) noexcept {
  if (p && rt::device_free(p) != rt::kSuccess) (void)rt::get_last_error();
}

void* pinned_alloc(std::size_t bytes, std::string_view who) {
  Device::get();
  void* p = nullptr;
#if defined(FASTVMAF_GPU_HIP)
  const char* call = "HostMalloc";
#else
  const char* call = "MallocHost";
#endif
  const rt::Error e = rt::pinned_malloc(&p, bytes);
  if (e == rt::kOutOfMemory) out_of_memory("pinned host", call, bytes, who, e);
  check(e, call, who);
  return p;
}

void pinned_release(void* p) noexcept {
  if (p && rt::pinned_free(p) != rt::kSuccess) (void)rt::get_last_error();
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
