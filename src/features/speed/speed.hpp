// libvmaf's SpEED extractors (speed.c) on the CPU:
//  - speed_chroma: SpEED of the U and V planes, their mean (speed_chroma_uv), each
//    clipped to speed_max_val;
//  - speed_temporal: SpEED of the luma frame differences (frame i-1 minus frame i),
//    0 on frame 0; temporal, so one instance sees every frame in order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/extractor.hpp"
#include "features/speed/speed_plane.hpp"

namespace fastvmaf::speed {

// Reads the SpEED options shared by both extractors; throws std::invalid_argument for a
// kernel scale libvmaf does not accept.
SpeedSettings settings_from(const OptionSet& options);

// The dimensions SpEED works at for a `width` x `height` plane, or std::invalid_argument
// naming the minimum when they keep no 5x5 block ("image too small" in libvmaf).
// `plane` describes the plane for the message; `scale_x`/`scale_y` convert a plane
// size into a frame size (2 for subsampled chroma, else 1).
SpeedDims checked_dims(const std::string& feature, const std::string& plane, unsigned width, unsigned height,
                       double prescale, unsigned scale_x, unsigned scale_y);

class SpeedChromaExtractor final : public FeatureExtractor {
 public:
  explicit SpeedChromaExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  SpeedSettings settings_;
  double max_val_;
  std::string name_u_, name_v_, name_uv_;
  unsigned bpc_ = 8;
  // One plane per analysis of a frame (U and V, reference and distorted), so that the
  // four run at once (core/parallel.hpp).
  std::unique_ptr<SpeedPlane> planes_[4];
  BlockStats stats_[4];
  float score_u_ = 0, score_v_ = 0, score_uv_ = 0;
  // On an encoding ladder the reference's analyses (U and V) are made once a frame for
  // every encode (docs/adr/0014-encoding-ladder.md); their key in the memo.
  std::string ref_key_;
};

class SpeedTemporalExtractor final : public FeatureExtractor {
 public:
  explicit SpeedTemporalExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;

 private:
  SpeedSettings settings_;
  bool use_ref_diff_;
  std::string name_;
  unsigned width_ = 0, height_ = 0, bpc_ = 8;
  // One plane per analysis (the reference's and the distorted picture's difference),
  // run at once (core/parallel.hpp).
  std::unique_ptr<SpeedPlane> planes_[2];
  // picture_copy of the previous and current luma, and the two differences.
  std::vector<float> prev_ref_, prev_dis_, cur_ref_, cur_dis_, diff_[2];
  BlockStats stats_[2];
  float score_ = 0;
};

}  // namespace fastvmaf::speed
