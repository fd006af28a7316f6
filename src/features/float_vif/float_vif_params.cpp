#include "features/float_vif/float_vif_params.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "common/gaussian.hpp"
#include "core/feature_name.hpp"

namespace fastvmaf::float_vif {

Config Config::from(const OptionSet& o) {
  Config c;
  c.debug = o.get_bool("debug");
  c.gain_limit = o.get_double("vif_enhn_gain_limit");
  c.kernelscale = o.get_double("vif_kernelscale");
  c.prescale = o.get_double("vif_prescale");
  c.min_val[1] = o.get_double("vif_scale1_min_val");
  c.min_val[2] = o.get_double("vif_scale2_min_val");
  c.min_val[3] = o.get_double("vif_scale3_min_val");
  c.method = common::parse_prescale_method(o.get_string("vif_prescale_method"), "vif_prescale_method");
  c.sigma_nsq = o.get_double("vif_sigma_nsq");
  c.skip_scale0 = o.get_bool("vif_skip_scale0");
  return c;
}

StatParams Config::stat_params() const {
  StatParams p;
  p.gain_limit = static_cast<float>(gain_limit);
  p.sigma_nsq = sigma_nsq;
  // powf of the float variance, divided by a double: narrowed once to float.
  p.sigma_max_inv = static_cast<float>(std::pow(static_cast<float>(sigma_nsq), 2.0f) / (255.0 * 255.0));
  return p;
}

namespace {
unsigned scaled_size(unsigned n, double prescale) {
  return static_cast<unsigned>(static_cast<int>(n * prescale + 0.5));
}
}  // namespace

Plan make_plan(const Config& c, unsigned width, unsigned height) {
  // compute_vif checks the kernel scale on every frame (in float) and fails.
  if (!common::kernelscale_valid(static_cast<float>(c.kernelscale)))
    throw std::invalid_argument(fmt::format("float_vif: vif_kernelscale={} is not supported; accepted: {}",
                                            c.kernelscale, common::kernelscale_list()));
  Plan p;
  p.width = width;
  p.height = height;
  p.scaled_w = scaled_size(width, c.prescale);
  p.scaled_h = scaled_size(height, c.prescale);
  if (c.method == common::PrescaleMethod::Bilinear && p.scaled_w > common::kBilinearMaxWidth)
    throw std::invalid_argument(fmt::format(
        "float_vif: the bilinear prescale takes at most {} output columns; vif_prescale={} makes the {}-wide "
        "picture {} wide",
        common::kBilinearMaxWidth, c.prescale, width, p.scaled_w));
  p.resample = p.scaled_w != width || p.scaled_h != height;
  if (p.resample && p.scaled_w > 0 && p.scaled_h > 0) {
    p.axis_x = common::make_resample_axis(c.method, static_cast<int>(width), static_cast<int>(p.scaled_w));
    p.axis_y = common::make_resample_axis(c.method, static_cast<int>(height), static_cast<int>(p.scaled_h));
    if (!p.axis_x.in_bounds || !p.axis_y.in_bounds)
      throw std::invalid_argument(fmt::format(
          "float_vif: the picture is {}x{}, too small for vif_prescale={} with vif_prescale_method={}: the "
          "scaler's taps would mirror beyond the picture",
          width, height, c.prescale, common::to_string(c.method)));
  }
  const float ks = static_cast<float>(c.kernelscale);
  for (int s = 0; s < kScales; ++s) {
    p.taps[s].taps = common::vif_filter_taps(s, ks);
    p.w[s] = s == 0 ? p.scaled_w : p.w[s - 1] / 2;
    p.h[s] = s == 0 ? p.scaled_h : p.h[s - 1] / 2;
  }
  // Scale s is filtered with its taps (unless skipped), and scale s - 1 with scale s's
  // taps before the decimation: the reflection must stay inside both.
  for (int s = 0; s < kScales; ++s) {
    const unsigned min = p.taps[s].min_size();
    const bool own = s >= c.first_scale() && (p.w[s] < min || p.h[s] < min);
    const bool parent = s > 0 && (p.w[s - 1] < min || p.h[s - 1] < min);
    if (own || parent) {
      const int at = own ? s : s - 1;
      throw std::invalid_argument(fmt::format(
          "float_vif: the picture is {}x{}, too small{}: scale {} is {}x{}, and scale {}'s {}-tap filter "
          "(vif_kernelscale={}) mirrors {} samples at each edge, which needs at least {}x{}",
          width, height, p.resample ? fmt::format(" (prescaled to {}x{})", p.scaled_w, p.scaled_h) : "", at,
          p.w[at], p.h[at], s, p.taps[s].size(), c.kernelscale, p.taps[s].radius(), min, min));
    }
  }
  return p;
}

FeatureNames make_feature_names(const OptionSet& o) {
  FeatureNames n;
  for (int s = 0; s < kScales; ++s) {
    n.scale[s] = feature_name(fmt::format("VMAF_feature_vif_scale{}_score", s), o);
    n.num_scale[s] = feature_name(fmt::format("vif_num_scale{}", s), o);
    n.den_scale[s] = feature_name(fmt::format("vif_den_scale{}", s), o);
  }
  n.vif = feature_name("vif", o);
  n.vif_num = feature_name("vif_num", o);
  n.vif_den = feature_name("vif_den", o);
  return n;
}

void emit_scores(const Config& c, const ScaleSums (&sums)[kScales], const FeatureNames& n, unsigned index,
                 FeatureSink& sink) {
  double scores[2 * kScales] = {};
  for (int s = c.first_scale(); s < kScales; ++s) {
    scores[2 * s] = sums[s].num;
    scores[2 * s + 1] = sums[s].den;
  }
  double num = 0.0, den = 0.0;
  for (int s = c.first_scale(); s < kScales; ++s) {
    num += scores[2 * s];
    den += scores[2 * s + 1];
  }
  const double score = den == 0.0 ? 1.0 : num / den;

  auto at_least = [](double v, double min) { return v > min ? v : min; };  // MAX(v, min)
  sink.append(n.scale[0], index, c.skip_scale0 ? 0.0 : scores[0] / scores[1]);
  for (int s = 1; s < kScales; ++s)
    sink.append(n.scale[s], index, at_least(scores[2 * s] / scores[2 * s + 1], c.min_val[s]));
  if (!c.debug) return;
  sink.append(n.vif, index, score);
  sink.append(n.vif_num, index, num);
  sink.append(n.vif_den, index, den);
  for (int s = 0; s < kScales; ++s) {
    const bool skipped = s == 0 && c.skip_scale0;
    sink.append(n.num_scale[s], index, skipped ? 0.0 : scores[2 * s]);
    sink.append(n.den_scale[s], index, skipped ? -1.0 : scores[2 * s + 1]);
  }
}

}  // namespace fastvmaf::float_vif
