#include "gpu/backend/caller_context.hpp"

#include <dlfcn.h>

#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "fastvmaf/error.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/error.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {

// The contexts pushed on this thread, innermost last.
thread_local std::vector<void*> t_pushed;

#if defined(FASTVMAF_GPU_CUDA)
using CtxPush = int (*)(void*);
using CtxPop = int (*)(void**);

struct Driver {
  CtxPush push = nullptr;
  CtxPop pop = nullptr;
};

const Driver& driver() {
  static const Driver d = [] {
    Driver r;
    // Loaded already by the runtime once a device was probed; RTLD_NOLOAD would refuse
    // before that, so it is opened (and kept) here.
    void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return r;
    r.push = reinterpret_cast<CtxPush>(dlsym(lib, "cuCtxPushCurrent_v2"));
    r.pop = reinterpret_cast<CtxPop>(dlsym(lib, "cuCtxPopCurrent_v2"));
    return r;
  }();
  return d;
}
#endif

// Every caller context seen, by first use: its index is its key.
std::mutex g_mu;
std::vector<void*> g_contexts;

}  // namespace

void push_caller_context(void* context) {
#if defined(FASTVMAF_GPU_CUDA)
  const Driver& d = driver();
  if (!d.push || !d.pop) throw DeviceError("a caller's CUDA context cannot be used: the CUDA driver (libcuda.so.1) has no "
                                           "cuCtxPushCurrent_v2");
  if (const int e = d.push(context); e != 0)
    throw DeviceError(fmt::format("cuCtxPushCurrent of the caller's CUDA context failed (CUresult {})", e));
  t_pushed.push_back(context);
  std::lock_guard lock(g_mu);
  for (void* c : g_contexts)
    if (c == context) return;
  g_contexts.push_back(context);
#else
  (void)context;
  throw DeviceError(fmt::format("the {} backend runs in no caller's context", rt::kName));
#endif
}

void pop_caller_context() {
#if defined(FASTVMAF_GPU_CUDA)
  if (t_pushed.empty()) return;
  void* popped = nullptr;
  if (const int e = driver().pop(&popped); e != 0)
    throw DeviceError(fmt::format("cuCtxPopCurrent of the caller's CUDA context failed (CUresult {})", e));
  t_pushed.pop_back();
#endif
}

int caller_context_key() {
  if (t_pushed.empty()) return -1;
  std::lock_guard lock(g_mu);
  for (std::size_t i = 0; i < g_contexts.size(); ++i)
    if (g_contexts[i] == t_pushed.back()) return static_cast<int>(i);
  return -1;
}

void* alloc_zeroed_device(std::size_t bytes) {
  Device::get();
  void* p = nullptr;
  check(rt::device_malloc(&p, bytes), "Malloc", "device picture");
#if defined(FASTVMAF_GPU_SYCL)
  // SYCL takes no device pictures (frame_pipeline.cpp); nothing zeroes here.
#else
  // On the legacy default stream: before the caller's own copies into the picture, which
  // go there too (FFmpeg's cuMemcpy2D), and before the pipeline's copies out of it, which
  // wait for that stream (frame_pipeline.cpp).
  if (const rt::Error e = rt::memset_async(p, 0, bytes, rt::legacy_stream()); e != rt::kSuccess) {
    (void)rt::device_free(p);
    fail(e, "MemsetAsync", "device picture");
  }
#endif
  return p;
}

void free_device(void* p) noexcept {
  if (p && rt::device_free(p) != rt::kSuccess) (void)rt::get_last_error();
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
