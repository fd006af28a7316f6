// The shared device frame: one frame pair on the device, filled by the frame's one upload
// (src/gpu/backend/frame_pipeline.cpp): the results block every twin writes its slot of,
// then the planes the twins read (frame_layout.hpp). The device strand hands it to each
// twin's enqueue().
//
// Backend-neutral on purpose: the engine passes it along without GPU headers. A twin turns
// the stream handle back into its backend's stream with gpu::frame_stream()
// (src/gpu/backend/stream.hpp) and enqueues all of the frame's work there: that stream (the
// twin's lane) is ordered after the upload, the results download waits for it, and the
// frame's buffer is refilled only after the frame's results have been copied back.
#pragma once

#include <cstdint>
#include <stdexcept>

#include "core/backend.hpp"
#include "gpu/counters.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

class DeviceFrame {
 public:
  DeviceFrame() = default;
  DeviceFrame(Backend backend, unsigned index, const FrameLayout* layout, std::uint8_t* base, void* stream,
              Counters* counters)
      : backend_(backend), index_(index), layout_(layout), base_(base), stream_(stream), counters_(counters) {}

  Backend backend() const { return backend_; }
  unsigned index() const { return index_; }
  const FrameLayout& layout() const { return *layout_; }
  // Device address of the frame; the results block lies at its start, the planes at the
  // layout's offsets.
  const std::uint8_t* base() const { return base_; }
  // Device address of the frame's results block (layout().results_bytes() long).
  std::uint8_t* results() const { return base_; }
  // Device address of a plane; the plane must be in the run's layout.
  const std::uint8_t* plane(Side s, int p) const {
    const PlaneSlot& slot = layout_->slot(s, p);
    if (!slot.present) throw std::logic_error("device frame: a twin reads a plane it did not ask for");
    return base_ + slot.offset;
  }
  std::size_t pitch(Side s, int p) const { return layout_->slot(s, p).pitch; }
  // The backend's stream handle (cudaStream_t / hipStream_t) the frame's work goes on.
  void* stream() const { return stream_; }
  Counters& counters() const { return *counters_; }

 private:
  Backend backend_ = Backend::Cpu;
  unsigned index_ = 0;
  const FrameLayout* layout_ = nullptr;
  std::uint8_t* base_ = nullptr;
  void* stream_ = nullptr;
  Counters* counters_ = nullptr;
};

}  // namespace fastvmaf::gpu
