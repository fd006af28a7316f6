// Integer VIF (libvmaf's integer_vif.c): vif_scale0..3, and with debug=true the
// combined score and every scale's num / den. Non-temporal: the engine may run
// several instances on different frames at once; each owns its decimated planes, and
// the bands of a frame (core/parallel.hpp) use per-thread rows. On an encoding ladder
// (FrameInput::reference_memo) the reference's part of the statistic is computed by one
// run for every encode (vif_dsp.hpp, Part).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/extractor.hpp"
#include "core/reference_memo.hpp"
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
  // The reference's part of every scale of one frame (Part::Ref), computed once for all
  // the encodes of a ladder (docs/adr/0014-encoding-ladder.md): sigma1_sq and mu1 of each
  // scale, the sums that read sigma1_sq alone, and the reference decimated to scales 1..3.
  struct RefStage {
    std::unique_ptr<std::int32_t[]> s1[kScales];
    std::unique_ptr<std::uint32_t[]> mu1[kScales];
    std::unique_ptr<std::uint16_t[]> plane[kScales];
    VifAccum den[kScales];  // the sums of the reference's part (den_log, den_non_log)
  };
  template <class T>
  VifAccum scale(const FrameInput& f, int s, View<T> ref, View<T> dis, Part part, StageIo<RefStage> stage);
  template <class Each>
  void each_scale(const FrameInput& f, const RefStage* stage, Each&& each);
  std::shared_ptr<const RefStage> reference_stage(const FrameInput& f);

  bool debug_;
  bool skip_scale0_;
  double gain_limit_;
  FeatureNames names_;
  Dsp dsp_;
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  std::vector<std::uint16_t> scaled_[kScales][2];  // decimated ref / dis of scales 1..3
  std::string stage_key_;                          // the reference stage's key in the memo
  VifAccum sums_[kScales];
  ScaleScore scores_[kScales];
};

}  // namespace fastvmaf::vif
