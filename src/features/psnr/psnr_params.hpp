// The host arithmetic of integer PSNR (libvmaf's integer_psnr.c) that the CPU extractor
// and its GPU twins share: one implementation of the peak, the per-plane PSNR maxima, a
// frame's psnr_* / mse_* values from each plane's sum of squared errors, and the
// whole-run apsnr_* aggregates. Only how the sums are computed differs between backends.
#pragma once

#include <cstdint>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"

namespace fastvmaf::psnr {

class PsnrScorer {
 public:
  explicit PsnrScorer(const OptionSet& options);
  void init(const VideoGeometry& geometry);

  // 3 with enable_chroma, else 1 (luma only).
  unsigned planes() const { return enable_chroma_ ? 3u : 1u; }
  // Scores a frame from each plane's sum of squared errors and size. Frames come in
  // order: this also accumulates the APSNR sums.
  void score(const std::uint64_t sse[], const unsigned width[], const unsigned height[]);
  // Appends the values of the frame scored last.
  void emit(unsigned index, FeatureSink& sink) const;
  // The apsnr_* aggregates, when enabled.
  void flush(FeatureCollector& collector) const;
  // Segments (core/extractor.hpp): the apsnr sums of the frames scored since init() or
  // restart() (none without apsnr); absorb() adds a later segment's. Integer sums, so
  // any split adds up to one run's.
  void restart();
  std::vector<std::uint64_t> carry() const;
  void absorb(const std::vector<std::uint64_t>& later);

 private:
  bool enable_chroma_, enable_mse_, enable_apsnr_, reduced_hbd_peak_;
  double min_sse_;
  unsigned bpc_ = 8;
  std::uint32_t peak_ = 255;
  double psnr_max_[3] = {0, 0, 0};
  std::uint64_t apsnr_sse_[3] = {0, 0, 0};
  std::uint64_t apsnr_pixels_[3] = {0, 0, 0};
  double psnr_[3] = {0, 0, 0};
  double mse_[3] = {0, 0, 0};
};

}  // namespace fastvmaf::psnr
