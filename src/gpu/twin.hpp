// A GPU twin: an extractor whose work runs on the device (../shared/DESIGN.md, "Every
// GPU twin runs every stage on the device"). Beyond the extractor contract it says which
// planes of the frame pair it reads, so the one upload per frame carries only those.
//
//   init(geometry)  validate, allocate device and pinned buffers, create events
//   submit(frame)   enqueue kernels on frame.device's stream, then one async copy of the
//                   results block to pinned memory and an event; never wait
//   collect(i)      wait for frame i's event (the only wait), then finish on the host
//                   with the CPU reference's own helpers
// The engine calls submit(i + 1) before collect(i), so results blocks are double-buffered.
#pragma once

#include "core/extractor.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

class Twin : public FeatureExtractor {
 public:
  virtual PlaneMask planes() const = 0;
};

}  // namespace fastvmaf::gpu
