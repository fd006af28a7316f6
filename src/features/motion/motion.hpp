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
#include "features/motion/motion_params.hpp"
#include "features/motion/motion_rows.hpp"

namespace fastvmaf::motion {

class MotionExtractor final : public FeatureExtractor {
 public:
  // `force_scalar` picks the baseline kernel even where AVX2 exists (tests).
  explicit MotionExtractor(const OptionSet& options, bool force_scalar = false);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;

 private:
  Params p_;
  FeatureNames names_;
  SadFn sad_fn_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  std::vector<std::int32_t> y_row_;
  double score_ = 0.;  // this frame's, between submit and collect
};

}  // namespace fastvmaf::motion
