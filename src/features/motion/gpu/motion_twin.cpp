// The motion twin: libvmaf's integer motion on the device (motion_kernels.cu), the SAD of
// each frame in its slot of the results block, and the host finish with the CPU
// extractor's own sad_score(); motion2 and motion3 come at flush from the collected SAD
// values, with the CPU's derive_motion2_3. The references a frame compares with stay on
// the device (a ring of luma planes, motion_work.hpp), so the twin reads only this
// frame's reference luma from the shared device frame.
//
// Per frame: twin::kLaunchesPerFrame launch (none with motion_force_zero); the upload, the
// download and the host wait are the frame pipeline's.
#include <fmt/format.h>

#include <memory>
#include <stdexcept>

#include "core/registry.hpp"
#include "features/motion/gpu/motion_kernels.hpp"
#include "features/motion/motion_params.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::motion {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "motion";

class MotionTwin final : public gpu::Twin {
 public:
  explicit MotionTwin(const OptionSet& o) : p_(Params::from(o)), names_(make_feature_names(o)) {}

  gpu::PlaneMask planes() const override { return p_.force_zero ? 0 : gpu::plane_bit(gpu::Side::Ref, 0); }
  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void init(const VideoGeometry& g) override {
    check_geometry(g);  // the CPU extractor's checks and messages
    w_ = g.width;
    h_ = g.height;
    bpc_ = g.bpc;
    if (p_.force_zero) return;
    ring_pitch_ = Picture::padded_stride(w_, bpc_);
    ring_ = gpu::DeviceBuffer<std::uint8_t>(twin::kRing * ring_pitch_ * h_, kWho);
  }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    if (p_.force_zero) return;
    const unsigned i = f.index();
    twin::FrameArgs a;
    a.cur = f.plane(gpu::Side::Ref, 0);
    a.cur_pitch = f.pitch(gpu::Side::Ref, 0);
    a.keep = ring_plane(i);
    a.prev = i >= p_.min_index() ? ring_plane(i - p_.min_index()) : nullptr;
    a.ring_pitch = ring_pitch_;
    a.w = w_;
    a.h = h_;
    a.bpc = bpc_;
    a.results = static_cast<twin::Results*>(slot);
    enqueue_sad(gpu::frame_stream(f, kWho), a);
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    double score = 0.;
    if (!p_.force_zero && index >= p_.min_index())
      score = sad_score(static_cast<const twin::Results*>(slot)->sad, w_, h_, p_);
    sink.append(names_.sad, index, score);
    if (p_.debug) sink.append(names_.motion, index, score);
  }

  void flush(FeatureCollector& collector) override { derive_motion2_3(collector, names_, p_); }

 private:
  std::uint8_t* ring_plane(unsigned frame) const {
    return ring_.get() + static_cast<std::size_t>(frame % twin::kRing) * ring_pitch_ * h_;
  }

  Params p_;
  FeatureNames names_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  std::size_t ring_pitch_ = 0;
  gpu::DeviceBuffer<std::uint8_t> ring_;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("motion", gpu::kBackend, [](const OptionSet& o) { return std::make_unique<MotionTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::motion
