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
  // Its frame is a few long chains, one work-group each (core/hd/chain_sum.hpp), and it
  // keeps nothing from a frame to the next: copies take successive frames side by side.
  unsigned frames_side_by_side() const override { return gpu::kChainFramesSideBySide; }

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

// CUDA and HIP: since the maps' sums are computed by work-groups (core/hd/chain_sum.hpp),
// 2.9 ms a 1080p frame on an H100 (13.4 before), and issue 29's v1 + psnr + float_ssim +
// float_ms_ssim + ciede row runs 1.5-2.3x faster whole on the device than on the CPU at 16
// threads (docs/performance.md). SYCL: experimental (core/registry.hpp): equal to the CPU on
// an H100 through AdaptiveCpp's CUDA backend, but 8.7 ms a 1080p frame against CUDA's 1.8
// (its five scales' sums and SoftF64 kernels), so a v1 + float_ms_ssim run on sycl is slower
// than on the CPU.
#if defined(FASTVMAF_GPU_SYCL)
FASTVMAF_REGISTER_EXPERIMENTAL_BACKEND("float_ms_ssim", gpu::kBackend,
                                       [](const OptionSet& o) { return std::make_unique<FloatMsSsimTwin>(o); });
#else
FASTVMAF_REGISTER_BACKEND("float_ms_ssim", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatMsSsimTwin>(o); });
#endif

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
