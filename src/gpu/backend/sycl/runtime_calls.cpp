// The SYCL backend's runtime calls (declared in src/gpu/compat.hpp), in portable SYCL
// 2020: device selection, USM allocations, in-order queues as streams and sets of command
// events as events (queue.hpp says how they map).
//
// The device: one per process, chosen on first use (the first that succeeds) from --sycl-device (the engine passes
// it through gpu::device_selector) or $FASTVMAF_SYCL_DEVICE:
//   "" / "auto"  the first GPU, else the first device of any kind
//   "gpu"        the first GPU (none: no device)
//   "cpu"        the first CPU device
//   N            device N of sycl::device::get_devices(), as --list-sycl-devices numbers them
#include <sycl/sycl.hpp>

#include <cstdlib>
#include <mutex>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "gpu/backend/sycl/queue.hpp"
#include "gpu/runtime.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {
namespace rt {

namespace {

thread_local std::string last_message;

std::mutex& async_mutex() {
  static std::mutex m;
  return m;
}
std::string& async_error() {
  static std::string e;
  return e;
}

// Errors of device work come later than their command: the queue's handler keeps the
// first, and the next host wait reports it.
void on_async_errors(sycl::exception_list errors) {
  for (const std::exception_ptr& p : errors) {
    try {
      std::rethrow_exception(p);
    } catch (const std::exception& e) {
      std::lock_guard lock(async_mutex());
      if (async_error().empty()) async_error() = e.what();
    }
  }
}

std::string describe(const sycl::device& d) {
  return fmt::format("{} ({}, {})", d.get_info<sycl::info::device::name>(),
                     d.get_platform().get_info<sycl::info::platform::name>(), d.is_gpu() ? "gpu" : d.is_cpu() ? "cpu" : "other");
}

struct Chosen {
  std::optional<sycl::device> device;
  std::optional<sycl::context> context;
  std::string why;  // no device: why not
};

Chosen choose() {
  Chosen c;
  try {
    std::string want = device_selector(Backend::Sycl);
    if (want.empty())
      if (const char* env = std::getenv("FASTVMAF_SYCL_DEVICE")) want = env;
    const std::vector<sycl::device> all = sycl::device::get_devices();
    if (all.empty()) {
      c.why = "the SYCL runtime found no device";
      return c;
    }
    std::string listing;
    for (std::size_t i = 0; i < all.size(); ++i) listing += fmt::format("{}{}: {}", i ? "; " : "", i, describe(all[i]));
    auto first = [&](bool gpu_only, bool cpu_only) -> std::optional<sycl::device> {
      for (const sycl::device& d : all)
        if ((!gpu_only || d.is_gpu()) && (!cpu_only || d.is_cpu())) return d;
      return std::nullopt;
    };
    if (want.empty() || want == "auto") {
      c.device = first(true, false);
      if (!c.device) c.device = all.front();
    } else if (want == "gpu") {
      c.device = first(true, false);
      if (!c.device) c.why = "no SYCL GPU (devices: " + listing + ")";
    } else if (want == "cpu") {
      c.device = first(false, true);
      if (!c.device) c.why = "no SYCL CPU device (devices: " + listing + ")";
    } else {
      std::size_t used = 0;
      unsigned long n = 0;
      try {
        n = std::stoul(want, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != want.size() || want.empty())
        c.why = fmt::format("--sycl-device \"{}\" is not gpu, cpu, auto or a device number (devices: {})", want, listing);
      else if (n >= all.size())
        c.why = fmt::format("--sycl-device {}: there is no such device (devices: {})", n, listing);
      else
        c.device = all[n];
    }
    if (c.device) c.context = sycl::context(*c.device, on_async_errors);
  } catch (const std::exception& e) {
    c.device.reset();
    c.why = std::string("the SYCL runtime failed: ") + e.what();
  }
  return c;
}

// The first device chosen stays the process's (its memory is cached for reuse,
// gpu/backend/buffer.cpp); a choice that found none is not kept, so a later run may ask
// for another.
const Chosen& chosen() {
  static std::mutex m;
  static Chosen kept;
  static thread_local Chosen failed;
  std::lock_guard lock(m);
  if (kept.device) return kept;
  Chosen c = choose();
  if (c.device) {
    kept = std::move(c);
    return kept;
  }
  failed = std::move(c);
  return failed;
}

Error failed(const std::exception& e) {
  last_message = e.what();
  return kFailed;
}

}  // namespace

std::mutex& runtime_mutex() {
  static std::mutex m;
  return m;
}

const sycl::device& device() { return *chosen().device; }
const sycl::context& context() { return *chosen().context; }
void remember_error(const char* what) { last_message = what; }

Error get_device_count(int* n) {
  const Chosen& c = chosen();
  *n = c.device ? 1 : 0;
  if (c.device) return kSuccess;
  last_message = c.why;
  return kNoDevice;
}

Error get_device_info(int index, DeviceInfo* out) {
  if (index != 0 || !chosen().device) return kNoDevice;
  try {
    const sycl::device& d = device();
    out->name = d.get_info<sycl::info::device::name>();
    out->platform = d.get_platform().get_info<sycl::info::platform::name>();
    out->memory = d.get_info<sycl::info::device::global_mem_size>();
    out->multiprocessors = static_cast<int>(d.get_info<sycl::info::device::max_compute_units>());
    out->gpu = d.is_gpu();
    return kSuccess;
  } catch (const std::exception& e) {
    return failed(e);
  }
}

Error mem_get_info(std::size_t*, std::size_t*) {
  last_message = "SYCL 2020 does not say how much device memory is free";
  return kFailed;
}

Error device_malloc(void** p, std::size_t n) {
  try {
    {
      std::lock_guard lock(runtime_mutex());
      *p = sycl::malloc_device(n, device(), context());
    }
  } catch (const std::exception& e) {
    return failed(e);
  }
  if (*p) return kSuccess;
  last_message = "sycl::malloc_device returned no memory";
  return kOutOfMemory;
}

Error device_free(void* p) {
  try {
    std::lock_guard lock(runtime_mutex());
    sycl::free(p, context());
    return kSuccess;
  } catch (const std::exception& e) {
    return failed(e);
  }
}

Error pinned_malloc(void** p, std::size_t n) {
  try {
    {
      std::lock_guard lock(runtime_mutex());
      *p = sycl::malloc_host(n, context());
    }
  } catch (const std::exception& e) {
    return failed(e);
  }
  if (*p) return kSuccess;
  last_message = "sycl::malloc_host returned no memory";
  return kOutOfMemory;
}

Error pinned_free(void* p) { return device_free(p); }

Error memcpy_h2d_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  try {
    st->submit([&](sycl::handler& h) { h.memcpy(d, s, n); });
    return kSuccess;
  } catch (const std::exception& e) {
    return failed(e);
  }
}

Error memcpy_d2h_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  return memcpy_h2d_async(d, s, n, st);  // USM: the runtime knows each side's kind
}

