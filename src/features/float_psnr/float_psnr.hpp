// Float PSNR (libvmaf's float_psnr.c): "float_psnr" of the luma on picture_copy's
// 8-bit scale. Non-temporal: the engine may run instances on several frames at once.
#pragma once

#include "common/float_picture.hpp"
#include "core/extractor.hpp"

namespace fastvmaf::float_psnr {

class FloatPsnrExtractor final : public FeatureExtractor {
 public:
  explicit FloatPsnrExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  common::FloatPeak peak_;
  double score_ = 0;
};

}  // namespace fastvmaf::float_psnr
