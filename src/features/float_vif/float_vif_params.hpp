// The plan and host arithmetic of libvmaf's float VIF (float_vif.c, vif.c
// compute_vif): the options, the optional prescale, the Gaussian filter and size of
// each of the four scales, the sizes it refuses, and the feature values built from the
// per-scale num / den.
#pragma once

#include <string>

#include "common/float_filter.hpp"
#include "common/resample.hpp"
#include "core/extractor.hpp"
#include "features/float_vif/float_vif_math.hpp"

namespace fastvmaf::float_vif {

inline constexpr int kScales = 4;

struct Config {
  bool debug = false;
  double gain_limit = 100.0;
  double kernelscale = 1.0;
  double prescale = 1.0;
  double min_val[kScales] = {0, 0, 0, 0};  // scales 1..3 (scale 0 has none)
  common::PrescaleMethod method = common::PrescaleMethod::Nearest;
  double sigma_nsq = 2.0;
  bool skip_scale0 = false;

  static Config from(const OptionSet& options);
  int first_scale() const { return skip_scale0 ? 1 : 0; }
  StatParams stat_params() const;
};

// Everything that does not depend on pixels.
struct Plan {
  unsigned width = 0, height = 0;            // the luma as read
  unsigned scaled_w = 0, scaled_h = 0;       // after the prescale: (int)(n * prescale + 0.5)
  bool resample = false;                     // libvmaf copies the frame when the size stays
  common::ResampleAxis axis_x, axis_y;
  common::FilterTaps taps[kScales];          // vif_get_filter(scale, kernelscale)
  unsigned w[kScales] = {}, h[kScales] = {};  // each scale's image: scale s + 1 is scale s halved
};

// The plan for a width x height luma; throws std::invalid_argument where libvmaf fails
// (an unknown kernel scale, a bilinear prescale wider than its tables) or would read
// outside its buffers (a scale smaller than its filter's reach, a prescale mirror
// beyond the picture).
Plan make_plan(const Config& c, unsigned width, unsigned height);

// One scale's sums as libvmaf keeps them (vif_statistic_s: float).
struct ScaleSums {
  float num = 0, den = 0;
};

struct FeatureNames {
  std::string scale[kScales];
  std::string vif, vif_num, vif_den;
  std::string num_scale[kScales], den_scale[kScales];
};
FeatureNames make_feature_names(const OptionSet& options);

// compute_vif's totals and extract()'s appends.
void emit_scores(const Config& c, const ScaleSums (&sums)[kScales], const FeatureNames& names, unsigned index,
                 FeatureSink& sink);

}  // namespace fastvmaf::float_vif
