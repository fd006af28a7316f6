// Integer VIF (libvmaf's integer_vif.c): vif_scale0..3, and with debug=true the
// combined score and every scale's num / den. Non-temporal: the engine may run
// several instances on different frames at once; each owns its decimated planes, and
// the bands of a frame (core/parallel.hpp) use per-thread rows.
#pragma once

#include <cstdint>
#include <vector>

#include "core/extractor.hpp"
#include "features/vif/vif_dsp.hpp"
#include "features/vif/vif_params.hpp"

namespace fastvmaf::vif {

class VifExtractor final : public FeatureExtractor {
 public:
  explicit VifExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  // This frame's per-scale results and the integer sums they come from (zero for scale 0
  // with vif_skip_scale0), between submit and collect.
  const ScaleScore (&scores() const)[kScales] { return scores_; }
  const VifAccum (&sums() const)[kScales] { return sums_; }

 private:
  bool debug_;
  bool skip_scale0_;
  double gain_limit_;
  FeatureNames names_;
  Dsp dsp_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  std::vector<std::uint16_t> scaled_[kScales][2];  // decimated ref / dis of scales 1..3
  VifAccum sums_[kScales];
  ScaleScore scores_[kScales];
};

}  // namespace fastvmaf::vif
