// The float PSNR twin: the noise sum on the device (float_psnr_kernels.cu) into its slot
// of the frame's results block, and the host finish with the CPU extractor's own
// psnr_score, so the value is the CPU's bits.
//
// Per frame: twin::launches_per_frame(bpc) launches; the upload, the download and the
// host wait are the frame pipeline's, shared with every other twin of the run.
#include <memory>

#include "common/float_picture.hpp"
#include "core/registry.hpp"
#include "features/float_psnr/float_psnr_params.hpp"
#include "features/float_psnr/gpu/float_psnr_kernels.hpp"
#include "features/float_psnr/gpu/float_psnr_plan.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_psnr {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_psnr";

class FloatPsnrTwin final : public gpu::Twin {
 public:
  explicit FloatPsnrTwin(const OptionSet&) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }

  void init(const VideoGeometry& g) override {
    common::require_float_depth(kWho, g.bpc);  // the CPU extractor's check
    w_ = g.width;
    h_ = g.height;
    bpc_ = g.bpc;
    peak_ = common::float_peak(g.bpc);
  }

  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_noise(gpu::frame_stream(f, kWho),
                  twin::plan_args(f.layout(), f.base(), static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    const double noise = twin::noise_of(*static_cast<const twin::Results*>(slot), bpc_);
    sink.append("float_psnr", index, psnr_score(noise, w_, h_, peak_));
  }

 private:
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  common::FloatPeak peak_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_psnr", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatPsnrTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_psnr
