// libvmaf's float SSIM extractor ("float_ssim", float_ssim.c and ssim.c) on the CPU:
// the luma converted to float, decimated by the automatic or given factor, and the
// means of the SSIM map; float_ssim (in dB with enable_db, clipped with clip_db) and,
// with enable_lcs, float_ssim_l/_c/_s. Non-temporal: every instance owns its buffers.
#pragma once

#include <vector>

#include "core/extractor.hpp"
#include "features/ssim/ssim_map.hpp"

namespace fastvmaf::ssim {

// One frame's float_ssim values: the score (in dB with enable_db, clipped at max_db) and
// the l, c, s means; the CPU extractor and its twin's finish both make and write them.
struct SsimValues {
  double score = 0, l = 0, c = 0, s = 0;
};
SsimValues ssim_values(const SsimMeans& means, bool enable_db, double max_db);
// float_ssim, and with enable_lcs float_ssim_l, _c and _s.
void emit_ssim(const SsimValues& values, bool enable_lcs, unsigned index, FeatureSink& sink);

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
  SsimValues values_;  // this frame's, between submit and collect
};

}  // namespace fastvmaf::ssim
