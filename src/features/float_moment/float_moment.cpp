#include "features/float_moment/float_moment.hpp"

#include "common/float_picture.hpp"
#include "core/registry.hpp"

namespace fastvmaf::float_moment {

FloatMomentExtractor::FloatMomentExtractor(const OptionSet&) {}

void FloatMomentExtractor::init(const VideoGeometry& g) {
  common::require_float_depth("float_moment", g.bpc);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
}

void FloatMomentExtractor::submit(const FrameInput& f) {
  ref_ = moments(f.ref->plane(0), bpc_, w_, h_);
  dis_ = moments(f.dis->plane(0), bpc_, w_, h_);
}

void FloatMomentExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append("float_moment_ref1st", index, ref_.first);
  sink.append("float_moment_dis1st", index, dis_.first);
  sink.append("float_moment_ref2nd", index, ref_.second);
  sink.append("float_moment_dis2nd", index, dis_.second);
}

FASTVMAF_REGISTER_BACKEND("float_moment", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<FloatMomentExtractor>(o); });

}  // namespace fastvmaf::float_moment
