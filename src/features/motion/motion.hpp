// Integer motion (libvmaf's integer_motion.c). Like libvmaf it is a PREV_REF
// extractor: each frame's extract sees the reference pictures of the one or two
// frames before it and emits motion_sad (and motion with debug=true); flush()
// derives motion2 and motion3 for every frame from the collected motion_sad.
// It keeps no state across frames, so the engine may run instances in parallel.
#pragma once

#include <cstdint>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "features/motion/motion_dsp.hpp"
#include "features/motion/motion_params.hpp"

namespace fastvmaf::motion {

class MotionExtractor final : public FeatureExtractor {
 public:
  explicit MotionExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;

 private:
  Params p_;
  FeatureNames names_;
  Dsp dsp_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  double score_ = 0.;  // this frame's, between submit and collect
};

}  // namespace fastvmaf::motion
