#include "features/motion/motion_params.hpp"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "core/feature_name.hpp"
#include "features/motion/motion_math.hpp"

namespace fastvmaf::motion {

void check_geometry(const VideoGeometry& g) {
  if (g.width < kMinSize || g.height < kMinSize)
    throw std::invalid_argument(fmt::format(
        "motion: the picture is {}x{}, too small: integer motion needs at least {}x{} (its 5-tap filter mirrors "
        "2 samples at each edge)",
        g.width, g.height, kMinSize, kMinSize));
  if (g.bpc < 8 || g.bpc > 16)
    throw std::invalid_argument(fmt::format("motion: bit depth {} is not supported (8 to 16)", g.bpc));
}

Params Params::from(const OptionSet& o) {
  Params p;
  p.force_zero = o.get_bool("motion_force_zero");
  p.blend_factor = o.get_double("motion_blend_factor");
  p.blend_offset = o.get_double("motion_blend_offset");
  p.fps_weight = o.get_double("motion_fps_weight");
  p.max_val = o.get_double("motion_max_val");
  p.five_frame_window = o.get_bool("motion_five_frame_window");
  p.moving_average = o.get_bool("motion_moving_average");
  p.debug = o.get_bool("debug");
  return p;
}

FeatureNames make_feature_names(const OptionSet& o) {
  return {feature_name("VMAF_integer_feature_motion_sad_score", o),
          feature_name("VMAF_integer_feature_motion_score", o),
          feature_name("VMAF_integer_feature_motion2_score", o),
          feature_name("VMAF_integer_feature_motion3_score", o)};
}

namespace {
// MIN as libvmaf's macro.
double min_of(double a, double b) { return a < b ? a : b; }
}  // namespace

double sad_score(std::uint64_t sad, unsigned w, unsigned h, const Params& p) {
  // w * h is an unsigned product in libvmaf too.
  return min_of(static_cast<double>(sad) / 256. / (w * h) * p.fps_weight, p.max_val);
}

void derive_motion2_3(FeatureCollector& c, const FeatureNames& names, const Params& p) {
  std::vector<double> sad;
  while (auto v = c.get(names.sad, static_cast<unsigned>(sad.size()))) sad.push_back(*v);
  const unsigned n = static_cast<unsigned>(sad.size());
  if (n == 0) return;
  const unsigned min_idx = p.min_index();
  // With the five-frame window, motion2 of frame i looks at frames i - 1 and i + 1.
  const unsigned stride = p.five_frame_window ? 2 : 1;

  // Frames before min_idx have no motion of their own; motion3 borrows the first
  // real one.
  double stamp = 0.;
  if (n > min_idx) stamp = min_of(blend(sad[min_idx], p.blend_factor, p.blend_offset), p.max_val);

  double prev_processed = 0.;
  for (unsigned i = 0; i < n; ++i) {
    double motion2 = 0.;
    if (i >= min_idx) {
      const int lo = static_cast<int>(i) - static_cast<int>(stride - 1);
      const unsigned hi = i + 1;
      if (hi >= n)
        motion2 = sad[i];
      else if (lo >= static_cast<int>(min_idx))
        motion2 = sad[lo] < sad[hi] ? sad[lo] : sad[hi];
      else
        motion2 = sad[hi];
    }
    c.append(names.motion2, i, motion2);

    double motion3;
    if (i < min_idx) {
      motion3 = stamp;
      prev_processed = stamp;
    } else {
      const double processed = min_of(blend(motion2, p.blend_factor, p.blend_offset), p.max_val);
      motion3 = p.moving_average ? (processed + prev_processed) / 2.0 : processed;
      prev_processed = processed;
    }
    c.append(names.motion3, i, motion3);
  }
}

}  // namespace fastvmaf::motion
