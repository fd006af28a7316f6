#include "common/gaussian.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace fastvmaf::common {

namespace {

// vif_tools.h's valid_kernelscales, as the same float expressions.
constexpr float kValidKernelScales[] = {
    1.0f,          1.0f / 2.0f,   3.0f / 2.0f,   2.0f,     2.0f / 3.0f, 24.0f / 10.0f, 360.0f / 97.0f,
    4.0f / 3.0f,   3.5f / 3.0f,   3.75f / 3.0f,  4.25f / 3.0f, 5.0f / 3.0f, 3.0f,     1.0f / 2.25f,
    1.4746f,       1.54f,         1.6f,          1.06667f, 0.711111f,   0.740740f,     1.111111f,
};

// round_up_to_odd(f): ceil in double, then the next odd integer.
int round_up_to_odd(float f) {
  const int c = static_cast<int>(std::ceil(static_cast<double>(f)));
  return c % 2 == 0 ? c + 1 : c;
}

}  // namespace

bool kernelscale_valid(float kernelscale) {
  for (float v : kValidKernelScales)
    if (std::fabs(kernelscale - v) < 1e-3) return true;
  return false;
}

std::string kernelscale_list() {
  std::string s;
  for (float v : kValidKernelScales) s += (s.empty() ? "" : ", ") + fmt::format("{:g}", v);
  return s;
}

int filter_width(int scale, float kernelscale) {
  const int n = (1 << (4 - scale)) + 1;
  return std::max(round_up_to_odd(static_cast<float>(n) * kernelscale), 3);
}

std::vector<float> gaussian_taps(int width, float stdev) {
  std::vector<float> taps(static_cast<std::size_t>(width));
  const int half = (width - 1) / 2;
  float sum = 0;
  for (int i = 0; i < width; ++i) {
    taps[i] = gaussian_pdf(static_cast<float>(i - half), stdev);
    sum += taps[i];
  }
  for (float& t : taps) t /= sum;
  return taps;
}

std::vector<float> vif_filter_taps(int scale, float kernelscale) {
  const int width = filter_width(scale, kernelscale);
  return gaussian_taps(width, static_cast<float>(width) / 5.0f);
}

}  // namespace fastvmaf::common
