// libvmaf's PSNR-HVS extractor ("psnr_hvs") on the CPU: per plane, overlapping 8x8
// blocks every 7 samples, DCT errors weighted by the contrast sensitivity and masked
// by the block's activity; psnr_hvs_y, _cb, _cr in dB and psnr_hvs from 0.8 Y +
// 0.1 (Cb + Cr). Refuses more than 12 bits, as libvmaf does. Non-temporal.
#pragma once

#include <cstdint>

#include "core/extractor.hpp"
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"

namespace fastvmaf::psnr_hvs {

// One plane's score before the dB conversion: the mean masked squared error over
// every coefficient of every block, divided by the peak squared (float, as libvmaf
// returns it). A plane with no whole block gives 0/0 (NaN), as in libvmaf.
double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane);

// The same through the block terms of `dsp` (psnr_hvs_dsp.hpp); the overload above
// uses make_dsp(cpu::active()).
double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane, const Dsp& dsp);

class PsnrHvsExtractor final : public FeatureExtractor {
 public:
  explicit PsnrHvsExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  Dsp dsp_;
  unsigned bpc_ = 8;
  double score_[3] = {0, 0, 0};
};

}  // namespace fastvmaf::psnr_hvs
