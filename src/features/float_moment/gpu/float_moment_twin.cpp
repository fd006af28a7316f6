// The float moment twin: each luma's sums on the device (float_moment_kernels.cu) into its
// slot of the frame's results block, and the host finish with the CPU extractor's own
// division (float_moment_params), so every value is the CPU's bits.
//
// Per frame: twin::launches_per_frame(bpc) launches; the upload, the download and the
// host wait are the frame pipeline's, shared with every other twin of the run.
#include <memory>

#include "common/float_picture.hpp"
#include "core/registry.hpp"
#include "features/float_moment/float_moment_params.hpp"
#include "features/float_moment/gpu/float_moment_kernels.hpp"
#include "features/float_moment/gpu/float_moment_plan.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/twin.hpp"

namespace fastvmaf::float_moment {
inline namespace FVMAF_GPU_NS {

namespace {

constexpr const char* kWho = "float_moment";

class FloatMomentTwin final : public gpu::Twin {
 public:
  explicit FloatMomentTwin(const OptionSet&) {}

  gpu::PlaneMask planes() const override { return twin::kPlanes; }

  void init(const VideoGeometry& g) override {
    common::require_float_depth(kWho, g.bpc);  // the CPU extractor's check
    w_ = g.width;
    h_ = g.height;
    bpc_ = g.bpc;
  }

  std::size_t results_bytes() const override { return sizeof(twin::Results); }

  void enqueue(const gpu::DeviceFrame& f, void* slot) override {
    enqueue_moments(gpu::frame_stream(f, kWho),
                    twin::plan_args(f.layout(), f.base(), static_cast<twin::Results*>(slot)));
  }

  void finish(unsigned index, const void* slot, FeatureSink& sink) override {
    const auto& r = *static_cast<const twin::Results*>(slot);
    const Moments ref = twin::moments_of(r.picture[0], bpc_, w_, h_);
    const Moments dis = twin::moments_of(r.picture[1], bpc_, w_, h_);
    // The CPU extractor's order.
    sink.append("float_moment_ref1st", index, ref.first);
    sink.append("float_moment_dis1st", index, dis.first);
    sink.append("float_moment_ref2nd", index, ref.second);
    sink.append("float_moment_dis2nd", index, dis.second);
  }

 private:
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
};

}  // namespace

FASTVMAF_REGISTER_BACKEND("float_moment", gpu::kBackend,
                          [](const OptionSet& o) { return std::make_unique<FloatMomentTwin>(o); });

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::float_moment
