#include "features/speed/speed_params.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "common/gaussian.hpp"
#include "features/speed/speed_math.hpp"

namespace fastvmaf::speed {

PrescaleMethod parse_prescale_method(const std::string& name) {
  if (name == "nearest") return PrescaleMethod::Nearest;
  if (name == "bilinear") return PrescaleMethod::Bilinear;
  if (name == "bicubic") return PrescaleMethod::Bicubic;
  if (name == "lanczos4") return PrescaleMethod::Lanczos4;
  throw std::invalid_argument(
      fmt::format("invalid speed_prescale_method \"{}\"; accepted: nearest|bilinear|bicubic|lanczos4", name));
}

bool prescale_resamples(double prescale) { return !(std::fabs(prescale - 1.0) < 1.0e-3); }

unsigned scaled_size(unsigned n, double prescale) {
  return static_cast<unsigned>(static_cast<int>(static_cast<double>(n) * prescale + 0.5));
}

unsigned min_plane_size(double prescale) {
  // scaled_size is non-decreasing in n, and prescale >= 0.1 bounds the answer by ~800.
  unsigned n = 1;
  while (scaled_size(n, prescale) < kMinScaledSize) ++n;
  return n;
}

SpeedDims make_dims(unsigned width, unsigned height, double prescale) {
  SpeedDims d;
  d.width = width;
  d.height = height;
  d.scaled_width = scaled_size(width, prescale);
  d.scaled_height = scaled_size(height, prescale);
  d.down_width = d.scaled_width >> kScales;
  d.down_height = d.scaled_height >> kScales;
  d.blocks_x = d.down_width / kBlock;
  d.blocks_y = d.down_height / kBlock;
  d.trunc_width = d.blocks_x * kBlock;
  d.trunc_height = d.blocks_y * kBlock;
  d.sub_width = d.usable() ? d.trunc_width - kBlock + 1 : 0;
  d.sub_height = d.usable() ? d.trunc_height - kBlock + 1 : 0;
  return d;
}

std::vector<float> antialias_taps(float kernelscale) {
  // Always the size of the scale-1 filter, with the standard deviation of scale 4:
  // sqrt(4) * width / 5 in double, passed on as float.
  const int width = common::filter_width(1, kernelscale);
  return common::gaussian_taps(width, static_cast<float>(std::sqrt(static_cast<double>(kScales)) * width / 5.0f));
}

std::vector<float> local_mean_taps(float kernelscale) { return common::vif_filter_taps(kScales, kernelscale); }

double log2_two_pi_e() { return std::log2(2 * M_PI * M_E); }

float chroma_uv_score(float u, bool singular_u, float v, bool singular_v) {
  if (singular_u && !singular_v) return v;
  if (singular_v && !singular_u) return u;
  return static_cast<float>((u + v) / 2.0);
}

double clip_score(float score, double max_val) {
  return static_cast<double>(score) < max_val ? static_cast<double>(score) : max_val;
}

ResampleAxis make_resample_axis(PrescaleMethod method, int src, int dst) {
  ResampleAxis a;
  const float ratio = static_cast<float>(src) / static_cast<float>(dst);
  const float last = static_cast<float>(src - 1);
  // Mirrored coordinates stay inside [0, src) for every size SpEED accepts (a plane
  // of at least 80 / prescale samples); the clamp only guards the table itself.
  auto mirrored = [&](double c) {
    const int i = static_cast<int>(math::reflect_scaler(static_cast<float>(c), last));
    return std::clamp(i, 0, src - 1);
  };
  switch (method) {
    case PrescaleMethod::Nearest:
      a.taps = 1;
      for (int o = 0; o < dst; ++o) a.index.push_back(std::clamp(math::nearest_coordinate(o, ratio), 0, src - 1));
      break;
    case PrescaleMethod::Bilinear:
      // vif_scale_frame_bilinear_precompute_columns_s: floor and ceil mirrored, and the
      // fraction taken against the mirrored floor.
      a.taps = 2;
      for (int o = 0; o < dst; ++o) {
        const float c = math::resample_coordinate(o, ratio);
        const int lo = mirrored(std::floor(c));
        a.index.push_back(lo);
        a.index.push_back(mirrored(std::ceil(c)));
        a.weight.push_back(c - static_cast<float>(lo));
      }
      break;
    case PrescaleMethod::Bicubic:
    case PrescaleMethod::Lanczos4: {
      const bool cubic = method == PrescaleMethod::Bicubic;
      const int first = cubic ? -1 : -4;
      a.taps = cubic ? 4 : 9;
      for (int o = 0; o < dst; ++o) {
        const float c = math::resample_coordinate(o, ratio);
        const int c0 = static_cast<int>(std::floor(c));
        const float frac = c - static_cast<float>(c0);
        for (int t = 0; t < a.taps; ++t) {
          const int k = first + t;
          a.index.push_back(mirrored(c0 + k));
          const float x = static_cast<float>(k) - frac;
          a.weight.push_back(cubic ? math::bicubic_weight(x) : math::lanczos4_weight(x));
        }
      }
      break;
    }
  }
  return a;
}

}  // namespace fastvmaf::speed
