// The Gaussian filters of libvmaf's vif_tools.c, which float VIF and SpEED share: the
// kernel-scale whitelist, the filter width of each scale and the normalised taps.
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "core/hd.hpp"

namespace fastvmaf::common {

// vif_validate_kernelscale: the 21 kernel scales libvmaf accepts (within 1e-3, in float).
bool kernelscale_valid(float kernelscale);
// The accepted kernel scales, for messages ("1, 0.5, 1.5, ...").
std::string kernelscale_list();

// vif_get_filter_size(scale, kernelscale): (2^(4 - scale) + 1) * kernelscale rounded up
// to an odd integer, at least 3.
int filter_width(int scale, float kernelscale);

// get_gaussian_pdf(x, 0, stdev) before normalisation: the exponent in double, the
// (inverted) density factor as float, a float quotient.
FVMAF_HD inline float gaussian_pdf(float x, float stdev) {
  const float num = static_cast<float>(std::exp(-0.5 * x / stdev * x / stdev));
  const float den = static_cast<float>(1 / (stdev * std::sqrt(2 * M_PI)));
  return num / den;
}

// get_1d_gaussian_kernel: `width` (odd) taps of a Gaussian normalised to sum 1 in float.
std::vector<float> gaussian_taps(int width, float stdev);

// vif_get_filter(scale, kernelscale): filter_width taps with stdev width / 5.
std::vector<float> vif_filter_taps(int scale, float kernelscale);

}  // namespace fastvmaf::common
