// The PSNR twin: each plane's sum of squared errors on the device (psnr_kernels.cu), one
// readback of the results block (one uint64 per plane) into pinned memory, and the host
// finish with the CPU extractor's own PsnrScorer, so every value is the CPU's bits.
//
// Per frame: kLaunchesPerFrame launches, one device-to-host copy, one host wait (in
// collect). The engine submits frame i + 1 before it collects frame i, so the results
// block and its event are double-buffered.
#include <memory>
#include <stdexcept>

#include "core/registry.hpp"
#include "features/psnr/gpu/psnr_kernels.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "features/psnr/psnr_params.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/in_flight.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::psnr {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "psnr";

class PsnrTwin final : public gpu::Twin {
 public:
  explicit PsnrTwin(const OptionSet& options) : scorer_(options) {}

  gpu::PlaneMask planes() const override { return twin::planes_mask(scorer_.planes()); }

  void init(const VideoGeometry& geometry) override {
    scorer_.init(geometry);
    bpc_ = geometry.bpc;
    // The planes' sizes, as every frame's layout will have them.
    const gpu::FrameLayout layout(geometry, planes());
    const unsigned count = scorer_.planes();
    std::size_t rows = 0;
    for (unsigned p = 0; p < count; ++p) {
      const gpu::PlaneSlot& slot = layout.slot(gpu::Side::Ref, static_cast<int>(p));
      width_[p] = slot.width;
      height_[p] = slot.height;
      rows += slot.height;
    }
    row_sums_ = gpu::DeviceBuffer<std::uint64_t>(rows, kWho);
    sse_ = gpu::DeviceBuffer<std::uint64_t>(count, kWho);
    results_ = gpu::PinnedBuffer<std::uint64_t>(2 * count, kWho);
  }

  void submit(const FrameInput& frame) override {
    if (!frame.device) throw std::logic_error("psnr twin: submitted without a device frame");
    const gpu::DeviceFrame& f = *frame.device;
    const unsigned count = scorer_.planes();
    const twin::SsePlanes s = twin::plan_planes(f.layout(), f.base(), count);
    const gpu::StreamRef stream = gpu::frame_stream(f, kWho);
    enqueue_sse(stream, s, bpc_, row_sums_.get(), sse_.get());
    stream.download(results_.data() + in_flight_.next() * count, sse_.get(), count * sizeof(std::uint64_t));
    in_flight_.submitted(stream, frame.index);
  }

  void collect(unsigned index, FeatureSink& sink) override {
    const unsigned k = in_flight_.wait(index);
    scorer_.score(results_.data() + k * scorer_.planes(), width_, height_);
    scorer_.emit(index, sink);
  }

  void flush(FeatureCollector& collector) override { scorer_.flush(collector); }

 private:
  PsnrScorer scorer_;
  unsigned bpc_ = 8;
  unsigned width_[3] = {0, 0, 0}, height_[3] = {0, 0, 0};
  gpu::DeviceBuffer<std::uint64_t> row_sums_, sse_;
  gpu::PinnedBuffer<std::uint64_t> results_;  // two results blocks
  gpu::InFlight in_flight_{kWho};
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("psnr", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<PsnrTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr
