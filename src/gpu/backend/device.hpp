// The backend's device: device 0 of the process (SYCL: the one --sycl-device picks),
// discovered once. A run without a usable
// device is a DeviceError with the runtime's reason; Device::probe() says the same
// without throwing (the engine's --backend auto falls back to the CPU on it).
#pragma once

#include "core/extractor.hpp"
#include "gpu/compat.hpp"
#include "gpu/runtime.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

#if defined(FASTVMAF_GPU_SYCL)
inline constexpr Backend kBackend = Backend::Sycl;
#elif defined(FASTVMAF_GPU_HIP)
inline constexpr Backend kBackend = Backend::Hip;
#else
inline constexpr Backend kBackend = Backend::Cuda;
#endif

class Device {
 public:
  // Usable: the device's name. Not usable: why not. Never throws.
  static Probe probe();
  // The device, initialised on first use; throws DeviceError when there is none.
  static const Device& get();
  // Runtime::device_count and Runtime::use_device.
  static unsigned count();
  static void use(unsigned index);

  const rt::DeviceInfo& info() const { return info_; }
  // "NVIDIA H200 (sm_90, 132 SMs, 140 GiB)"
  std::string description() const;

 private:
  rt::DeviceInfo info_;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
