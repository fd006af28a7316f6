// Constants and host arithmetic of libvmaf's float motion (float_motion.c, motion.c,
// motion_tools.h): the blur filters, the mean absolute difference of two blurred
// frames (plus, with motion_add_scale1, that of their bilinear halvings), and the
// motion / motion2 / motion3 values built from it.
#pragma once

#include <string>

#include "common/float_filter.hpp"
#include "core/options.hpp"

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
// |a - b|, divided in float by the float number of samples.
float mean_abs_diff(const common::FloatImage& a, const common::FloatImage& b);

// (int)(n * 0.5 + 0.5): the size of scale 1.
unsigned scale1_size(unsigned n);

// MIN(score * fps_weight, max_val): motion and motion2.
double weighted(double score, const Params& p);
// MIN(motion_blend(score * fps_weight, factor, offset), max_val): motion3.
double blended(double score, const Params& p);

}  // namespace fastvmaf::float_motion
