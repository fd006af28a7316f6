#include "features/speed/speed_params.hpp"

#include <cmath>

#include "common/gaussian.hpp"

namespace fastvmaf::speed {

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

}  // namespace fastvmaf::speed
