// Float ANSNR (libvmaf's float_ansnr.c): float_ansnr, the SNR of the smoothed luma, and
// float_anpsnr, its PSNR form, on picture_copy's 8-bit scale (offset -128).
// Non-temporal.
#pragma once

#include "common/float_picture.hpp"
#include "core/extractor.hpp"
#include "features/float_ansnr/float_ansnr_params.hpp"

namespace fastvmaf::float_ansnr {

class FloatAnsnrExtractor final : public FeatureExtractor {
 public:
  explicit FloatAnsnrExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  unsigned w_ = 0, h_ = 0, bpc_ = 8;
  common::FloatPeak peak_;
  common::FloatImage ref_, dis_;
  Scores scores_;
};

}  // namespace fastvmaf::float_ansnr
