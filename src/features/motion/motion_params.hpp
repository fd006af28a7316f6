// Host side of libvmaf's integer motion (integer_motion.c) that the CPU extractor
// and its GPU twins share: the size limit, the per-frame score from the SAD, and
// the motion2 / motion3 series that flush() derives from the collected scores.
#pragma once

#include <cstdint>
#include <string>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::motion {

// The 5-tap mirror reads rows and columns up to 2 away: mirror(-2) = 2 and
// mirror(n + 1) = n - 3 stay inside only when n >= 3 (libvmaf reads outside below).
inline constexpr unsigned kMinSize = 3;

// The sizes and depths integer motion takes; std::invalid_argument with the reason else.
void check_geometry(const VideoGeometry& g);

struct Params {
  bool force_zero = false;
  double blend_factor = 1.0;
  double blend_offset = 40.0;
  double fps_weight = 1.0;
  double max_val = 10000.0;
  bool five_frame_window = false;
  bool moving_average = false;
  bool debug = false;

  static Params from(const OptionSet& options);
  // The first frame with a score of its own: 1, or 2 with the five-frame window.
  unsigned min_index() const { return five_frame_window ? 2 : 1; }
};

struct FeatureNames {
  std::string sad, motion, motion2, motion3;
};
FeatureNames make_feature_names(const OptionSet& options);

// One frame's score from the sum of absolute filtered differences of a w x h
// plane (end of libvmaf's extract()).
double sad_score(std::uint64_t sad, unsigned w, unsigned h, const Params& p);

// libvmaf's flush(): reads the motion_sad series from frame 0 up to the first gap
// and appends motion2 and motion3 for each of those frames.
void derive_motion2_3(FeatureCollector& collector, const FeatureNames& names, const Params& p);

}  // namespace fastvmaf::motion
