// The ADM twin: libvmaf's integer ADM with the AIM pass on the device (adm_kernels.cu;
// plan in adm_plan.hpp, work-items in adm_work.hpp), the integer totals of every scale
// (the CPU's ScaleSums) in its slot of the results block, and the host finish with the
// CPU's own finish_frame and append_scores: adm2, aim, adm3, the four scales and, with
// debug, the numerators and denominators.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host
// wait are the frame pipeline's. At init, after the CPU extractor's checks: the buffers
// (approximation bands, two sets of mask planes, the leftover row of small frames) and
// one upload of the decouple's reciprocal table, which the first frame's work waits for
// on the device. Every buffer but the slot is reused in stream order.
#include <memory>

#include "core/registry.hpp"
#include "features/adm/adm.hpp"
#include "features/adm/adm_outputs.hpp"
#include "features/adm/adm_params.hpp"
#include "features/adm/gpu/adm_kernels.hpp"
#include "features/adm/gpu/adm_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::adm {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "adm";

class AdmTwin final : public gpu::Twin {
 public:
  explicit AdmTwin(const OptionSet& o)
      : cfg_(config_from_options(o)), debug_(o.get_bool("debug")), names_(output_names(o)) {}

  gpu::PlaneMask planes() const override { return gpu::kLuma; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    check_frame_size(g.width, g.height);  // the CPU extractor's check and message
    plan_ = twin::make_plan(cfg_, g.width, g.height, g.bpc);
    for (int k = 0; k < 2; ++k) {
      for (int pic = 0; pic < 2; ++pic) {
        a_[k][pic] = gpu::DeviceBuffer<std::int32_t>(plan_.a_elems[k], kWho);
        buffers_.a[k][pic] = a_[k][pic].get();
      }
      mask_[k] = gpu::DeviceBuffer<std::int32_t>(twin::kMaskPlanes * plan_.mask_elems[k], kWho);
      buffers_.mask[k] = mask_[k].get();
    }
    if (plan_.leftover_elems) {
      leftover_ = gpu::DeviceBuffer<std::int16_t>(plan_.leftover_elems, kWho);
      buffers_.leftover = leftover_.get();
    }
    div_ = gpu::DeviceBuffer<std::int32_t>(kDivLookupSize, kWho);
    buffers_.div_lookup = div_.get();
    tables_.upload(div_.get(), div_lookup(), div_.bytes());
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(f, kWho);
    tables_.order_before(stream);
    twin::FrameInput in;
    in.luma[0] = f.plane(gpu::Side::Ref, 0);
    in.luma[1] = f.plane(gpu::Side::Dis, 0);
    in.pitch[0] = f.pitch(gpu::Side::Ref, 0);
    in.pitch[1] = f.pitch(gpu::Side::Dis, 0);
    in.results = static_cast<twin::Results*>(slot);
    for (int stage = 0; stage < twin::kStages; ++stage)
      enqueue_stage(stream, twin::stage_args(plan_, buffers_, in, stage), stage);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    ScaleSums sums[kScales];
    twin::scale_sums(*static_cast<const twin::Results*>(slot), sums);
    append_scores(names_, debug_, finish_frame(cfg_, plan_.p, sums, plan_.width, plan_.height), index, sink);
  }

 private:
  AdmConfig cfg_;
  bool debug_;
  OutputNames names_;
  twin::Plan plan_;
  twin::Buffers buffers_;
  gpu::DeviceBuffer<std::int32_t> a_[2][2], mask_[2], div_;
  gpu::DeviceBuffer<std::int16_t> leftover_;
  gpu::InitUpload tables_{kWho};
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("adm", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<AdmTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::adm
