#include "features/float_adm/float_adm_params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "common/adm_csf.hpp"
#include "common/float_picture.hpp"
#include "core/feature_name.hpp"

namespace fastvmaf::float_adm {

Config Config::from(const OptionSet& o) {
  Config c;
  c.debug = o.get_bool("debug");
  c.enhn_gain_limit = o.get_double("adm_enhn_gain_limit");
  c.norm_view_dist = o.get_double("adm_norm_view_dist");
  c.noise_weight = o.get_double("adm_noise_weight");
  c.csf_scale = o.get_double("adm_csf_scale");
  c.csf_diag_scale = o.get_double("adm_csf_diag_scale");
  c.ref_display_height = o.get_int("adm_ref_display_height");
  c.csf_mode = o.get_int("adm_csf_mode");
  c.bypass_cm = o.get_int("adm_bypass_cm") != 0;
  c.adm3_apply_hm = o.get_bool("adm_adm3_apply_hm");
  c.p_norm = o.get_double("adm_p_norm");
  c.dlm_weight = o.get_double("adm_dlm_weight");
  c.min_val = o.get_double("adm_min_val");
  for (int s = 0; s < kScales; ++s) {
    c.f1[s] = o.get_double(fmt::format("adm_f1s{}", s));
    c.f2[s] = o.get_double(fmt::format("adm_f2s{}", s));
  }
  c.skip_aim_scale = o.get_int("adm_skip_aim_scale");
  c.skip_scale0 = o.get_bool("adm_skip_scale0");
  return c;
}

std::array<float, 3> csf_weights(const Config& c, int scale) {
  float f1, f2;
  if (c.csf_mode == 1) {  // ADM_CSF_MODE_BARTEN
    f1 = common::barten_csf(scale, c.norm_view_dist, c.ref_display_height, c.csf_scale);
    f2 = common::barten_csf(scale, c.norm_view_dist, c.ref_display_height, c.csf_diag_scale);
  } else if (c.csf_mode == 2) {  // ADM_CSF_MODE_ADM
    f1 = common::native_csf(scale, c.norm_view_dist, c.ref_display_height, 0);
    f2 = common::native_csf(scale, c.norm_view_dist, c.ref_display_height, 45);
  } else {  // Watson 1997, for 0 and every mode float ADM does not know
    f1 = 1.0f / common::watson_quant_step(scale, 1, c.norm_view_dist, c.ref_display_height);
    f2 = 1.0f / common::watson_quant_step(scale, 2, c.norm_view_dist, c.ref_display_height);
  }
  if (c.f1[scale] >= 0) f1 = static_cast<float>(c.f1[scale]);
  if (c.f2[scale] >= 0) f2 = static_cast<float>(c.f2[scale]);
  return {f1, f1, f2};
}

void check_input(const VideoGeometry& g) {
  common::require_float_depth("float_adm", g.bpc);
  if (g.width < kMinSize || g.height < kMinSize)
    throw std::invalid_argument(fmt::format(
        "float_adm: the picture is {}x{}, too small: float ADM needs at least {}x{} (its scale-3 bands must keep "
        "two rows and columns for the contrast masking)",
        g.width, g.height, kMinSize, kMinSize));
}

ScaleParams make_scale_params(const Config& c, int scale, int in_w, int in_h) {
  ScaleParams p;
  p.in_w = in_w;
  p.in_h = in_h;
  p.w = (in_w + 1) / 2;
  p.h = (in_h + 1) / 2;
  constexpr double kBorder = 0.1;  // ADM_BORDER_FACTOR
  // adm_cm / adm_csf_den_scale: truncations of doubles, never negative here.
  Rect& m = p.measure;
  m.left = static_cast<int>(p.w * kBorder - 0.5);
  m.top = static_cast<int>(p.h * kBorder - 0.5);
  m.right = p.w - m.left;
  m.bottom = p.h - m.top;
  // adm_decouple_s / adm_csf_s: one more sample for the filter taps, then clamped.
  Rect& d = p.decouple;
  d.left = static_cast<int>(p.w * kBorder - 0.5 - 1);
  d.top = static_cast<int>(p.h * kBorder - 0.5 - 1);
  d.right = p.w - d.left + 2;
  d.bottom = p.h - d.top + 2;
  if (d.left < 0) d.left = 0;
  if (d.right > p.w) d.right = p.w;
  if (d.top < 0) d.top = 0;
  if (d.bottom > p.h) d.bottom = p.h;
  p.rfactor = csf_weights(c, scale);
  return p;
}

float noise_constant(int w, int h, double weight, double p_norm) {
  // powf takes both as float: w * h * weight and the double quotient 1 / p.
  return std::pow(static_cast<float>(w * h * weight), static_cast<float>(1.0f / p_norm));
}

float scale_total(const float (&accum)[3], const Rect& r, double weight, double p_norm) {
  const float inv_p = static_cast<float>(1.0f / p_norm);
  float band[3];
  for (int b = 0; b < 3; ++b)
    band[b] = std::pow(accum[b], inv_p) + noise_constant(r.cols(), r.rows(), weight, p_norm);
  return band[0] + band[1] + band[2];
}

FeatureNames make_feature_names(const OptionSet& o) {
  FeatureNames n;
  n.adm2 = feature_name("VMAF_feature_adm2_score", o);
  n.aim = feature_name("VMAF_feature_aim_score", o);
  n.adm3 = feature_name("VMAF_feature_adm3_score", o);
  for (int s = 0; s < kScales; ++s) {
    n.scale[s] = feature_name(fmt::format("VMAF_feature_adm_scale{}_score", s), o);
    n.num_scale[s] = feature_name(fmt::format("adm_num_scale{}", s), o);
    n.den_scale[s] = feature_name(fmt::format("adm_den_scale{}", s), o);
  }
  n.adm = "adm";  // not a provided feature: libvmaf writes the name as is
  n.adm_num = feature_name("adm_num", o);
  n.adm_den = feature_name("adm_den", o);
  return n;
}

void emit_scores(const Config& c, const ScaleSums (&sums)[kScales], unsigned width, unsigned height,
                 const FeatureNames& n, unsigned index, FeatureSink& sink) {
  const double numden_limit = 1e-10 * (static_cast<int>(width) * static_cast<int>(height)) / (1920.0 * 1080.0);
  double num = 0, den = 0, aim_num = 0, aim_den = 0;
  double scores[2 * kScales];
  for (int s = 0; s < kScales; ++s) {
    num += sums[s].num;
    den += sums[s].den;
    if (c.skip_aim_scale != s) {
      aim_den += sums[s].den;
      aim_num += sums[s].aim_num;
    }
    scores[2 * s] = sums[s].num;
    scores[2 * s + 1] = sums[s].den;
  }
  num = num < numden_limit ? 0 : num;
  den = den < numden_limit ? 0 : den;
  double score, score_aim;
  if (den == 0.0) {
    score = 1.0;
    score_aim = 0.0;  // libvmaf leaves it uninitialised (docs/conformance.md)
  } else {
    const double q = aim_num / aim_den;
    score_aim = q < 1.0 ? q : 1.0;  // MIN(aim_num / aim_den, 1.0f)
    score = num / den;
  }
  auto at_least = [&](double v) { return v > c.min_val ? v : c.min_val; };  // MAX(v, adm_min_val)
  sink.append(n.adm2, index, score);
  sink.append(n.aim, index, score_aim);
  sink.append(n.adm3, index,
              c.adm3_apply_hm ? at_least(2 * score * score_aim / (score + score_aim))
                              : at_least(score * c.dlm_weight + (1 - score_aim) * (1 - c.dlm_weight)));
  for (int s = 0; s < kScales; ++s) sink.append(n.scale[s], index, scores[2 * s] / scores[2 * s + 1]);
  if (!c.debug) return;
  sink.append(n.adm, index, score);
  sink.append(n.adm_num, index, num);
  sink.append(n.adm_den, index, den);
  for (int s = 0; s < kScales; ++s) {
    sink.append(n.num_scale[s], index, scores[2 * s]);
    sink.append(n.den_scale[s], index, scores[2 * s + 1]);
  }
}

}  // namespace fastvmaf::float_adm
