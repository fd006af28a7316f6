// The float ANSNR twin: both filters, the squares and libvmaf's row-ordered float sums on
// the device (float_ansnr_kernels.cu) into its slot of the frame's results block, and the
// host finish with the CPU extractor's own scores(), so both values are the CPU's bits.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's, shared with every other twin of the run. The scratch (the
// term planes and row sums) is reused in stream order.
#include <memory>

#include "common/float_picture.hpp"
#include "core/registry.hpp"
#include "features/float_ansnr/float_ansnr_params.hpp"
#include "features/float_ansnr/gpu/float_ansnr_kernels.hpp"
#include "features/float_ansnr/gpu/float_ansnr_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_ansnr {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_ansnr";

class FloatAnsnrTwin final : public gpu::Twin {
 public:
  explicit FloatAnsnrTwin(const OptionSet&) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }

  void init(const VideoGeometry& g) override {
    common::require_float_depth(kWho, g.bpc);  // the CPU extractor's checks
    check_size(g.width, g.height);
    w_ = g.width;
    h_ = g.height;
    peak_ = common::float_peak(g.bpc);
    scratch_ = gpu::DeviceBuffer<float>(twin::scratch_floats(w_, h_), kWho);
  }

  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_ansnr(gpu::frame_stream(f, kWho),
                  twin::plan_args(f.layout(), f.base(), scratch_.get(), static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    const Scores s = scores(twin::signal_noise_of(*static_cast<const twin::Results*>(slot)), w_, h_, peak_);
    sink.append("float_ansnr", index, s.ansnr);
    sink.append("float_anpsnr", index, s.anpsnr);
  }

 private:
  unsigned w_ = 0, h_ = 0;
  common::FloatPeak peak_;
  gpu::DeviceBuffer<float> scratch_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_ansnr", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatAnsnrTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_ansnr
