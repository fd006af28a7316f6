// Float motion (libvmaf's float_motion.c): motion (with debug, the default), motion2
// and motion3 from the mean absolute difference of consecutive blurred luma frames
// (with motion_add_uv, the chroma planes' added; with motion_add_scale1, their
// bilinear halvings' added). TEMPORAL, as in libvmaf: the one instance sees every
// frame in order and keeps the blurred planes of the last three frames. Frame i writes
// motion2 and motion3 of frame i - 1; flush() writes the last frame's.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "common/float_filter.hpp"
#include "common/resample.hpp"
#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "features/float_motion/float_motion_params.hpp"

namespace fastvmaf::float_motion {

class FloatMotionExtractor final : public FeatureExtractor {
 public:
  explicit FloatMotionExtractor(const OptionSet& options);
  void init(const VideoGeometry& geometry) override;
  void submit(const FrameInput& frame) override;
  void collect(unsigned index, FeatureSink& sink) override;
  void flush(FeatureCollector& collector) override;
  // Segments: the last frame seen and its score, which flush() writes out (Series).
  void restart() override;
  std::vector<std::uint64_t> carry() const override;
  void absorb(const std::vector<std::uint64_t>& later) override;

 private:
  // One plane (luma, or a chroma plane with motion_add_uv) and its history.
  struct Channel {
    unsigned width = 0, height = 0;
    common::FloatImage input;
    std::array<common::FloatImage, 3> blur;    // blur of frame k in slot k % 3
    std::array<common::FloatImage, 3> scaled;  // its scale-1 halving (motion_add_scale1)
    common::ResampleAxis axis_x, axis_y;
  };
  // The scale-0 (+ scale-1) score of channel c between the frames in slots a and b.
  float channel_score(const Channel& c, unsigned a, unsigned b) const;
  // The sum over channels, in double, as libvmaf adds the chroma scores.
  double score(unsigned a, unsigned b) const;

  Params p_;
  FeatureNames names_;
  common::FilterTaps taps_;
  common::FloatFilterDsp filter_;  // the blur's row functions, for the CPU's flags
  unsigned bpc_ = 8;
  std::vector<Channel> channels_;
  std::vector<float> tmp_;
  Series series_;
  std::vector<Series::Entry> pending_;
};

}  // namespace fastvmaf::float_motion
