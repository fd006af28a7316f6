// CAMBI, the contrast-aware multiscale banding index (libvmaf cambi.c), CPU reference.
//
// Per picture: preprocess (10-bit conversion, resize to the encode or source resolution,
// anti-dithering below 10 bits), the 7x7 spatial mask, then five scales of decimation,
// mode filtering, c-values from sliding window histograms and top-K pooling; the score
// weights the scales. With full_ref the reference is scored too (cambi_source) and the
// full-reference score is max(0, distorted - source).
#pragma once

#include <memory>
#include <string>

#include "core/extractor.hpp"
#include "core/parallel.hpp"
#include "features/cambi/cambi_dsp.hpp"
#include "features/cambi/cambi_heatmaps.hpp"
#include "features/cambi/cambi_params.hpp"
#include "features/cambi/cambi_stages.hpp"

namespace fastvmaf::cambi {

// Receives the c-values of every scale before pooling (heatmaps, reports).
class ScaleObserver {
 public:
  virtual ~ScaleObserver() = default;
  virtual void on_scale(int scale, const float* c_values, unsigned width, unsigned height) = 0;
};

// One side's score with the buffers and tables of a plan: the reusable core of the
// extractor, also used by tests that look at the c-values of each scale.
class CambiScorer {
 public:
  // The row functions of the table of cpu::active().
  explicit CambiScorer(const Plan& plan);
  // The score of `pic` at the side's resolution (before clipping to cambi_max_val); each
  // stage in bands of rows on `parallel`'s threads (core/parallel.hpp), or in order here.
  double score(const Picture& pic, const SidePlan& side, ScaleObserver* observer = nullptr,
               const ParallelFor* parallel = nullptr);

 private:
  const Plan& plan_;
  CambiBuffers buf_;
  Dsp dsp_;
};

class CambiExtractor final : public FeatureExtractor {
 public:
  explicit CambiExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;

 private:
  Settings settings_;
  std::string name_score_, name_source_, name_full_ref_;
  Plan plan_;
  std::unique_ptr<CambiScorer> scorer_;
  std::unique_ptr<HeatmapWriter> heatmaps_;
  // This frame's results, between submit and collect.
  double dis_score_ = 0.0, src_score_ = 0.0;
};

}  // namespace fastvmaf::cambi
