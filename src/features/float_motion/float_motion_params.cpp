#include "features/float_motion/float_motion_params.hpp"

#include <cmath>

#include "common/motion_blend.hpp"
#include "core/feature_name.hpp"

namespace fastvmaf::float_motion {

common::FilterTaps blur_taps(int filter_size) {
  if (filter_size == 1) return {{std::begin(kFilterNoOp), std::end(kFilterNoOp)}};
  if (filter_size == 3) return {{std::begin(kFilter3), std::end(kFilter3)}};
  return {{std::begin(kFilter5), std::end(kFilter5)}};
}

Params Params::from(const OptionSet& o) {
  Params p;
  p.debug = o.get_bool("debug");
  p.force_zero = o.get_bool("motion_force_zero");
  p.fps_weight = o.get_double("motion_fps_weight");
  p.blend_factor = o.get_double("motion_blend_factor");
  p.blend_offset = o.get_double("motion_blend_offset");
  p.add_scale1 = o.get_bool("motion_add_scale1");
  p.filter_size = o.get_int("motion_filter_size");
  p.add_uv = o.get_bool("motion_add_uv");
  p.max_val = o.get_double("motion_max_val");
  return p;
}

FeatureNames make_feature_names(const OptionSet& o) {
  return {feature_name("VMAF_feature_motion_score", o), feature_name("VMAF_feature_motion2_score", o),
          feature_name("VMAF_feature_motion3_score", o)};
}

float mean_abs_diff(const common::FloatImage& a, const common::FloatImage& b) {
  float accum = 0;
  for (unsigned i = 0; i < a.height; ++i) {
    const float* x = a.row(i);
    const float* y = b.row(i);
    float line = 0;
    // libvmaf adds fabs() of the float difference in double and stores the sum as
    // float; a double sum of two floats rounded to float is the float sum (53 >= 2 * 24
    // + 2 bits), so this float add gives the same bits.
    for (unsigned j = 0; j < a.width; ++j) line += std::fabs(x[j] - y[j]);
    accum += line;
  }
  // float / int: the sample count is converted to float.
  return accum / static_cast<float>(static_cast<int>(a.width) * static_cast<int>(a.height));
}

unsigned scale1_size(unsigned n) { return static_cast<unsigned>(static_cast<int>(n * 0.5 + 0.5)); }

double weighted(double score, const Params& p) {
  const double v = score * p.fps_weight;
  return v < p.max_val ? v : p.max_val;
}

double blended(double score, const Params& p) {
  const double v = common::motion_blend(score * p.fps_weight, p.blend_factor, p.blend_offset);
  return v < p.max_val ? v : p.max_val;
}

}  // namespace fastvmaf::float_motion
