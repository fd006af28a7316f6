// The float MS-SSIM twin: libvmaf's float MS-SSIM on the device (float_ms_ssim_kernels.cu):
// the luma converted, the four low-pass decimations, every scale's SSIM map and its four
// double sums in the CPU's raster order into its slot of the frame's results block; the
// host finish is the CPU extractor's own means_of, ms_ssim_scores (Wang's product with
// libm's pow, and the dB conversion, stay on the host) and emit_ms_ssim, so every value is
// the CPU's bits.
//
// Per frame: ms_twin::kLaunchesPerFrame launches; the upload, the download and the host
// wait are the frame pipeline's, shared with every other twin of the run. The scratch is
// reused in stream order (the horizontal sums from scale to scale).
#include <memory>

#include "core/registry.hpp"
#include "features/ssim/gpu/float_ms_ssim_kernels.hpp"
#include "features/ssim/gpu/float_ms_ssim_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_ms_ssim";

class FloatMsSsimTwin final : public gpu::Twin {
 public:
  explicit FloatMsSsimTwin(const OptionSet& o) : opts_(ms_twin::Options::from(o)) {}

  gpu::PlaneMask planes() const override { return ms_twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(ms_twin::Results); }

  void init(const VideoGeometry& g) override {
    plan_ = ms_twin::make_twin_plan(opts_, g);  // the CPU extractor's checks and messages
    state_ = gpu::DeviceBuffer<float>(plan_.state_floats, kWho);
    terms_ = gpu::DeviceBuffer<std::uint64_t>(plan_.terms_words, kWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_ms_ssim(gpu::frame_stream(f, kWho), ms_twin::plan_args(plan_, f.layout(), f.base(), state_.get(),
                                                                  terms_.get(), static_cast<ms_twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    emit_ms_ssim(ms_twin::scores_of(plan_, opts_, *static_cast<const ms_twin::Results*>(slot), index),
                 opts_.enable_lcs, index, sink);
  }

 private:
  ms_twin::Options opts_;
  ms_twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> state_;
  gpu::DeviceBuffer<std::uint64_t> terms_;
};

}  // namespace

// Experimental (core/registry.hpp): exact, but each map's sums are chains of additions in
// the CPU's order, 2 million at scale 0 of a 1080p frame: 13.4 ms a frame on the H200, and
// a v1 + float_ms_ssim run half as fast as with the CPU extractor (docs/performance.md).
FASTVMAF_REGISTER_EXPERIMENTAL_BACKEND("float_ms_ssim", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatMsSsimTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
