// A twin's constant tables (reciprocals, log2, resample tables), copied to the device once,
// at init, the same way for every twin: on a stream of its own, counted on counters of its
// own (an init copy is no frame's work, so a frame still counts one upload, one download and
// one host wait), from pinned memory kept while the copy may run, and ordered before the
// first frame's work by an event that frame's stream waits for on the device (the host never
// waits). Later frames run on the same lane after the first, so only the first waits.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

#include "gpu/backend/buffer.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/counters.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

class InitUpload {
 public:
  explicit InitUpload(std::string who) : who_(std::move(who)) {}

  // Copies `bytes` of host memory at `src` to `device_dst`, through pinned staging kept here.
  void upload(void* device_dst, const void* src, std::size_t bytes) {
    staging_ = PinnedBuffer<std::byte>(bytes, who_);
    std::memcpy(staging_.data(), src, bytes);
    start([&](const StreamRef& s) { s.upload(device_dst, staging_.data(), bytes); });
  }

  // Enqueues the copies `enqueue(stream)` makes on the init stream, from pinned memory the
  // caller keeps while they may run.
  template <class F>
  void start(F&& enqueue) {
    stream_ = std::make_unique<Stream>(counters_, who_);
    enqueue(stream_->ref());
    uploaded_ = std::make_unique<Event>(who_);
    uploaded_->record(stream_->ref());
    pending_ = true;
  }

  // Called by every frame's enqueue before its work: the first frame after an upload
  // waits for it on the device.
  void order_before(const StreamRef& frame_stream) {
    if (pending_) frame_stream.wait(*uploaded_);
    pending_ = false;
  }

 private:
  std::string who_;
  PinnedBuffer<std::byte> staging_;
  Counters counters_;
  std::unique_ptr<Stream> stream_;
  std::unique_ptr<Event> uploaded_;
  bool pending_ = false;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
