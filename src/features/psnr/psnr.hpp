// Integer PSNR (libvmaf's integer_psnr.c): psnr_y/cb/cr, optional mse_*, and the
// whole-run apsnr_* aggregates. Temporal in libvmaf (it accumulates APSNR), so one
// instance sees every frame in order.
#pragma once

#include <cstdint>
#include <string>

#include "core/collector.hpp"
#include "core/extractor.hpp"

namespace fastvmaf::psnr {

const std::vector<OptionSpec>& option_specs();

class PsnrExtractor final : public FeatureExtractor {
 public:
  explicit PsnrExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;

 private:
  bool enable_chroma_, enable_mse_, enable_apsnr_, reduced_hbd_peak_;
  double min_sse_;
  unsigned bpc_ = 8;
  std::uint32_t peak_ = 255;
  double psnr_max_[3] = {0, 0, 0};
  std::uint64_t apsnr_sse_[3] = {0, 0, 0};
  std::uint64_t apsnr_pixels_[3] = {0, 0, 0};
  // This frame's results, between submit and collect.
  unsigned planes_ = 0;
  double psnr_[3] = {0, 0, 0};
  double mse_[3] = {0, 0, 0};
};

// Sum of squared differences of one plane, as libvmaf accumulates it (8-bit: per-row
// uint32 then uint64; high bit depth: uint64 of uint32 squares).
std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc);

}  // namespace fastvmaf::psnr
