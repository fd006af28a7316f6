// The plan and host arithmetic of libvmaf's float ADM (float_adm.c, adm.c
// compute_adm, adm_tools.c): the options, the CSF weights of each scale, the
// border-trimmed regions, the sizes it refuses, and the feature values built from the
// per-scale num / den.
#pragma once

#include <array>
#include <string>

#include "core/extractor.hpp"

namespace fastvmaf::float_adm {

inline constexpr int kScales = 4;

// Smallest luma width and height: the contrast masking reads rows and columns h - 2
// and 1 of each scale's bands, so the scale-3 bands (ceil(n / 16)) need two; below
// that libvmaf reads outside them.
inline constexpr unsigned kMinSize = 17;

struct Config {
  bool debug = false;
  double enhn_gain_limit = 100.0;
  double norm_view_dist = 3.0;
  double noise_weight = 0.03125;
  double csf_scale = 1.0;
  double csf_diag_scale = 1.0;
  int ref_display_height = 1080;
  int csf_mode = 0;  // 1 Barten, 2 the DLM paper's CSF, any other Watson 1997
  bool bypass_cm = false;
  bool adm3_apply_hm = false;
  double p_norm = 3.0;
  double dlm_weight = 0.5;
  double min_val = 0.0;
  double f1[kScales] = {-1, -1, -1, -1};  // adm_f1sN: factor 1 override when >= 0
  double f2[kScales] = {-1, -1, -1, -1};
  int skip_aim_scale = -1;
  bool skip_scale0 = false;

  static Config from(const OptionSet& options);
};

// A half-open rectangle of band samples.
struct Rect {
  int top = 0, bottom = 0, left = 0, right = 0;
  int rows() const { return bottom - top; }
  int cols() const { return right - left; }
};

// Everything one scale needs that does not depend on pixels.
struct ScaleParams {
  int in_w = 0, in_h = 0;  // the DWT's input
  int w = 0, h = 0;        // its bands: ceil halves
  // Where the contrast measure and the CSF denominator are summed (border factor 0.1).
  Rect measure;
  // Where the decoupled and CSF-filtered bands are computed: the measure grown by one
  // sample for the masking neighbourhood, inside the band.
  Rect decouple;
  std::array<float, 3> rfactor{};  // CSF weights h, v, d
};

// The CPU extractor's and its twin's checks of the input (depth, smallest size), with
// their messages.
void check_input(const VideoGeometry& g);

ScaleParams make_scale_params(const Config& c, int scale, int in_w, int in_h);

// The CSF weights of a scale (factor1 for h and v, factor2 for d).
std::array<float, 3> csf_weights(const Config& c, int scale);

// libvmaf's get_noise_constant: powf(w * h * weight, 1 / p) in float.
float noise_constant(int w, int h, double weight, double p_norm);
// The tail of adm_cm / adm_csf_den_scale: powf(accum, 1 / p) + the noise constant, per
// band, then their float sum.
float scale_total(const float (&accum)[3], const Rect& region, double weight, double p_norm);

// One scale's results (compute_adm's num_scale, den_scale, aim_num_scale).
struct ScaleSums {
  float num = 0, den = 0, aim_num = 0;
};
// A skipped scale 0 (adm_skip_scale0): libvmaf's den of 1e-10 guards against 0 / 0.
inline ScaleSums skipped_scale_sums() { return {0.0f, static_cast<float>(1e-10), 0.0f}; }

struct FeatureNames {
  std::string adm2, aim, adm3, scale[kScales];
  std::string adm, adm_num, adm_den, num_scale[kScales], den_scale[kScales];
};
FeatureNames make_feature_names(const OptionSet& options);

// compute_adm's totals and extract()'s appends.
void emit_scores(const Config& c, const ScaleSums (&sums)[kScales], unsigned width, unsigned height,
                 const FeatureNames& names, unsigned index, FeatureSink& sink);

}  // namespace fastvmaf::float_adm
