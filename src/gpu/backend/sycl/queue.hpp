// What a SYCL stream and event are (src/gpu/compat.hpp declares them for the host units):
// for the SYCL module's own units only (runtime_calls.cpp and the twins' <name>_sycl.cpp),
// which the SYCL compiler builds.
//
// The frame pipeline speaks in CUDA's terms: streams ordered in themselves, events
// recorded on one stream and waited for on another, a host wait on an event. SYCL 2020
// gives the same with in-order queues and command events, portably:
//   a stream           an in-order queue, plus the events its next command must wait for
//                      (stream_wait_event adds to them; the next command consumes them
//                      through handler::depends_on)
//   record(e, stream)  e stands for the stream's last command and the waits still
//                      pending on it: everything the stream had been asked to do
//   a host wait        sycl::event::wait on each of those
// Every queue of the process shares one device and one context (runtime_calls.cpp), so
// device memory and pinned memory from sycl::malloc_device/malloc_host serve them all.
#pragma once

#if !defined(FVMAF_SYCL_UNIT)
#error "gpu/backend/sycl/queue.hpp is for the SYCL module's units, built by the SYCL compiler"
#endif

#include <sycl/sycl.hpp>

#include <mutex>
#include <utility>
#include <vector>

#include "gpu/compat.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {
namespace rt {

// One lock around every call into the SYCL runtime that allocates or submits: the readers
// allocate pinned slabs on their threads while the device strand submits, and a runtime
// need not be safe for that (an uncontended lock costs nothing beside a launch).
std::mutex& runtime_mutex();

struct Queue {
  sycl::queue queue;
  std::vector<sycl::event> pending;  // what the next command waits for
  sycl::event last;                  // the last command enqueued
  bool any = false;                  // whether `last` is a command of this queue

  // Enqueues one command: `build(handler)` adds it; the pending waits go first.
  template <class Build>
  void submit(Build&& build) {
    std::lock_guard lock(runtime_mutex());
    last = queue.submit([&](sycl::handler& h) {
      if (!pending.empty()) h.depends_on(pending);
      build(h);
    });
    pending.clear();
    any = true;
  }
};

struct EventSet {
  std::vector<sycl::event> events;
  Queue* queue = nullptr;  // the stream it was recorded on: its errors surface at the wait
  bool recorded = false;
};

// The device and context every queue of the process uses (chosen once, see
// runtime_calls.cpp), and the calling thread's last error message.
const sycl::device& device();
const sycl::context& context();
void remember_error(const char* what);

}  // namespace rt
}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
