#include "features/motion/motion.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "core/registry.hpp"

namespace fastvmaf::motion {

namespace {
struct Baseline {};
}  // namespace

SadFn sad_fn_scalar() { return &SadKernel<Baseline>::sad; }

MotionExtractor::MotionExtractor(const OptionSet& o, bool force_scalar)
    : p_(Params::from(o)), names_(make_feature_names(o)) {
  SadFn avx2 = force_scalar ? nullptr : sad_fn_avx2();
  sad_fn_ = avx2 ? avx2 : sad_fn_scalar();
}

void MotionExtractor::init(const VideoGeometry& g) {
  check_geometry(g);
  w_ = g.width;
  h_ = g.height;
  bpc_ = g.bpc;
  y_row_.assign(w_, 0);
}

void MotionExtractor::submit(const FrameInput& f) {
  score_ = 0.;
  if (p_.force_zero || f.index < p_.min_index()) return;
  const Picture* prev = p_.five_frame_window ? f.prev_prev_ref : f.prev_ref;
  if (!prev)
    throw std::logic_error(fmt::format("motion: frame {} arrived without the reference of frame {}", f.index,
                                       f.index - p_.min_index()));
  const std::uint64_t sad = sad_fn_(prev->plane(0), f.ref->plane(0), bpc_, y_row_.data());
  score_ = sad_score(sad, w_, h_, p_);
}

void MotionExtractor::collect(unsigned index, FeatureSink& sink) {
  sink.append(names_.sad, index, score_);
  if (p_.debug) sink.append(names_.motion, index, score_);
}

void MotionExtractor::flush(FeatureCollector& collector) { derive_motion2_3(collector, names_, p_); }

FASTVMAF_REGISTER_BACKEND("motion", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<MotionExtractor>(o); });

}  // namespace fastvmaf::motion
