#include "gpu/backend/device.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {
// Device 0's properties, or why there is no usable device.
Probe probe_device(rt::DeviceInfo* info) {
  int count = 0;
  rt::Error e = rt::get_device_count(&count);
#if defined(FASTVMAF_GPU_SYCL)
  if (e != rt::kSuccess) return {false, fmt::format("no SYCL device: {}", rt::error_string(e))};
#endif
  if (e != rt::kSuccess) {
    (void)rt::get_last_error();
    return {false, fmt::format("no {} device: {}GetDeviceCount: {} ({})", rt::kName, rt::kApi, rt::error_string(e),
                               rt::error_name(e))};
  }
  if (count == 0) return {false, fmt::format("no {} device: the runtime found none", rt::kName)};
  e = rt::get_device_info(0, info);
  if (e != rt::kSuccess) {
    (void)rt::get_last_error();
    return {false, fmt::format("{} device 0 is not usable: {}GetDeviceProperties: {} ({})", rt::kName, rt::kApi,
                               rt::error_string(e), rt::error_name(e))};
  }
#if defined(FASTVMAF_GPU_SYCL)
  return {true, fmt::format("{} ({})", info->name, info->platform), info->gpu};
#else
  return {true, info->name};
#endif
}
}  // namespace

Probe Device::probe() {
  rt::DeviceInfo info;
  return probe_device(&info);
}

const Device& Device::get() {
  // A throwing initialiser leaves the static uninitialised: the next call probes again.
  static const Device device = [] {
    Device d;
    const Probe p = probe_device(&d.info_);
    if (!p.usable) throw DeviceError(p.detail);
    return d;
  }();
  return device;
}

unsigned Device::count() {
  if (!probe().usable) return 0;
#if defined(FASTVMAF_GPU_SYCL)
  return 1;  // the one device --sycl-device picks
#else
  int n = 0;
  if (rt::get_device_count(&n) != rt::kSuccess) {
    (void)rt::get_last_error();
    return 0;
  }
  return n > 0 ? static_cast<unsigned>(n) : 0u;
#endif
}

void Device::use(unsigned index) {
#if defined(FASTVMAF_GPU_SYCL)
  if (index != 0)
    throw DeviceError(fmt::format("--gpus {}: the SYCL backend drives one device per process, the one --sycl-device "
                                  "picks (number 0 for --gpus)",
                                  index));
  (void)get();
#else
  const unsigned n = count();
  if (index >= n)
    throw DeviceError(fmt::format("--gpus {}: this host has {} {} device{} (0 to {})", index, n, rt::kName,
                                  n == 1 ? "" : "s", n ? n - 1 : 0));
  const rt::Error e = rt::set_device(static_cast<int>(index));
  if (e != rt::kSuccess) {
    (void)rt::get_last_error();
    throw DeviceError(fmt::format("{} device {}: {}SetDevice: {} ({})", rt::kName, index, rt::kApi, rt::error_string(e),
                                  rt::error_name(e)));
  }
#endif
}

std::string Device::description() const {
#if defined(FASTVMAF_GPU_SYCL)
  return fmt::format("{} ({}, {}, {} compute units, {} MiB)", info_.name, info_.platform, info_.gpu ? "gpu" : "cpu",
                     info_.multiprocessors, info_.memory >> 20);
#elif defined(FASTVMAF_GPU_HIP)
  const std::string arch = fmt::format("gfx {}.{}", info_.major, info_.minor);
#else
  const std::string arch = fmt::format("sm_{}{}", info_.major, info_.minor);
#endif
#if !defined(FASTVMAF_GPU_SYCL)
  return fmt::format("{} ({}, {} multiprocessors, {} MiB)", info_.name, arch, info_.multiprocessors,
                     info_.memory >> 20);
#endif
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
