// The GPU backends a build has, as the engine sees them: backend-neutral, so the core
// compiles without GPU headers. Each backend (src/gpu/backend, built once per backend)
// registers a Runtime: a probe for a usable device and the frame pipeline of a run.
//
// The CUDA backend is part of the library (it links the static CUDA runtime, which loads
// the driver only when first called). The HIP and SYCL backends are modules of their own,
// libfastvmaf_hip.so and libfastvmaf_sycl.so (cmake/Gpu.cmake), that find_runtime loads on
// first use: their host code and kernels register their Runtime and twins into this
// library's registries as the module loads, so nothing of ROCm or of a SYCL runtime is
// loaded, or needed, by a run that does not ask for them (docs/adr/0007-install-and-apis.md).
#pragma once

#include <memory>
#include <string>

#include "core/backend.hpp"
#include "core/pair_storage.hpp"
#include "fastvmaf/picture.hpp"
#include "fastvmaf/result.hpp"
#include "gpu/device_frame.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::gpu {

// One run's frame pipeline (../shared/DESIGN.md, "The frame pipeline"): the shared device
// frames, their one upload and one results download per frame, and the pinned slabs the
// readers fill. Used by one thread at a time (the engine's device strand), frame after
// frame:
//
//   begin_frame(i) -> every twin's enqueue(frame(lane), slot) -> end_frame() -> ... -> wait_frame(i)
//
// Up to depth() frames are in flight between begin_frame and wait_frame; a frame's device
// buffer is reused for frame i + depth() only after wait_frame(i).
//
// A frame's work runs on lanes() compute streams (docs/adr/0206-compute-lanes.md): a twin
// always enqueues on the same lane, so its own work (scratch, temporal state) stays in
// stream order, while the twins of other lanes, and the next frame's work of a lane that is
// done, run beside it. Every lane starts after the frame's upload; the results download
// starts after every lane.
class FramePipeline {
 public:
  virtual ~FramePipeline() = default;
  // How many frames may be in flight at once (at least 3).
  virtual unsigned depth() const = 0;
  // How many compute lanes a frame's work is spread over (at least 1).
  virtual unsigned lanes() const = 0;
  // Enqueues frame `index`'s one upload (straight from the pair's pinned slab when the
  // readers filled one from pair_storage(), else from a pinned staging copy); the twins
  // then enqueue on frame(lane). Valid until wait_frame(index).
  virtual void begin_frame(unsigned index, const Picture& ref, const Picture& dis) = 0;
  // One side of a frame given in device memory: the device picture, or, where only the
  // other side is on the device (a .y4m reference beside an encode decoded by NVDEC), a
  // host picture (`host` set), uploaded from a pinned staging copy.
  struct Input {
    const Picture* host = nullptr;
    DeviceFrameView device;
  };
  // The same for pictures already in device memory (a decoder's surface, libvmaf's CUDA
  // API): device-side copies into the frame (a kernel takes semi-planar or shifted
  // surfaces apart), ordered after the work the caller enqueued on the context's legacy
  // default stream (where FFmpeg and libavcodec's NVDEC copy their frames). The memory
  // must stay as it is until wait_frame(index). Throws DeviceError on a backend that
  // takes no device pictures (SYCL).
  virtual void begin_frame(unsigned index, const Input& ref, const Input& dis) = 0;
  // The frame begun last, as lane `lane`'s work sees it: the same device memory, that
  // lane's stream.
  virtual const DeviceFrame& frame(unsigned lane) const = 0;
  // Every twin has enqueued its work on the frame: the one download of its results block
  // (after every lane) and the event that says it has arrived.
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
  bool gpu = true;     // the device is a GPU (SYCL may give a CPU device; auto skips it)
};

struct Runtime {
  Backend backend = Backend::Cpu;
  Probe (*probe)() = nullptr;  // never throws
  // The pipeline of a run whose twins read `planes` and write `results_bytes` per frame,
  // with up to `lanes` compute lanes (the backend may give fewer) and, where a twin runs
  // `side_by_side` instances on successive frames, room for that many frames on the
  // device besides the one uploading and the one finishing.
  std::unique_ptr<FramePipeline> (*open)(const VideoGeometry& geometry, PlaneMask planes,
                                         std::size_t results_bytes, unsigned lanes,
                                         unsigned side_by_side) = nullptr;
  // The devices a run may spread its pipelines over (--gpus all); 0 when none is usable.
  // Never throws.
  unsigned (*device_count)() = nullptr;
  // Makes device `index` the calling thread's for what it does next (its twins' init, its
  // pipeline, its strand): every thread of a device worker calls it first. Throws
  // DeviceError for a device that is not there. SYCL drives the one device --sycl-device
  // picks: only 0.
  void (*use_device)(unsigned index) = nullptr;
  // A caller's driver context (a CUcontext: libvmaf's CUDA API, FFmpeg's libvmaf_cuda
  // filter) pushed on, and popped off, the calling thread's context stack, so that what
  // the runtime does on the thread in between runs in that context. CUDA only.
  void (*push_context)(void* context) = nullptr;
  void (*pop_context)() = nullptr;
  // Zeroed device memory in the calling thread's context, for pictures a caller fills
  // (libvmaf's CUDA API), and its release. CUDA only.
  void* (*alloc_device)(std::size_t bytes) = nullptr;
  void (*free_device)(void* p) = nullptr;
  // A host picture uploaded once, on the calling thread's device, for several pipelines
  // to copy from as a device picture (an encoding ladder's reference: one upload per
  // frame, not one per encode). Valid while the pointer lives. CUDA and HIP.
  std::shared_ptr<const DeviceFrameView> (*upload_picture)(const Picture& picture) = nullptr;
};

void register_runtime(const Runtime& runtime);
// Which device of `backend` a run wants (SYCL: --sycl-device; empty: the backend's own
// choice). Set by the engine before the backend opens its device; the device is chosen
// once per process.
void set_device_selector(Backend backend, const std::string& selector);
std::string device_selector(Backend backend);

// The backend's runtime, loading its module first where it has one (HIP, SYCL); nullptr when
// this build has no such backend or its module cannot be loaded (`why` then says why:
// empty when the build has none). Thread-safe.
const Runtime* find_runtime(Backend backend, std::string* why = nullptr);
// Whether this build has the backend at all (built in, or a module it would load), without
// loading anything.
bool backend_built(Backend backend);

}  // namespace fastvmaf::gpu

// Usage, at namespace scope in a backend source: FASTVMAF_REGISTER_GPU_RUNTIME(runtime);
#define FASTVMAF_REGISTER_GPU_RUNTIME(expr)                                                         \
  [[maybe_unused]] static const bool FASTVMAF_GPU_CONCAT(fastvmaf_gpu_runtime_registered_, __LINE__) = \
      (::fastvmaf::gpu::register_runtime(expr), true)
#define FASTVMAF_GPU_CONCAT_INNER(a, b) a##b
#define FASTVMAF_GPU_CONCAT(a, b) FASTVMAF_GPU_CONCAT_INNER(a, b)
