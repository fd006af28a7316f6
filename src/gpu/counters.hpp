// Per-run counters of device work, kept by the wrappers in src/gpu/backend: every kernel
// launch, every host-to-device and device-to-host copy (count and bytes), and every call
// that blocks the host until the device is done. The engine snapshots them around each
// frame's work to report per-frame counts (fastvmaf::DeviceStats); the GPU tests assert
// them, and a CUPTI test counts the same independently.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "fastvmaf/result.hpp"

namespace fastvmaf::gpu {

class Counters {
 public:
  void launch() { launches_.fetch_add(1, std::memory_order_relaxed); }
  void h2d(std::size_t bytes) {
    h2d_copies_.fetch_add(1, std::memory_order_relaxed);
    h2d_bytes_.fetch_add(bytes, std::memory_order_relaxed);
  }
  void d2h(std::size_t bytes) {
    d2h_copies_.fetch_add(1, std::memory_order_relaxed);
    d2h_bytes_.fetch_add(bytes, std::memory_order_relaxed);
  }
  void host_wait() { host_waits_.fetch_add(1, std::memory_order_relaxed); }

  DeviceCounts snapshot() const {
    DeviceCounts c;
    c.launches = launches_.load(std::memory_order_relaxed);
    c.h2d_copies = h2d_copies_.load(std::memory_order_relaxed);
    c.h2d_bytes = h2d_bytes_.load(std::memory_order_relaxed);
    c.d2h_copies = d2h_copies_.load(std::memory_order_relaxed);
    c.d2h_bytes = d2h_bytes_.load(std::memory_order_relaxed);
    c.host_waits = host_waits_.load(std::memory_order_relaxed);
    return c;
  }

 private:
  std::atomic<std::uint64_t> launches_{0}, h2d_copies_{0}, h2d_bytes_{0}, d2h_copies_{0}, d2h_bytes_{0},
      host_waits_{0};
};

}  // namespace fastvmaf::gpu

namespace fastvmaf {

// Differences and sums of counts (beside DeviceCounts, so argument lookup finds them).
inline DeviceCounts operator-(const DeviceCounts& a, const DeviceCounts& b) {
  return {a.launches - b.launches,   a.h2d_copies - b.h2d_copies, a.h2d_bytes - b.h2d_bytes,
          a.d2h_copies - b.d2h_copies, a.d2h_bytes - b.d2h_bytes, a.host_waits - b.host_waits};
}

inline DeviceCounts& operator+=(DeviceCounts& a, const DeviceCounts& b) {
  a.launches += b.launches;
  a.h2d_copies += b.h2d_copies;
  a.h2d_bytes += b.h2d_bytes;
  a.d2h_copies += b.d2h_copies;
  a.d2h_bytes += b.d2h_bytes;
  a.host_waits += b.host_waits;
  return a;
}

}  // namespace fastvmaf
