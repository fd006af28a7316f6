// libvmaf's PSNR-HVS extractor ("psnr_hvs") on the CPU: per plane, overlapping 8x8
// blocks every 7 samples, DCT errors weighted by the contrast sensitivity and masked
// by the block's activity; psnr_hvs_y, _cb, _cr in dB and psnr_hvs from 0.8 Y +
// 0.1 (Cb + Cr). Refuses more than 12 bits, as libvmaf does. Non-temporal.
#pragma once

#include <cstdint>

#include "core/extractor.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"

namespace fastvmaf::psnr_hvs {

// One plane's score before the dB conversion: the mean masked squared error over
// every coefficient of every block, divided by the peak squared (float, as libvmaf
// returns it). A plane with no whole block gives 0/0 (NaN), as in libvmaf.
double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane);

// The terms of 8 consecutive blocks of a block row at once, lane by lane: s[k * 8 + b]
// is sample k = 8 i + j of block b, and terms[k * 8 + b] gets block b's term k, the
// value block_terms gives. The C entry loops over the blocks; the AVX2 one (nullptr
// without AVX2) computes the 8 blocks in 8 lanes with the same operations.
using Terms8Fn = void (*)(const std::int32_t* s, const std::int32_t* d, const PlaneTables& t, float* terms);
Terms8Fn terms8_scalar();
Terms8Fn terms8_avx2();

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane, Terms8Fn terms8);

class PsnrHvsExtractor final : public FeatureExtractor {
 public:
  explicit PsnrHvsExtractor(const OptionSet& options, bool force_scalar = false);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  Terms8Fn terms8_;
  unsigned bpc_ = 8;
  double score_[3] = {0, 0, 0};
};

}  // namespace fastvmaf::psnr_hvs
