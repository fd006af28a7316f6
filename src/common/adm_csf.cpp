#include "common/adm_csf.hpp"

#include <cmath>
#include <numbers>

namespace fastvmaf::common {

// Every libm call below takes and returns double, as in libvmaf's C (float arguments are
// widened explicitly so C++'s float overloads are never chosen).

float cos_1deg_sq() {
  static const float v = static_cast<float>(std::cos(1.0 * std::numbers::pi / 180.0) *
                                            std::cos(1.0 * std::numbers::pi / 180.0));
  return v;
}

namespace {

constexpr double kPi = std::numbers::pi;

// Watson et al. 1997, Table IV, luma ("sfl") and Table V (integer_adm.h).
constexpr float kWatsonA = 0.495f;
constexpr float kWatsonK = 0.466f;
constexpr float kWatsonF0 = 0.401f;
constexpr float kWatsonG[4] = {1.501f, 1.0f, 0.534f, 1.0f};
constexpr float kBasisAmplitude[6][4] = {{0.62171f, 0.67234f, 0.72709f, 0.67234f},
                                         {0.34537f, 0.41317f, 0.49428f, 0.41317f},
                                         {0.18004f, 0.22727f, 0.28688f, 0.22727f},
                                         {0.091401f, 0.11792f, 0.15214f, 0.11792f},
                                         {0.045943f, 0.059758f, 0.077727f, 0.059758f},
                                         {0.023013f, 0.030018f, 0.039156f, 0.030018f}};

// Barten CSF as in HDR-VDP 2.2.1 (barten_csf_tools.h).
constexpr float kBartenLumAnchors[6] = {0.002f, 0.02f, 0.2f, 2.0f, 20.0f, 150.0f};
constexpr float kBartenParams[6][5] = {{0.0160737f, 0.991265f, 3.74038f, 0.50722f, 4.46044f},
                                       {0.383873f, 0.800889f, 3.54104f, 0.682505f, 4.94958f},
                                       {0.929301f, 0.476505f, 4.37453f, 0.750315f, 5.28678f},
                                       {1.29776f, 0.405782f, 4.40602f, 0.935314f, 5.61425f},
                                       {1.49222f, 0.334278f, 3.79542f, 1.07327f, 6.4635f},
                                       {1.46213f, 0.394533f, 2.7755f, 1.16577f, 7.45665f}};
constexpr float kBartenSa[4] = {30.162f, 4.0627f, 1.6596f, 0.2712f};
constexpr float kBartenMtfA[4] = {0.424838596301290f, 0.572435103936480f, 0.000167576239164937f,
                                  0.00255872352306433f};
constexpr float kBartenMtfB[4] = {0.028f, 0.37f, 37.0f, 360.0f};
constexpr double kCsfLuminance = 100.0;  // DEFAULT_ADM_CSF_LUM, cd/m2

float linear_interpolate(float left_pos, float left_val, float right_pos, float right_val, float pos) {
  return left_val + ((right_val - left_val) / (right_pos - left_pos)) * (pos - left_pos);
}

float barten_rod_cone_sens(float luminance) {
  const double inner = std::pow(static_cast<double>(kBartenSa[1] / luminance), static_cast<double>(kBartenSa[2])) + 1;
  return static_cast<float>(kBartenSa[0] * std::pow(inner, static_cast<double>(-kBartenSa[3])));
}

float barten_mtf(float spatial_frequency) {
  float mtf = 0.0f;
  for (int i = 0; i <= 3; i++)
    mtf = static_cast<float>(mtf + kBartenMtfA[i] * std::exp(static_cast<double>(-kBartenMtfB[i] * spatial_frequency)));
  return mtf;
}

}  // namespace

float watson_quant_step(int lambda, int theta, double norm_view_dist, int ref_display_height) {
  // Watson 1997 formula (1): display resolution in pixels per degree, and (9).
  const float r = static_cast<float>(norm_view_dist * ref_display_height * kPi / 180.0);
  const float temp = static_cast<float>(std::log10(std::pow(2.0, lambda + 1) * kWatsonF0 * kWatsonG[theta] / r));
  const float q = static_cast<float>(2.0 * kWatsonA * std::pow(10.0, static_cast<double>(kWatsonK * temp * temp)) /
                                     kBasisAmplitude[lambda][theta]);
  return q;
}

float barten_csf(int lambda, double norm_view_dist, int ref_display_height, double csf_scale) {
  const float r = static_cast<float>(norm_view_dist * ref_display_height * kPi / 180.0);
  const float spatial_frequency = static_cast<float>(r / std::pow(2.0, lambda + 1));

  const double lum = kCsfLuminance > kBartenLumAnchors[5]   ? static_cast<double>(kBartenLumAnchors[5])
                     : kCsfLuminance < kBartenLumAnchors[0] ? static_cast<double>(kBartenLumAnchors[0])
                                                            : kCsfLuminance;
  int left = 0, right = 0;
  for (int i = 0; i < 5; ++i) {
    if (lum >= kBartenLumAnchors[i] && lum <= kBartenLumAnchors[i + 1]) {
      left = i;
      right = i + 1;
      break;
    }
  }
  const float left_pos = static_cast<float>(std::log10(static_cast<double>(kBartenLumAnchors[left])));
  const float right_pos = static_cast<float>(std::log10(static_cast<double>(kBartenLumAnchors[right])));
  const float pos = static_cast<float>(std::log10(lum));
  float p[4];
  for (int k = 0; k < 4; ++k)
    p[k] = linear_interpolate(left_pos, kBartenParams[left][k + 1], right_pos, kBartenParams[right][k + 1], pos);

  const float a = static_cast<float>(
      1.0f + std::pow(static_cast<double>(p[0] * spatial_frequency), static_cast<double>(p[1])));
  const double sf7 = static_cast<double>(spatial_frequency / 7);
  const float b = static_cast<float>(1.0f / std::pow(1 - std::exp(-std::pow(sf7, 2.0)), static_cast<double>(p[2])));
  const float csf = static_cast<float>(p[3] / std::pow(static_cast<double>(a * b), 0.5));
  const float product = csf * barten_mtf(spatial_frequency) * barten_rod_cone_sens(static_cast<float>(kCsfLuminance));
  return static_cast<float>(product * csf_scale);
}

float native_csf(int lambda, double norm_view_dist, int ref_display_height, int theta) {
  const float r = static_cast<float>(norm_view_dist * ref_display_height * kPi / 180.0);
  // The nominal spatial frequency of the level: half the display resolution at level 0.
  float spatial_frequency = static_cast<float>(r / std::pow(2.0, lambda + 1));
  if (theta == 45) spatial_frequency = static_cast<float>(spatial_frequency / 0.7);  // oblique effect
  return static_cast<float>((0.31 + 0.69 * spatial_frequency) * std::exp(-0.29 * spatial_frequency));
}

}  // namespace fastvmaf::common
