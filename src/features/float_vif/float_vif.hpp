// Float VIF (libvmaf's float_vif.c): vif_scale0..3, and with debug=true the combined
// score and every scale's num / den, on picture_copy's floats (offset -128),
// optionally prescaled. Non-temporal: each instance owns its scale images.
//
// libvmaf filters each scale into five full images (the two means, the two second
// moments, the cross moment) and then takes the statistic; here each row of the five
// is filtered and consumed at once, and a decimation filters only the rows and columns
// it keeps. Every value is the same float sum as libvmaf's.
#pragma once

#include <vector>

#include "common/float_filter.hpp"
#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "features/float_vif/float_vif_dsp.hpp"
#include "features/float_vif/float_vif_params.hpp"

namespace fastvmaf::float_vif {

class FloatVifExtractor final : public FeatureExtractor {
 public:
  // The row functions are the tables' for cpu::active() at this point (core/cpu.hpp).
  explicit FloatVifExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  // This frame's per-scale sums, between submit and collect.
  const ScaleSums (&sums() const)[kScales] { return sums_; }

 private:
  // Scale s's image from scale s - 1's: filter, then keep every other row and column.
  void decimate(int s, const common::FloatImage& src, common::FloatImage& dst);
  ScaleSums scale_sums(int s, const common::FloatImage& ref, const common::FloatImage& dis);

  Config cfg_;
  StatParams stat_;
  common::FloatFilterDsp filter_;
  Dsp dsp_;
  FeatureNames names_;
  Plan plan_;
  unsigned bpc_ = 8;
  common::FloatImage ref_in_, dis_in_;  // as read, when prescaling
  common::FloatImage ref_[kScales], dis_[kScales];
  std::vector<float> v_[5], h_[5];      // one vertical and one horizontal row per quantity
  std::vector<float> num_, den_;        // one row of the statistic
  std::vector<const float*> rows_a_, rows_b_;
  ScaleSums sums_[kScales];
};

}  // namespace fastvmaf::float_vif
