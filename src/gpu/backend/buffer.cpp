#include "gpu/backend/buffer.hpp"

#include <limits>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "gpu/backend/caller_context.hpp"
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

namespace {

// Released blocks are kept for reuse, by size: a run (and every pair of a batch) allocates
// the same buffers, and page-locking host memory or a device allocation costs far more
// than a lookup. At most kIdleBytes stay idle per kind; an allocation that fails empties
// the cache and tries once more. Kept until the process ends (never freed at exit, when
// the runtime may be gone already). Device blocks are kept by device: the pipelines of
// --gpus run on several devices in one process (each thread's current device), and a block
// goes back only to its own device's allocations.
class BlockCache {
 public:
  using Alloc = rt::Error (*)(void**, std::size_t);
  using Free = rt::Error (*)(void*);
  using DeviceOf = int (*)();
  BlockCache(Alloc alloc, Free free, DeviceOf device_of) : alloc_(alloc), free_(free), device_of_(device_of) {}

  rt::Error take(void** out, std::size_t bytes) {
    const Key key{device_of_ ? device_of_() : 0, bytes};
    {
      std::lock_guard lock(mu_);
      auto it = idle_.find(key);
      if (it != idle_.end()) {
        *out = it->second;
        idle_.erase(it);
        idle_bytes_ -= bytes;
        live_.emplace(*out, key);
        return rt::kSuccess;
      }
    }
    rt::Error e = alloc_(out, bytes);
    if (e == rt::kOutOfMemory) {
      (void)rt::get_last_error();
      trim(0);
      e = alloc_(out, bytes);
    }
    if (e == rt::kSuccess) {
      std::lock_guard lock(mu_);
      live_.emplace(*out, key);
    }
    return e;
  }

  void give_back(void* p) noexcept {
    {
      std::lock_guard lock(mu_);
      auto it = live_.find(p);
      if (it == live_.end()) return;  // not ours: nothing to do
      const Key key = it->second;
      live_.erase(it);
      if (idle_bytes_ + key.second <= kIdleBytes) {
        idle_.emplace(key, p);
        idle_bytes_ += key.second;
        return;
      }
    }
    if (free_(p) != rt::kSuccess) (void)rt::get_last_error();
  }

 private:
  static constexpr std::size_t kIdleBytes = std::size_t{1} << 30;
  using Key = std::pair<int, std::size_t>;  // device, bytes

  // Frees idle blocks until at most `keep` bytes stay idle.
  void trim(std::size_t keep) {
    std::vector<void*> out;
    {
      std::lock_guard lock(mu_);
      while (idle_bytes_ > keep && !idle_.empty()) {
        auto it = idle_.begin();
        idle_bytes_ -= it->first.second;
        out.push_back(it->second);
        idle_.erase(it);
      }
    }
    for (void* p : out)
      if (free_(p) != rt::kSuccess) (void)rt::get_last_error();
  }

  Alloc alloc_;
  Free free_;
  DeviceOf device_of_;
  std::mutex mu_;
  std::multimap<Key, void*> idle_;
  std::unordered_map<void*, Key> live_;
  std::size_t idle_bytes_ = 0;
};

// The calling thread's device (Runtime::use_device); SYCL drives one. A caller's context
// (caller_context.hpp) counts as a device of its own: its blocks are not the primary
// context's.
int current_device() {
#if defined(FASTVMAF_GPU_SYCL)
  return 0;
#else
  if (const int k = caller_context_key(); k >= 0) return -1 - k;
  int d = 0;
  if (rt::get_device(&d) != rt::kSuccess) {
    (void)rt::get_last_error();
    return 0;
  }
  return d;
#endif
}

BlockCache& device_blocks() {
  static BlockCache* c = new BlockCache(&rt::device_malloc, &rt::device_free, &current_device);
  return *c;
}
// Pinned host memory is every device's (unified addressing): one cache.
BlockCache& pinned_blocks() {
  static BlockCache* c = new BlockCache(&rt::pinned_malloc, &rt::pinned_free, nullptr);
  return *c;
}

}  // namespace

void* device_alloc(std::size_t bytes, std::string_view who) {
  Device::get();
  void* p = nullptr;
  const rt::Error e = device_blocks().take(&p, bytes);
  if (e == rt::kOutOfMemory) out_of_memory("device", "Malloc", bytes, who, e);
  check(e, "Malloc", who);
  return p;
}

void device_release(void* p) noexcept {
  if (p) device_blocks().give_back(p);
}

void* pinned_alloc(std::size_t bytes, std::string_view who) {
  Device::get();
  void* p = nullptr;
#if defined(FASTVMAF_GPU_HIP)
  const char* call = "HostMalloc";
#else
  const char* call = "MallocHost";
#endif
  const rt::Error e = pinned_blocks().take(&p, bytes);
  if (e == rt::kOutOfMemory) out_of_memory("pinned host", call, bytes, who, e);
  check(e, call, who);
  return p;
}

void pinned_release(void* p) noexcept {
  if (p) pinned_blocks().give_back(p);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
