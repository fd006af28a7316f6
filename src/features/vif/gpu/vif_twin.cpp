// The VIF twin: libvmaf's integer VIF on the device (vif_kernels.cu, decomposition in
// vif_work.hpp), the four integer sums of every scale in its slot of the results block,
// and the host finish with the CPU extractor's own finish_scale() and emit_scores(), so
// vif_scale0..3, integer_vif and the num / den debug outputs are the CPU's bits.
//
// Per frame: twin::kLaunchesPerFrame launches; the upload, the download and the host wait
// are the frame pipeline's. At init, after the CPU's checks: the planes of scales 1..3
// (scratch, reused in stream order) and one upload of the log2 table, which the first
// frame's work waits for on the device.
#include <memory>

#include "core/hd/f64.hpp"
#include "core/registry.hpp"
#include "features/vif/gpu/vif_kernels.hpp"
#include "features/vif/vif_params.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::vif {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "vif";
// The table and the spare entry after it (log2_table()).
constexpr std::size_t kLog2Entries = kLog2Base + 1;

class VifTwin final : public gpu::Twin {
 public:
  explicit VifTwin(const OptionSet& o)
      : debug_(o.get_bool("debug")),
        skip_scale0_(o.get_bool("vif_skip_scale0")),
        gain_limit_(o.get_double("vif_enhn_gain_limit")),
        names_(make_feature_names(o)) {}

  gpu::PlaneMask planes() const override { return gpu::kLuma; }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    check_geometry(g);  // the CPU extractor's checks and messages
    w_ = g.width;
    h_ = g.height;
    bpc_ = g.bpc;
    scaled_ = gpu::DeviceBuffer<std::uint16_t>(2 * twin::scaled_samples(w_, h_), kWho);
    log2_ = gpu::DeviceBuffer<std::uint16_t>(kLog2Entries, kWho);
    tables_.upload(log2_.get(), log2_table(), log2_.bytes());
  }

  void enqueue(const gpu::DeviceFrame& d, void* slot) override {
    const gpu::StreamRef stream = gpu::frame_stream(d, kWho);
    tables_.order_before(stream);
    twin::FrameArgs f;
    f.ref = d.plane(gpu::Side::Ref, 0);
    f.dis = d.plane(gpu::Side::Dis, 0);
    f.ref_pitch = d.pitch(gpu::Side::Ref, 0);
    f.dis_pitch = d.pitch(gpu::Side::Dis, 0);
    f.w = w_;
    f.h = h_;
    f.bpc = bpc_;
    f.skip_scale0 = skip_scale0_;
    f.gain_limit = hd::host_to_f64(gain_limit_);
    f.log2 = log2_.get();
    twin::carve_scaled(f, scaled_.get());
    f.results = static_cast<twin::Results*>(slot);
    enqueue_frame(stream, f);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    twin::emit_results(*static_cast<const twin::Results*>(slot), skip_scale0_, debug_, names_, index, sink);
  }

 private:
  bool debug_;
  bool skip_scale0_;
  double gain_limit_;
  FeatureNames names_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  gpu::DeviceBuffer<std::uint16_t> scaled_, log2_;
  gpu::InitUpload tables_{kWho};
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("vif", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<VifTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::vif
