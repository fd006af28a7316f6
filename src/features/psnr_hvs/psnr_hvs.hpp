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

// Blocks along a side of `size` samples: one starts every kStep while it is below
// size - 7 (none on a side of 7 samples or fewer).
inline int block_count(int size) { return size > 7 ? (size - 7 + kStep - 1) / kStep : 0; }

// One plane's float sum of every block's terms through the block terms of `dsp`, in
// libvmaf's order (block after block, coefficient after coefficient); `coefficients`: the
// number of terms.
float plane_sum(const Plane& ref, const Plane& dis, unsigned bpc, int plane, const Dsp& dsp, int& coefficients);

// One plane's score before the dB conversion from its float sum of every block's terms
// (block after block, coefficient after coefficient) and the number of terms: the mean,
// divided by the peak squared, in float as libvmaf returns it. A plane with no whole
// block gives 0/0 (NaN), as in libvmaf. The GPU twin finishes with it too.
double plane_value(float sum, int coefficients, unsigned bpc);

// One plane's score before the dB conversion (plane_value of the plane's sum).
double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane);

// The same through the block terms of `dsp` (psnr_hvs_dsp.hpp); the overload above
// uses make_dsp(cpu::active()).
double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane, const Dsp& dsp);

// Throws std::invalid_argument above kMaxBpc bits, as libvmaf refuses them.
void check_depth(unsigned bpc);

// A frame's four values from its planes' scores: psnr_hvs_y, _cb, _cr and psnr_hvs, in dB.
void emit_scores(const double score[3], unsigned index, FeatureSink& sink);

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
