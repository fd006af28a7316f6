// libvmaf's float SSIM extractor ("float_ssim", float_ssim.c and ssim.c) on the CPU:
// the luma converted to float, decimated by the automatic or given factor, and the
// means of the SSIM map; float_ssim (in dB with enable_db, clipped with clip_db) and,
// with enable_lcs, float_ssim_l/_c/_s. Non-temporal: every instance owns its buffers.
#pragma once

#include <vector>

#include "core/extractor.hpp"
#include "features/ssim/ssim_map.hpp"

namespace fastvmaf::ssim {

class FloatSsimExtractor final : public FeatureExtractor {
 public:
  explicit FloatSsimExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

  // The decimation factor init() chose (1: none).
  int factor() const { return factor_; }

 private:
  bool enable_lcs_, enable_db_, clip_db_;
  int scale_override_;
  int factor_ = 1;
  double max_db_ = 0;
  unsigned bpc_ = 8;
  std::vector<float> ref_, dis_;              // the luma in float, without decimation
  std::vector<float> ref_small_, dis_small_;  // the decimated luma (factor > 1)
  SsimMap map_;
  double score_ = 0, l_ = 0, c_ = 0, s_ = 0;  // this frame's, between submit and collect
};

}  // namespace fastvmaf::ssim
