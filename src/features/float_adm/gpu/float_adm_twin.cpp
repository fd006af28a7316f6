// The float ADM twin: libvmaf's float ADM on the device (float_adm_kernels.cu): each
// scale's DWT, decouple (with libvmaf's DIVS on this CPU's rcpss, from a table of the
// host's own estimate) and contrast measure, and the float sums in the CPU's order into its
// slot of the frame's results block; the host finish is the CPU's scale_total and
// emit_scores, so every value is the CPU's bits, on this CPU.
//
// Per frame: twin::launches_per_frame launches; the upload, the download and the host wait
// are the frame pipeline's. The rcpss table is uploaded once at init (gpu::InitUpload);
// the scratch is reused in stream order. adm_p_norm other than 3 is refused (the plan says why).
#include <memory>

#include "core/registry.hpp"
#include "features/float_adm/float_adm_params.hpp"
#include "features/float_adm/gpu/float_adm_kernels.hpp"
#include "features/float_adm/gpu/float_adm_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_adm {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_adm";

class FloatAdmTwin final : public gpu::Twin {
 public:
  explicit FloatAdmTwin(const OptionSet& o) : cfg_(Config::from(o)), names_(make_feature_names(o)), upload_(kWho) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_twin_plan(cfg_, g);  // the CPU extractor's checks and messages
    state_ = gpu::DeviceBuffer<float>(plan_.state_floats, kWho);
    if (!plan_.rcp.empty()) {
      rcp_ = gpu::DeviceBuffer<std::uint32_t>(plan_.rcp.size(), kWho);
      upload_.upload(rcp_.get(), plan_.rcp.data(), rcp_.bytes());
    }
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(f, kWho);
    upload_.order_before(stream);
    enqueue_adm(stream, twin::plan_args(plan_, cfg_, f.layout(), f.base(), state_.get(), rcp_.get(),
                                        static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    ScaleSums sums[kScales];
    twin::sums_of(plan_, cfg_, *static_cast<const twin::Results*>(slot), sums);
    emit_scores(cfg_, sums, plan_.width, plan_.height, names_, index, sink);
  }

 private:
  Config cfg_;
  FeatureNames names_;
  twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> state_;
  gpu::DeviceBuffer<std::uint32_t> rcp_;
  gpu::InitUpload upload_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_adm", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatAdmTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_adm
