// Integer VIF (libvmaf's integer_vif.c): vif_scale0..3, and with debug=true the
// combined score and every scale's num / den. Non-temporal: the engine may run
// several instances on different frames at once; each owns its buffers.
#pragma once

#include "core/extractor.hpp"
#include "features/vif/vif_params.hpp"
#include "features/vif/vif_rows.hpp"

namespace fastvmaf::vif {

class VifExtractor final : public FeatureExtractor {
 public:
  // `force_scalar` picks the baseline kernels even where AVX2 exists (tests).
  explicit VifExtractor(const OptionSet& options, bool force_scalar = false);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  // This frame's per-scale results, between submit and collect.
  const ScaleScore (&scores() const)[kScales] { return scores_; }

 private:
  bool debug_;
  bool skip_scale0_;
  double gain_limit_;
  FeatureNames names_;
  FrameFn frame_fn_;
  unsigned bpc_ = 8;
  Workspace ws_;
  ScaleScore scores_[kScales];
};

}  // namespace fastvmaf::vif
