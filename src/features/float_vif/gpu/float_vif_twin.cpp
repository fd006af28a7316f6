// The float VIF twin: libvmaf's float VIF on the device (float_vif_kernels.cu): scale 0
// (prescaled when asked), the decimations, each scale's filters and statistic, and the
// float sums in the CPU's order into its slot of the frame's results block; the host
// finish is the CPU extractor's own emit_scores, so every value is the CPU's bits.
//
// Per frame: twin::launches_per_frame launches; the upload, the download and the host wait
// are the frame pipeline's, shared with every other twin of the run. The taps and the
// prescale's tables are uploaded once at init (gpu::InitUpload); the scratch is reused in
// stream order.
#include <memory>

#include "core/registry.hpp"
#include "features/float_vif/float_vif_params.hpp"
#include "features/float_vif/gpu/float_vif_kernels.hpp"
#include "features/float_vif/gpu/float_vif_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_vif {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_vif";

class FloatVifTwin final : public gpu::Twin {
 public:
  explicit FloatVifTwin(const OptionSet& o) : cfg_(Config::from(o)), names_(make_feature_names(o)), upload_(kWho) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_twin_plan(cfg_, g);  // the CPU extractor's checks and messages
    state_ = gpu::DeviceBuffer<float>(plan_.state_floats, kWho);
    tables_ = gpu::DeviceBuffer<std::uint32_t>(plan_.tables.size(), kWho);
    upload_.upload(tables_.get(), plan_.tables.data(), tables_.bytes());
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(f, kWho);
    upload_.order_before(stream);
    enqueue_vif(stream, twin::plan_args(plan_, cfg_, f.layout(), f.base(), state_.get(), tables_.get(),
                                        static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    ScaleSums sums[kScales];
    twin::sums_of(*static_cast<const twin::Results*>(slot), sums);
    emit_scores(cfg_, sums, names_, index, sink);
  }

 private:
  Config cfg_;
  FeatureNames names_;
  twin::TwinPlan plan_;
  gpu::DeviceBuffer<float> state_;
  gpu::DeviceBuffer<std::uint32_t> tables_;
  gpu::InitUpload upload_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_vif", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatVifTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_vif
