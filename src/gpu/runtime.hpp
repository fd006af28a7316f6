// The GPU backends a build has, as the engine sees them: backend-neutral, so the core
// compiles without GPU headers. Each backend (src/gpu/backend, built once per backend)
// registers a Runtime: a probe for a usable device and the frame pipeline of a run.
#pragma once

#include <memory>
#include <string>

#include "core/extractor.hpp"
#include "fastvmaf/result.hpp"
#include "gpu/device_frame.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

// One run's shared device frame and its upload. Used by one thread at a time (the
// engine's device strand), frame after frame:
//   begin_frame(i) -> every twin's submit(i) -> end_frame() -> collect(i - 1) ...
class FramePipeline {
 public:
  virtual ~FramePipeline() = default;
  // Packs the layout's planes of `ref` and `dis` into pinned staging memory (on the
  // calling thread), enqueues the frame's one upload, and returns the frame the twins
  // enqueue their work on. Valid until the next begin_frame().
  virtual const DeviceFrame& begin_frame(unsigned index, const Picture& ref, const Picture& dis) = 0;
  // Every twin has enqueued its work on the frame: its buffer may be refilled after it.
  virtual void end_frame() = 0;
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
  std::unique_ptr<FramePipeline> (*open)(const VideoGeometry& geometry, PlaneMask planes) = nullptr;
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
