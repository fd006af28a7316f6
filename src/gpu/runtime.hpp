// The GPU backends a build has, as the engine sees them: backend-neutral, so the core
// compiles without GPU headers. Each backend (src/gpu/backend, built once per backend)
// registers a Runtime: a probe for a usable device and the frame pipeline of a run.
#pragma once

#include <memory>
#include <string>

#include "core/backend.hpp"
#include "core/pair_storage.hpp"
#include "fastvmaf/result.hpp"
#include "gpu/device_frame.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

// One run's frame pipeline (../shared/DESIGN.md, "The frame pipeline"): the shared device
// frames, their one upload and one results download per frame, and the pinned slabs the
// readers fill. Used by one thread at a time (the engine's device strand), frame after
// frame:
//
//   begin_frame(i) -> every twin's enqueue(frame, slot) -> end_frame() -> ... -> wait_frame(i)
//
// Up to depth() frames are in flight between begin_frame and wait_frame; a frame's device
// buffer is reused for frame i + depth() only after wait_frame(i).
class FramePipeline {
 public:
  virtual ~FramePipeline() = default;
  // How many frames may be in flight at once (at least 3).
  virtual unsigned depth() const = 0;
  // Enqueues frame `index`'s one upload (straight from the pair's pinned slab when the
  // readers filled one from pair_storage(), else from a pinned staging copy) and returns
  // the frame the twins enqueue on. Valid until wait_frame(index).
  virtual const DeviceFrame& begin_frame(unsigned index, const Picture& ref, const Picture& dis) = 0;
  // Every twin has enqueued its work on the frame: the one download of its results block
  // and the event that says it has arrived.
  virtual void end_frame() = 0;
  // The one host wait of frame `index` (the oldest in flight); returns its results block,
  // valid until the frame's buffer is reused.
  virtual const std::uint8_t* wait_frame(unsigned index) = 0;
  // Whether frame `index`'s results have arrived (asks without waiting).
  virtual bool frame_done(unsigned index) const = 0;
  // After an error: waits until the device has done everything enqueued, and forgets
  // the frames in flight.
  virtual void abort() = 0;
  // Pinned slabs in the frame's layout, for the readers.
  virtual PairStorage& pair_storage() = 0;
  // Everything counted so far on the pipeline's streams, the twins' work included.
  virtual DeviceCounts counters() const = 0;
  virtual const FrameLayout& layout() const = 0;
};

struct Probe {
  bool usable = false;
  std::string detail;  // the device's name when usable, else why not
};

struct Runtime {
  Backend backend = Backend::Cpu;
  Probe (*probe)() = nullptr;  // never throws
  // The pipeline of a run whose twins read `planes` and write `results_bytes` per frame.
  std::unique_ptr<FramePipeline> (*open)(const VideoGeometry& geometry, PlaneMask planes,
                                         std::size_t results_bytes) = nullptr;
};

void register_runtime(const Runtime& runtime);
// nullptr when this build has no such backend.
const Runtime* find_runtime(Backend backend);

}  // namespace fastvmaf::gpu

// Usage, at namespace scope in a backend source: FASTVMAF_REGISTER_GPU_RUNTIME(runtime);
#define FASTVMAF_REGISTER_GPU_RUNTIME(expr)                                                         \
  [[maybe_unused]] static const bool FASTVMAF_GPU_CONCAT(fastvmaf_gpu_runtime_registered_, __LINE__) = \
      (::fastvmaf::gpu::register_runtime(expr), true)
#define FASTVMAF_GPU_CONCAT_INNER(a, b) a##b
#define FASTVMAF_GPU_CONCAT(a, b) FASTVMAF_GPU_CONCAT_INNER(a, b)
