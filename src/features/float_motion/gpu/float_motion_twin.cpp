// The float motion twin: libvmaf's float motion on the device (float_motion_kernels.cu):
// the blur (and halving) of each frame into a ring of the last three frames' on the device,
// each frame's sums of |prev - cur| in its slot of the results block, and the host finish
// with the CPU extractor's own helpers (score_of: mean_of, channel_score) and its Series,
// which writes motion, motion2 and motion3 and carries a segment's last frame, so every
// value is the CPU's bits.
//
// The CPU recomputes frame i - 1's score against i - 2 at frame i (libvmaf's motion2); the
// twin takes it from frame i - 1's finish (twin::finish_frame): |a - b| and |b - a| are the
// same float (a difference and its negation round alike), so both scores are the same
// bits. Frames finish in frame order; the first frame after restart() is frame 0 or a
// segment's warm-up, whose motion2 the CPU also computes from stale blurs and the segment
// drops.
//
// Per frame: twin::launches_of launches (none with motion_force_zero); the upload, the
// download and the host wait are the frame pipeline's. With motion_add_scale1 the bilinear
// tables are uploaded once at init (gpu::InitUpload).
#include <memory>
#include <vector>

#include "core/registry.hpp"
#include "features/float_motion/float_motion_params.hpp"
#include "features/float_motion/gpu/float_motion_kernels.hpp"
#include "features/float_motion/gpu/float_motion_plan.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/init_upload.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_motion {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_motion";

class FloatMotionTwin final : public gpu::Twin {
 public:
  explicit FloatMotionTwin(const OptionSet& o) : p_(Params::from(o)), names_(make_feature_names(o)), upload_(kWho) {}

  gpu::PlaneMask planes() const override { return twin::planes_of(p_); }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    plan_ = twin::make_plan(g, p_);  // the CPU extractor's checks and messages
    if (p_.force_zero) return;
    state_ = gpu::DeviceBuffer<float>(plan_.state_floats, kWho);
    if (!plan_.tables.empty()) {
      tables_ = gpu::DeviceBuffer<std::uint32_t>(plan_.tables.size(), kWho);
      upload_.upload(tables_.get(), plan_.tables.data(), tables_.bytes());
    }
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    if (p_.force_zero) return;
    const gpu::StreamRef stream = gpu::frame_stream(f, kWho);
    upload_.order_before(stream);
    const unsigned i = f.index();
    enqueue_motion(stream,
                   twin::plan_args(plan_, f.layout(), f.base(), state_.get(), tables_.get(), i,
                                   static_cast<twin::Results*>(slot)),
                   i);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    pending_.clear();
    twin::finish_frame(plan_, p_, names_, series_, index, *static_cast<const twin::Results*>(slot), pending_);
    for (const Series::Entry& e : pending_) sink.append(*e.name, e.index, e.value);
  }

  void flush(FeatureCollector& collector) override { series_.flush(collector, p_, names_); }
  void restart() override { series_.restart(); }
  std::vector<std::uint64_t> carry() const override { return series_.carry(); }
  void absorb(const std::vector<std::uint64_t>& later) override { series_.absorb(later); }

 private:
  Params p_;
  FeatureNames names_;
  twin::Plan plan_;
  Series series_;
  std::vector<Series::Entry> pending_;
  gpu::DeviceBuffer<float> state_;
  gpu::DeviceBuffer<std::uint32_t> tables_;
  gpu::InitUpload upload_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_motion", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatMotionTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_motion
