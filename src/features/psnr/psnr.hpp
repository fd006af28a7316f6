// Integer PSNR (libvmaf's integer_psnr.c): psnr_y/cb/cr, optional mse_*, and the
// whole-run apsnr_* aggregates. Temporal in libvmaf (it accumulates APSNR), so one
// instance sees every frame in order.
#pragma once

#include <cstdint>
#include <string>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "features/psnr/psnr_dsp.hpp"
#include "features/psnr/psnr_options.hpp"
#include "features/psnr/psnr_params.hpp"

namespace fastvmaf::psnr {

class PsnrExtractor final : public FeatureExtractor {
 public:
  explicit PsnrExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;
  void restart() override { scorer_.restart(); }
  std::vector<std::uint64_t> carry() const override { return scorer_.carry(); }
  void absorb(const std::vector<std::uint64_t>& later) override { scorer_.absorb(later); }

 private:
  PsnrScorer scorer_;
  Dsp dsp_;
  unsigned bpc_ = 8;
};

// Sum of squared differences of one plane, as libvmaf accumulates it (8-bit: per-row
// uint32 then uint64; high bit depth: uint64 of uint32 squares), with the table's rows
// (or those of cpu::active()).
std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc, const Dsp& dsp);
std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc);

}  // namespace fastvmaf::psnr
