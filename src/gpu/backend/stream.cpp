#include "gpu/backend/stream.hpp"

#include <stdexcept>
#include <utility>

#include "gpu/backend/device.hpp"
#include "gpu/backend/error.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

void StreamRef::upload(void* device_dst, const void* pinned_src, std::size_t bytes) const {
  check(rt::memcpy_h2d_async(device_dst, pinned_src, bytes, handle_), "MemcpyAsync", who_);
  counters_->h2d(bytes);
}

void StreamRef::download(void* pinned_dst, const void* device_src, std::size_t bytes) const {
  check(rt::memcpy_d2h_async(pinned_dst, device_src, bytes, handle_), "MemcpyAsync", who_);
  counters_->d2h(bytes);
}

void StreamRef::wait(const Event& event) const {
  check(rt::stream_wait_event(handle_, event.native()), "StreamWaitEvent", who_);
}

#if !defined(FASTVMAF_GPU_SYCL)
void StreamRef::copy_2d(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch,
                        std::size_t width_bytes, std::size_t rows) const {
  if (rows == 0 || width_bytes == 0) return;
  check(rt::memcpy_2d_d2d_async(dst, dst_pitch, src, src_pitch, width_bytes, rows, handle_), "Memcpy2DAsync", who_);
}

void StreamRef::zero(void* device_dst, std::size_t bytes) const {
  if (bytes == 0) return;
  check(rt::memset_async(device_dst, 0, bytes, handle_), "MemsetAsync", who_);
}
#endif

Stream::Stream(Counters& counters, std::string who) : counters_(&counters), who_(std::move(who)) {
  Device::get();
  check(rt::stream_create(&handle_), "StreamCreateWithFlags", who_);
}

Stream::~Stream() {
  if (handle_ && rt::stream_destroy(handle_) != rt::kSuccess) (void)rt::get_last_error();
}

Event::Event(std::string who) : who_(std::move(who)) {
  Device::get();
  check(rt::event_create(&handle_), "EventCreateWithFlags", who_);
}

Event::~Event() {
  if (handle_ && rt::event_destroy(handle_) != rt::kSuccess) (void)rt::get_last_error();
}

Event::Event(Event&& o) noexcept
    : handle_(std::exchange(o.handle_, nullptr)), counters_(o.counters_), who_(std::move(o.who_)) {}

Event& Event::operator=(Event&& o) noexcept {
  if (this != &o) {
    if (handle_ && rt::event_destroy(handle_) != rt::kSuccess) (void)rt::get_last_error();
    handle_ = std::exchange(o.handle_, nullptr);
    counters_ = o.counters_;
    who_ = std::move(o.who_);
  }
  return *this;
}

void Event::record(const StreamRef& stream) {
  check(rt::event_record(handle_, stream.native()), "EventRecord", who_);
  counters_ = &stream.counters();
}

bool Event::done() const {
  const rt::Error e = rt::event_query(handle_);
  if (e == rt::kSuccess) return true;
  if (e == rt::kNotReady) return false;
  fail(e, "EventQuery", who_);
}

void Event::wait_host() const {
  if (!counters_) throw std::logic_error(who_ + ": waiting for an event that was never recorded");
  counters_->host_wait();
  check(rt::event_synchronize(handle_), "EventSynchronize", who_);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
