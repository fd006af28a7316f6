// The PSNR-HVS twin: libvmaf's PSNR-HVS on the device (psnr_hvs_kernels.cu): every block's
// masked DCT errors of the three planes, and each plane's float sum of them in the CPU's
// order into its slot of the frame's results block; the host finish is the CPU
// extractor's own plane_value and emit_scores (the dB conversion, with libm's log10, stays
// on the host), so every value is the CPU's bits.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's, shared with every other twin of the run. The terms and tiles
// buffers are reused in stream order.
#include <cstdint>
#include <memory>

#include "core/registry.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_kernels.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::psnr_hvs {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "psnr_hvs";

class PsnrHvsTwin final : public gpu::Twin {
 public:
  explicit PsnrHvsTwin(const OptionSet&) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }
  // Its frame is a few long chains, one work-group each (core/hd/chain_sum.hpp), and it
  // keeps nothing from a frame to the next: copies take successive frames side by side.
  unsigned frames_side_by_side() const override { return gpu::kChainFramesSideBySide; }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_twin_plan(g);  // the CPU extractor's check and message
    terms_ = gpu::DeviceBuffer<float>(plan_.terms_floats, kWho);
    tiles_ = gpu::DeviceBuffer<std::uint64_t>(plan_.tile_words, kWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_psnr_hvs(gpu::frame_stream(f, kWho), plan_,
                     twin::plan_args(plan_, f.layout(), f.base(), terms_.get(), tiles_.get(),
                                     static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    twin::finish_frame(plan_, *static_cast<const twin::Results*>(slot), index, sink);
  }

 private:
  twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> terms_;
  gpu::DeviceBuffer<std::uint64_t> tiles_;  // the long plane sums' tiles
};

}  // namespace

// CUDA and HIP: each plane's float sum, the value of the CPU's chain of additions, is
// computed by one work-group (core/hd/chain_sum.hpp, over tiles from 1080p on). psnr_hvs
// alone is still faster on our CPU below 4K (H100, whole process, 1080p 493-520 fps against
// 755-826 at 16 threads), but beside a model on the device the twin wins from 1080p on
// (v1 + psnr_hvs, H100: 1080p 409-456 fps against the CPU's 366-371, 4K 119-143 against
// 83) and costs v1 on the device 15 % at 576x324; without it `--backend cuda` refused
// psnr_hvs (docs/performance.md). SYCL: equal to the CPU on an H100 through AdaptiveCpp's
// CUDA backend, 1.62 ms a 1080p frame against CUDA's 1.30; v1 + psnr_hvs on sycl 4-15 %
// slower than v1 alone there, where without the twin `--backend sycl` refused psnr_hvs.
FASTVMAF_REGISTER_BACKEND("psnr_hvs", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<PsnrHvsTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::psnr_hvs
