// The float SSIM twin: libvmaf's float SSIM on the device (float_ssim_kernels.cu): the
// luma converted (or box-decimated), the SSIM map's filters and every window position's
// terms, and the four double sums in the CPU's raster order into its slot of the frame's
// results block; the host finish is the CPU extractor's own means_of, ssim_values (the dB
// conversion, with libm's log10, stays on the host) and emit_ssim, so every value is the
// CPU's bits.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's, shared with every other twin of the run. The scratch is reused
// in stream order.
#include <memory>

#include "core/registry.hpp"
#include "features/ssim/gpu/float_ssim_kernels.hpp"
#include "features/ssim/gpu/float_ssim_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::ssim {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_ssim";

class FloatSsimTwin final : public gpu::Twin {
 public:
  explicit FloatSsimTwin(const OptionSet& o) : opts_(twin::Options::from(o)) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }
  // Its frame is a few long chains, one work-group each (core/hd/chain_sum.hpp), and it
  // keeps nothing from a frame to the next: copies take successive frames side by side.
  unsigned frames_side_by_side() const override { return gpu::kChainFramesSideBySide; }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_twin_plan(opts_, g);  // the CPU extractor's checks and messages
    state_ = gpu::DeviceBuffer<float>(plan_.state_floats, kWho);
    terms_ = gpu::DeviceBuffer<std::uint64_t>(plan_.terms_words, kWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_ssim(gpu::frame_stream(f, kWho), twin::plan_args(plan_, f.layout(), f.base(), state_.get(), terms_.get(),
                                                             static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    emit_ssim(twin::values_of(plan_, opts_, *static_cast<const twin::Results*>(slot)), opts_.enable_lcs, index, sink);
  }

 private:
  twin::Options opts_;
  twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> state_;
  gpu::DeviceBuffer<std::uint64_t> terms_;
};

}  // namespace

// CUDA and HIP: a v1 + float_ssim run with this twin is faster than with the CPU extractor
// beside the device (H200: 1080p 0.81 ms a frame, docs/performance.md). SYCL (its map's
// double sums SoftF64 additions in the CPU's order, over tiles): equal to the CPU on an H100
// through AdaptiveCpp's CUDA backend, 0.60 ms a 1080p frame against CUDA's 0.34, and a v1 +
// float_ssim run on sycl 0-10 % slower than v1 alone there (docs/performance.md).
FASTVMAF_REGISTER_BACKEND("float_ssim", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatSsimTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ssim