Error stream_create(StreamHandle* s) {
  try {
    *s = new Queue{sycl::queue(context(), device(), on_async_errors, sycl::property::queue::in_order{}), {}, {}, false};
    return kSuccess;
  } catch (const std::exception& e) {
    return failed(e);
  }
}

Error stream_destroy(StreamHandle s) {
  try {
    s->queue.wait();
  } catch (const std::exception&) {  // destruction reports nothing; the run's error stands
  }
  delete s;
  return kSuccess;
}

Error stream_wait_event(StreamHandle s, EventHandle e) {
  s->pending.insert(s->pending.end(), e->events.begin(), e->events.end());
  return kSuccess;
}

Error event_create(EventHandle* e) {
  *e = new EventSet;
  return kSuccess;
}

Error event_destroy(EventHandle e) {
  delete e;
  return kSuccess;
}

Error event_record(EventHandle e, StreamHandle s) {
  e->events = s->pending;
  if (s->any) e->events.push_back(s->last);
  e->queue = s;
  e->recorded = true;
  return kSuccess;
}

Error event_query(EventHandle e) {
  try {
    for (const sycl::event& ev : e->events)
      if (ev.get_info<sycl::info::event::command_execution_status>() != sycl::info::event_command_status::complete)
        return kNotReady;
    return kSuccess;
  } catch (const std::exception& ex) {
    return failed(ex);
  }
}

Error event_synchronize(EventHandle e) {
  // wait(), then the queue's asynchronous errors: AdaptiveCpp's event::wait_and_throw has
  // no handler to call for commands submitted directly (it throws bad_function_call).
  try {
    for (sycl::event& ev : e->events) ev.wait();
    if (e->queue) e->queue->queue.throw_asynchronous();
  } catch (const std::exception& ex) {
    return failed(ex);
  }
  std::lock_guard lock(async_mutex());
  if (async_error().empty()) return kSuccess;
  last_message = async_error();
  return kFailed;
}

Error get_last_error() { return kSuccess; }  // SYCL reports each error where it happens

const char* error_string(Error e) {
  if (!last_message.empty()) return last_message.c_str();
  switch (e) {
    case kSuccess: return "no error";
    case kNotReady: return "not ready";
    case kOutOfMemory: return "out of memory";
    case kNoDevice: return "no device";
    default: return "SYCL error";
  }
}

const char* error_name(Error e) {
  switch (e) {
    case kSuccess: return "success";
    case kNotReady: return "not ready";
    case kOutOfMemory: return "out of memory";
    case kNoDevice: return "no device";
    default: return "sycl::exception";
  }
}

}  // namespace rt
}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
