// A GPU twin (../shared/DESIGN.md, "The extractor contract"): an extractor whose every
// stage runs on the device, that never owns a readback. Its life:
//
//   init(geometry)    the CPU extractor's checks, then device buffers and constants; after
//                     it, planes() and results_bytes() say what the twin reads and writes
//   enqueue(frame, slot)
//                     kernels on the frame's stream, reading the shared device frame and
//                     writing only `slot`, its part of the frame's results block (device
//                     memory, results_bytes() long, zero when the frame's work starts);
//                     never waits
//   finish(i, slot, sink)
//                     on the host, after the frame pipeline's one download and one wait:
//                     turns frame i's slot into feature values with the CPU reference's
//                     own helpers, so the last step is the CPU's bits
//   flush(collector)  temporal twins emit their last values (their state stays on the device)
//
// The device strand (src/engine/device_strand.cpp) drives every twin of a run in frame
// order: per frame one upload of the union of their planes, every twin's enqueue, one
// download of the whole results block, one event; later, after the one host wait, every
// twin's finish. Several frames are in flight: enqueue(i + 1) .. enqueue(i + depth - 1)
// may come before finish(i), so a twin keeps per-frame values only in its slot (scratch
// buffers are reused in stream order) and keeps what its finish needs per frame by index.
// Every enqueue of a twin comes on the same stream (its lane, docs/adr/0206-compute-lanes.md)
// while other twins' kernels run beside it on other lanes: a twin writes no device memory
// but its own buffers and its slot. A twin that allows it (frames_side_by_side) runs as
// several instances, each on its own lane, taking frames in turn (ADR 0212).
#pragma once

#include <cstddef>
#include <stdexcept>

#include "core/extractor.hpp"
#include "gpu/device_frame.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

// The instances a twin bound by its one-work-group chains runs side by side (ADR 0212).
inline constexpr unsigned kChainFramesSideBySide = 4;

class Twin : public FeatureExtractor {
 public:
  // The planes of the frame pair its kernels read (valid after init).
  virtual PlaneMask planes() const = 0;
  // The bytes of its slot in each frame's results block (valid after init).
  virtual std::size_t results_bytes() const = 0;
  virtual void enqueue(const DeviceFrame& frame, void* slot) = 0;
  virtual void finish(unsigned index, const void* slot, FeatureSink& sink) = 0;

  // How many instances of this twin the strand may keep working on successive frames side
  // by side, each with its own buffers (docs/adr/0212-twin-copies.md). More than 1 only for
  // a twin that keeps nothing from a frame to the next and whose frame keeps a few
  // work-groups busy for long (its sums' chains, one work-group each): a second instance
  // on another lane takes the next frame while the first is still in its chains.
  virtual unsigned frames_side_by_side() const { return 1; }

  // The CPU part of the extractor contract does not apply: the device strand drives twins.
  void submit(const FrameInput&) final { throw std::logic_error("a GPU twin is enqueued, not submitted"); }
  void collect(unsigned, FeatureSink&) final { throw std::logic_error("a GPU twin is finished, not collected"); }
};

}  // namespace fastvmaf::gpu
