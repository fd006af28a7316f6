// The PSNR twin: each plane's sum of squared errors on the device (psnr_kernels.cu) into
// its slot of the frame's results block (one uint64 per plane), and the host finish with
// the CPU extractor's own PsnrScorer, so every value is the CPU's bits.
//
// Per frame: kLaunchesPerFrame launches; the upload, the download and the host wait are
// the frame pipeline's, shared with every other twin of the run.
#include <cstddef>
#include <memory>

#include "core/registry.hpp"
#include "features/psnr/gpu/psnr_kernels.hpp"
#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "features/psnr/psnr_params.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
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
  }

  std::size_t results_bytes() const override { return scorer_.planes() * sizeof(std::uint64_t); }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const twin::SsePlanes s = twin::plan_planes(f.layout(), f.base(), scorer_.planes());
    enqueue_sse(gpu::frame_stream(f, kWho), s, bpc_, row_sums_.get(), static_cast<std::uint64_t*>(slot));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    scorer_.score(static_cast<const std::uint64_t*>(slot), width_, height_);
    scorer_.emit(index, sink);
  }

  void flush(FeatureCollector& collector) override { scorer_.flush(collector); }
  // The CPU extractor's carry, from the same scorer (a segmented run flushes on the CPU).
  void restart() override { scorer_.restart(); }
  std::vector<std::uint64_t> carry() const override { return scorer_.carry(); }
  void absorb(const std::vector<std::uint64_t>& later) override { scorer_.absorb(later); }

 private:
  PsnrScorer scorer_;
  unsigned bpc_ = 8;
  unsigned width_[3] = {0, 0, 0}, height_[3] = {0, 0, 0};
  gpu::DeviceBuffer<std::uint64_t> row_sums_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("psnr", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<PsnrTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr
