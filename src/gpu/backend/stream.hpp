// Streams and events, with the per-run counters (src/gpu/counters.hpp): every copy and
// every host wait goes through here and is counted on the stream's counters; kernel
// launches go through launch.hpp and are counted the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "gpu/compat.hpp"
#include "gpu/counters.hpp"
#include "gpu/device_frame.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

class Event;

// A stream as the work enqueued on it sees it: not owning. `who` names the feature (or
// "frame upload") in error messages and must outlive the reference (a literal does).
class StreamRef {
 public:
  StreamRef(rt::StreamHandle handle, Counters& counters, std::string_view who)
      : handle_(handle), counters_(&counters), who_(who) {}

  rt::StreamHandle native() const { return handle_; }
  Counters& counters() const { return *counters_; }
  std::string_view who() const { return who_; }

  // Async copies; the host side must be pinned memory (PinnedBuffer), or they would not be.
  void upload(void* device_dst, const void* pinned_src, std::size_t bytes) const;
  void download(void* pinned_dst, const void* device_src, std::size_t bytes) const;
  // Work enqueued after this waits for the event; the host does not wait.
  void wait(const Event& event) const;
#if !defined(FASTVMAF_GPU_SYCL)
  // A pitched copy from device memory to device memory (not counted: no byte crosses
  // the bus), and zeroing of device memory.
  void copy_2d(void* dst, std::size_t dst_pitch, const void* src, std::size_t src_pitch, std::size_t width_bytes,
               std::size_t rows) const;
  void zero(void* device_dst, std::size_t bytes) const;
#endif

 private:
  rt::StreamHandle handle_;
  Counters* counters_;
  std::string_view who_;
};

// The stream of a frame's work, for the twin named `who`.
inline StreamRef frame_stream(const DeviceFrame& frame, std::string_view who) {
  return StreamRef(static_cast<rt::StreamHandle>(frame.stream()), frame.counters(), who);
}

class Stream {
 public:
  Stream(Counters& counters, std::string who);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  StreamRef ref() const { return StreamRef(handle_, *counters_, who_); }
  rt::StreamHandle native() const { return handle_; }

 private:
  rt::StreamHandle handle_ = nullptr;
  Counters* counters_;
  std::string who_;
};

class Event {
 public:
  explicit Event(std::string who);
  ~Event();
  Event(Event&& o) noexcept;
  Event& operator=(Event&& o) noexcept;
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  void record(const StreamRef& stream);
  // Whether the device has passed the event; asks without waiting (not a host wait).
  bool done() const;
  // Blocks the host until the device has passed the event: a host wait, counted on the
  // counters of the stream it was last recorded on.
  void wait_host() const;
  rt::EventHandle native() const { return handle_; }

 private:
  rt::EventHandle handle_ = nullptr;
  Counters* counters_ = nullptr;  // of the stream last recorded on
  std::string who_;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
