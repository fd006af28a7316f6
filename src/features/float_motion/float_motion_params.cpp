#include "features/float_motion/float_motion_params.hpp"

#include <bit>
#include <iterator>
#include <stdexcept>

#include <fmt/format.h>

#include "common/float_picture.hpp"
#include "common/motion_blend.hpp"
#include "common/resample.hpp"
#include "core/feature_name.hpp"
#include "features/float_motion/float_motion_math.hpp"

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
    for (unsigned j = 0; j < a.width; ++j) line = add_abs_diff(line, x[j], y[j]);
    accum += line;
  }
  return mean_of(accum, a.width, a.height);
}

// float / int: the sample count is converted to float.
float mean_of(float rows_sum, unsigned width, unsigned height) {
  return rows_sum / static_cast<float>(static_cast<int>(width) * static_cast<int>(height));
}

float channel_score(float scale0, float scale1, bool add_scale1) { return add_scale1 ? scale0 + scale1 : scale0; }

unsigned scale1_size(unsigned n) { return static_cast<unsigned>(static_cast<int>(n * 0.5 + 0.5)); }

std::vector<PlaneSize> plane_sizes(const VideoGeometry& g, const Params& p) {
  common::require_float_depth("float_motion", g.bpc);
  if (p.add_scale1 && scale1_size(g.width) > common::kBilinearMaxWidth)
    throw std::invalid_argument(fmt::format(
        "float_motion: motion_add_scale1 halves the picture with libvmaf's bilinear scaler, which takes at most "
        "{} columns; the picture is {} wide",
        common::kBilinearMaxWidth, g.width));
  const common::FilterTaps taps = blur_taps(p.filter_size);
  const unsigned sx = static_cast<unsigned>(chroma_shift_x(g.format));
  const unsigned sy = static_cast<unsigned>(chroma_shift_y(g.format));
  std::vector<PlaneSize> out(p.add_uv ? 3 : 1);
  for (std::size_t c = 0; c < out.size(); ++c) {
    PlaneSize& s = out[c];
    s.w = c == 0 ? g.width : g.width >> sx;
    s.h = c == 0 ? g.height : g.height >> sy;
    const unsigned min = taps.min_size();
    if (s.w < min || s.h < min)
      throw std::invalid_argument(fmt::format(
          "float_motion: the {} is {}x{}, too small: its {}-tap blur mirrors {} samples at each edge, which needs "
          "at least {}x{}",
          c == 0 ? "picture" : "chroma plane", s.w, s.h, taps.size(), taps.radius(), min, min));
    s.sw = p.add_scale1 ? scale1_size(s.w) : 0;
    s.sh = p.add_scale1 ? scale1_size(s.h) : 0;
  }
  return out;
}

double weighted(double score, const Params& p) {
  const double v = score * p.fps_weight;
  return v < p.max_val ? v : p.max_val;
}

double blended(double score, const Params& p) {
  const double v = common::motion_blend(score * p.fps_weight, p.blend_factor, p.blend_offset);
  return v < p.max_val ? v : p.max_val;
}

void Series::frame(unsigned i, double s, double s2, const Params& p, const FeatureNames& names,
                   std::vector<Entry>& out) {
  if (p.force_zero) {
    out.push_back({&names.motion2, i, 0.});
    out.push_back({&names.motion3, i, 0.});
    if (p.debug) out.push_back({&names.motion, i, 0.});
    return;
  }
  if (seen_ && i != index_ + 1)
    throw std::logic_error(fmt::format("float_motion: frame {} arrived after frame {}", i, index_));
  seen_ = true;
  index_ = i;
  if (i == 0) {
    out.push_back({&names.motion2, 0, 0.});
    if (p.debug) out.push_back({&names.motion, 0, 0.});
    return;
  }
  if (p.debug) out.push_back({&names.motion, i, weighted(s, p)});
  score_ = s;
  if (i == 1) {
    out.push_back({&names.motion3, 0, blended(s, p)});
    return;
  }
  s2 = s2 < s ? s2 : s;
  out.push_back({&names.motion2, i - 1, weighted(s2, p)});
  out.push_back({&names.motion3, i - 1, blended(s2, p)});
}

void Series::flush(FeatureCollector& collector, const Params& p, const FeatureNames& names) const {
  if (p.force_zero || !seen_) return;  // libvmaf has no flush with motion_force_zero
  if (index_ > 0) {
    collector.append(names.motion2, index_, weighted(score_, p));
    collector.append(names.motion3, index_, blended(score_, p));
  } else {
    collector.append(names.motion3, 0, 0.);
  }
}

// Warm-up frames come before every scored one, so a segment's last frame seen is a scored one.
std::vector<std::uint64_t> Series::carry() const {
  return {seen_ ? 1u : 0u, index_, std::bit_cast<std::uint64_t>(score_)};
}

void Series::absorb(const std::vector<std::uint64_t>& later) {
  if (later.size() != 3) throw std::invalid_argument("float_motion: a segment's carry is not its last frame");
  if (!later[0]) return;
  seen_ = true;
  index_ = static_cast<unsigned>(later[1]);
  score_ = std::bit_cast<double>(later[2]);
}

}  // namespace fastvmaf::float_motion
