// Float moments (libvmaf's float_moment.c): float_moment_ref1st, _dis1st, _ref2nd and
// _dis2nd, the mean and mean square of each luma on picture_copy's 8-bit scale.
// Non-temporal.
#pragma once

#include "core/extractor.hpp"
#include "features/float_moment/float_moment_params.hpp"

namespace fastvmaf::float_moment {

class FloatMomentExtractor final : public FeatureExtractor {
 public:
  explicit FloatMomentExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  Moments ref_, dis_;
};

}  // namespace fastvmaf::float_moment
