// The shared device frame of a run and its one upload per frame; registers the backend's
// Runtime (src/gpu/runtime.hpp).
//
// Two streams: `copy` carries the uploads, `compute` every twin's kernels and readbacks.
// The frame is double-buffered on both sides, so the upload of frame i + 1 overlaps the
// kernels of frame i:
//
//   host     pack(i) into staging[k]                         (k = i mod 2)
//   copy     wait consumed[k]; staging[k] -> device[k]; record uploaded[k]
//   compute  wait uploaded[k]; twins' kernels and readbacks; record consumed[k]
//
// No step blocks the host in the steady state: staging[k] is refilled two frames later,
// after the engine has collected frame i (whose results follow uploaded[k] on the device).
// Should the host get there first anyway, it waits, and the wait is counted.
//
// Why a host copy into pinned staging rather than pinned pictures from the reader: one
// copy per frame needs one contiguous pinned source holding every plane of both pictures,
// which the reader's pictures (two allocations, all planes) are not; packing keeps the
// reader GPU-agnostic, uploads only the planes the twins read, and costs one memcpy of
// those planes on the engine's device strand, overlapping the device's work.
#include <array>
#include <memory>

#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/runtime.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "frame upload";

class Pipeline final : public FramePipeline {
 public:
  Pipeline(const VideoGeometry& geometry, PlaneMask planes)
      : layout_(geometry, planes), copy_(counters_, kWho), compute_(counters_, kWho) {
    for (auto& b : buffers_) {
      b.staging = PinnedBuffer<std::uint8_t>(layout_.bytes(), kWho);
      b.device = DeviceBuffer<std::uint8_t>(layout_.bytes(), kWho);
    }
  }

  const DeviceFrame& begin_frame(unsigned index, const Picture& ref, const Picture& dis) override {
    Buffer& b = buffers_[next_];
    if (b.uploaded_once && !b.uploaded.done()) b.uploaded.wait_host();
    layout_.pack(ref, dis, b.staging.data());
    const StreamRef copy = copy_.ref();
    if (b.consumed_once) copy.wait(b.consumed);
    copy.upload(b.device.get(), b.staging.data(), layout_.bytes());
    b.uploaded.record(copy);
    b.uploaded_once = true;
    compute_.ref().wait(b.uploaded);
    b.frame = DeviceFrame(kBackend, index, &layout_, b.device.get(), compute_.native(), &counters_);
    return b.frame;
  }

  void end_frame() override {
    Buffer& b = buffers_[next_];
    b.consumed.record(compute_.ref());
    b.consumed_once = true;
    next_ ^= 1u;
  }

  DeviceCounts counters() const override { return counters_.snapshot(); }
  const FrameLayout& layout() const override { return layout_; }

 private:
  struct Buffer {
    PinnedBuffer<std::uint8_t> staging;
    DeviceBuffer<std::uint8_t> device;
    Event uploaded{kWho}, consumed{kWho};
    bool uploaded_once = false, consumed_once = false;
    DeviceFrame frame;
  };

  FrameLayout layout_;
  Counters counters_;
  Stream copy_, compute_;
  // Declared after the streams, so destroyed before them; freeing a buffer lets the
  // device finish the work that uses it first.
  std::array<Buffer, 2> buffers_;
  unsigned next_ = 0;
};

std::unique_ptr<FramePipeline> open_pipeline(const VideoGeometry& geometry, PlaneMask planes) {
  return std::make_unique<Pipeline>(geometry, planes);
}

}  // namespace

FASTVMAF_REGISTER_GPU_RUNTIME((Runtime{kBackend, &Device::probe, &open_pipeline}));

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
