// The CAMBI twin: every stage of libvmaf's CAMBI on the device (cambi_kernels_*.cu, plan
// in cambi_plan.hpp), the five exact top-K sums and a status word in its slot of the
// frame's results block, and the host finish with the CPU reference's own helpers
// (fixed_topk_mean, weight_scores, the clip to cambi_max_val).
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's. At init, after the CPU's own plan and window guard: the
// buffers, and one upload of the constants (reciprocal table, resize tables), which the
// first frame's work waits for on the device. Every buffer but the slot is reused in
// stream order.
//
// full_ref and heatmaps stay on the CPU: asking for them here is an error that says so.
#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "core/error.hpp"
#include "core/feature_name.hpp"
#include "core/registry.hpp"
#include "features/cambi/cambi_params.hpp"
#include "features/cambi/gpu/cambi_kernels.hpp"
#include "features/cambi/gpu/cambi_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "cambi";

Settings checked_settings(const OptionSet& options) {
  Settings s = settings_from_options(options);
  if (s.full_ref)
    throw std::invalid_argument(fmt::format(
        "cambi: full_ref=true is computed on the CPU only, not with --backend {}; use --backend cpu",
        to_string(gpu::kBackend)));
  if (!s.heatmaps_path.empty())
    throw std::invalid_argument(fmt::format(
        "cambi: heatmaps_path is written on the CPU only, not with --backend {}; use --backend cpu",
        to_string(gpu::kBackend)));
  return s;
}

class CambiTwin final : public gpu::Twin {
 public:
  explicit CambiTwin(const OptionSet& options)
      : settings_(checked_settings(options)), name_(feature_name("Cambi_feature_cambi_score", options)) {}

  gpu::PlaneMask planes() const override { return gpu::plane_bit(gpu::Side::Dis, 0); }

  void init(const VideoGeometry& geometry) override {
    plan_ = make_plan(settings_, geometry);  // the CPU's checks and window guard, first
    launch_ = twin::make_launch_plan(plan_, geometry);
    buffers_ = std::make_unique<TwinBuffers>(launch_, plan_.dis, kWho);
    tables_.start([&](const gpu::StreamRef& s) { buffers_->upload_init(s); });
  }

  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void enqueue(const gpu::DeviceFrame& d, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(d, kWho);
    tables_.order_before(stream);
    twin::FramePointers f = buffers_->pointers();
    f.luma = d.plane(gpu::Side::Dis, 0);
    f.pitch = d.pitch(gpu::Side::Dis, 0);
    f.results = static_cast<twin::Results*>(slot);
    enqueue_frame(stream, launch_, f);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    const auto& r = *static_cast<const twin::Results*>(slot);
    if (r.status & twin::kStatusSampleRange) throw InputError(sample_range_message(launch_.bpc));
    const double score = twin::score_of(r, launch_, plan_.dis.window);
    sink.append(name_, index, score < settings_.max_val ? score : settings_.max_val);  // libvmaf's MIN
  }

 private:
  Settings settings_;
  std::string name_;
  Plan plan_;
  twin::LaunchPlan launch_;
  std::unique_ptr<TwinBuffers> buffers_;
  gpu::InitUpload tables_{kWho};  // the init block: constants and a zeroed frame state
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("cambi", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<CambiTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
