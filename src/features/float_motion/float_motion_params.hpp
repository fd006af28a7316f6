// Constants and host arithmetic of libvmaf's float motion (float_motion.c, motion.c,
// motion_tools.h): the blur filters, the mean absolute difference of two blurred
// frames (plus, with motion_add_scale1, that of their bilinear halvings), and the
// motion / motion2 / motion3 values built from it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/float_filter.hpp"
#include "core/collector.hpp"
#include "core/options.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::float_motion {

// motion_tools.h's filters: FILTER_5_s, FILTER_3_s and FILTER_5_NO_OP_s, double literals
// narrowed to float.
inline constexpr float kFilter5[5] = {static_cast<float>(0.054488685), static_cast<float>(0.244201342),
                                      static_cast<float>(0.402619947), static_cast<float>(0.244201342),
                                      static_cast<float>(0.054488685)};
inline constexpr float kFilter3[3] = {static_cast<float>(0.166378498), static_cast<float>(0.667243004),
                                      static_cast<float>(0.166378498)};
inline constexpr float kFilterNoOp[5] = {0.0f, 0.0f, 1.0f, 0.0f, 0.0f};

// motion_filter_size 1 selects the 5-tap identity, 3 the 3-tap filter, any other
// value the 5-tap blur.
common::FilterTaps blur_taps(int filter_size);

struct Params {
  bool debug = true;
  bool force_zero = false;
  double fps_weight = 1.0;
  double blend_factor = 1.0;
  double blend_offset = 40.0;
  bool add_scale1 = false;
  int filter_size = 5;
  bool add_uv = false;
  double max_val = 10000.0;

  static Params from(const OptionSet& options);
};

struct FeatureNames {
  std::string motion, motion2, motion3;
};
FeatureNames make_feature_names(const OptionSet& options);

// vmaf_image_sad_c at one scale: the float sum over rows of the float row sums of
// |a - b|, divided in float by the float number of samples (mean_of).
float mean_abs_diff(const common::FloatImage& a, const common::FloatImage& b);
// The last step of it: the float sum of the rows' sums over the float number of samples.
float mean_of(float rows_sum, unsigned width, unsigned height);

// A plane's score: the scale-0 mean, plus the scale-1 mean (float) with motion_add_scale1.
float channel_score(float scale0, float scale1, bool add_scale1);

// (int)(n * 0.5 + 0.5): the size of scale 1.
unsigned scale1_size(unsigned n);

// The planes float_motion reads: the luma, and with motion_add_uv the two chroma planes at
// libvmaf's size (floor of the luma's over the subsampling; ours hold the ceiling, so an odd
// size's last chroma column or row is not read); with motion_add_scale1 each one's halving.
struct PlaneSize {
  unsigned w, h;    // the plane
  unsigned sw, sh;  // its halving (motion_add_scale1; else 0)
};
// The CPU extractor's and its twin's checks of the input (depth, the blur's smallest side,
// the bilinear scaler's widest row), with their messages; the planes' sizes.
std::vector<PlaneSize> plane_sizes(const VideoGeometry& g, const Params& p);

// MIN(score * fps_weight, max_val): motion and motion2.
double weighted(double score, const Params& p);
// MIN(motion_blend(score * fps_weight, factor, offset), max_val): motion3.
double blended(double score, const Params& p);

// What float_motion writes, frame by frame and at flush, from each frame's score against
// the frame before (libvmaf float_motion.c's extract and flush), and what a segment
// carries to the next (docs/adr/0013-segments.md): the CPU extractor and its twin both
// emit through it, so the twin's values are the CPU's by construction.
class Series {
 public:
  struct Entry {
    const std::string* name;
    unsigned index;
    double value;
  };

  // Frame i's values into `out`: `s` its score against frame i - 1 (read when i >= 1), `s2`
  // the score of frame i - 1 against i - 2 (read when i >= 2). Throws when frame i does not
  // follow the last frame seen. With motion_force_zero only zeros, and nothing is kept.
  void frame(unsigned i, double s, double s2, const Params& p, const FeatureNames& names, std::vector<Entry>& out);
  // The last frame's motion2 and motion3 (none with motion_force_zero or no frame).
  void flush(FeatureCollector& collector, const Params& p, const FeatureNames& names) const;

  bool seen() const { return seen_; }
  unsigned last_index() const { return index_; }
  // The last frame's score against the one before.
  double last_score() const { return score_; }

  // Segments: forget the last frame; {seen, index, score's bits} of the last frame; a
  // later segment's last frame replaces this one's.
  void restart() { seen_ = false; }
  std::vector<std::uint64_t> carry() const;
  void absorb(const std::vector<std::uint64_t>& later);

 private:
  bool seen_ = false;
  unsigned index_ = 0;
  double score_ = 0;
};

}  // namespace fastvmaf::float_motion
