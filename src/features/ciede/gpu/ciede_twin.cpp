// The CIEDE2000 twin: libvmaf's CIEDE2000 on the device (ciede_kernels.cu): every pixel's
// colour difference, and the frame's double sum of them in the CPU's order into its slot
// of the frame's results block; the host finish is the CPU extractor's own score (the
// log10 stays on the host), so every value is the CPU's bits.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's, shared with every other twin of the run. The terms buffer is
// reused in stream order. CUDA and HIP compute in double, SYCL in hd::SoftF64 (the same
// bits: ciede_sycl.cpp).
#include <memory>

#include "core/registry.hpp"
#include "features/ciede/gpu/ciede_kernels.hpp"
#include "features/ciede/gpu/ciede_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::ciede {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "ciede";

class CiedeTwin final : public gpu::Twin {
 public:
  explicit CiedeTwin(const OptionSet&) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_twin_plan(g);  // the CPU extractor's check and message
    terms_ = gpu::DeviceBuffer<float>(plan_.terms_floats, kWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_ciede(gpu::frame_stream(f, kWho), plan_,
                  twin::plan_args(plan_, f.layout(), f.base(), terms_.get(), static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    twin::finish_frame(plan_, *static_cast<const twin::Results*>(slot), index, sink);
  }

 private:
  twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> terms_;
};

}  // namespace

// CUDA and HIP (one source): gpu_ciede_parity_test passes on the H200 and the twin takes
// 0.34 ms a 1080p frame, far below the CPU extractor (docs/conformance.md,
// docs/performance.md). SYCL: experimental (core/registry.hpp): on an NVIDIA GPU its
// per-pixel kernel's JIT compile did not finish (AdaptiveCpp 24.06 inlined every call of the
// glibc routines' SoftF64 arithmetic into it); with those calls kept out of line
// (ciede_work.hpp's GlibcLibm) it translates to PTX in 23 s here, not yet run on a GPU
// (docs/conformance.md). It passes on the SYCL CPU device.
#if defined(FASTVMAF_GPU_SYCL)
FASTVMAF_REGISTER_EXPERIMENTAL_BACKEND("ciede", gpu::kBackend,
                                       [](const OptionSet& o) { return std::make_unique<CiedeTwin>(o); });
#else
FASTVMAF_REGISTER_BACKEND("ciede", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<CiedeTwin>(o); });
#endif

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::ciede
