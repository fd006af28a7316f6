// Device and pinned host buffers (RAII). Allocation failure is a DeviceError that says
// "out of device memory" (or "out of pinned host memory"), names the feature and the
// size, and gives the device's free and total memory.
//
// Released memory is kept for reuse by the next allocation of the same size (up to 1 GiB
// idle of each kind), so the pairs of a batch do not pay for allocations again. Unlike
// the runtime's free, a release therefore does not wait for the device: release a buffer
// only when no enqueued work uses it any more (the engine's runs end with every frame
// waited for, and the frame pipeline waits for frames in flight before its buffers go).
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

void* device_alloc(std::size_t bytes, std::string_view who);
void device_release(void* p) noexcept;
void* pinned_alloc(std::size_t bytes, std::string_view who);
void pinned_release(void* p) noexcept;
// count * size, or a DeviceError naming `who` when that does not fit in size_t.
std::size_t checked_bytes(std::size_t count, std::size_t size, std::string_view who);

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  DeviceBuffer(std::size_t count, std::string_view who)
      : p_(static_cast<T*>(device_alloc(checked_bytes(count, sizeof(T), who), who))), n_(count) {}
  ~DeviceBuffer() { device_release(p_); }
  DeviceBuffer(DeviceBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      device_release(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return p_; }  // a device address
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

// Page-locked host memory: the only host memory async copies use, so they stay async.
template <typename T>
class PinnedBuffer {
 public:
  PinnedBuffer() = default;
  PinnedBuffer(std::size_t count, std::string_view who)
      : p_(static_cast<T*>(pinned_alloc(checked_bytes(count, sizeof(T), who), who))), n_(count) {}
  ~PinnedBuffer() { pinned_release(p_); }
  PinnedBuffer(PinnedBuffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  PinnedBuffer& operator=(PinnedBuffer&& o) noexcept {
    if (this != &o) {
      pinned_release(p_);
      p_ = std::exchange(o.p_, nullptr);
      n_ = std::exchange(o.n_, 0);
    }
    return *this;
  }
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;

  T* data() const { return p_; }
  T& operator[](std::size_t i) const { return p_[i]; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
