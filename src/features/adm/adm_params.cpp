#include "features/adm/adm_params.hpp"

#include <cmath>
#include <numbers>

#include "features/adm/adm_math.hpp"

namespace fastvmaf::adm {

// Every libm call below takes and returns double, as in libvmaf's C (float arguments are
// widened explicitly so C++'s float overloads are never chosen).

const std::int32_t* div_lookup() {
  static const std::array<std::int32_t, kDivLookupSize> table = [] {
    std::array<std::int32_t, kDivLookupSize> t{};
    for (int i = 1; i <= 32768; ++i) {
      const std::int32_t recip = static_cast<std::int32_t>(1073741824 / i);
      t[32768 + i] = recip;
      t[32768 - i] = -recip;
    }
    return t;
  }();
  return table.data();
}

float cos_1deg_sq() {
  static const float v = static_cast<float>(std::cos(1.0 * std::numbers::pi / 180.0) *
                                            std::cos(1.0 * std::numbers::pi / 180.0));
  return v;
}

std::uint16_t to_u16_like_x86(double v) {
  // cvttsd2si into a 32-bit register, then its low 16 bits; out of range gives INT32_MIN.
  if (!(v > -2147483649.0 && v < 2147483648.0)) return 0;
  return static_cast<std::uint16_t>(static_cast<std::uint32_t>(static_cast<std::int32_t>(v)));
}

std::uint32_t to_u32_like_x86(double v) {
  // cvttsd2si into a 64-bit register, then its low 32 bits; out of range gives INT64_MIN.
  if (!(v > -9223372036854775808.0 && v < 9223372036854775808.0)) return 0;
  return static_cast<std::uint32_t>(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
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

// Blended Barten/Watson CSF tables [theta][scale] (barten_csf_tools.h), legacy and
// MAE-fitted (v1.0.17+).
struct BlendTable {
  int height;
  double view_dist;
  float legacy[2][4];
  float mae[2][4];
};
constexpr BlendTable kBlendTables[] = {
    {1080, 3.0,
     {{0.01183f, 0.025026f, 0.04295f, 0.058621f}, {0.004302f, 0.011778f, 0.023918f, 0.035901f}},
     {{0.011249f, 0.022606f, 0.035930f, 0.045673f}, {0.004097f, 0.010921f, 0.021430f, 0.031313f}}},
    {1080, 5.0,
     {{0.004212f, 0.014809f, 0.029642f, 0.047464f}, {0.000984f, 0.005852f, 0.0146f, 0.027574f}},
     {{0.004052f, 0.013939f, 0.026298f, 0.038833f}, {0.000927f, 0.005544f, 0.013415f, 0.024515f}}},
    // 2160 at 1.5H has the pixels per degree of 1080 at 3H and uses its table.
    {2160, 1.5,
     {{0.01183f, 0.025026f, 0.04295f, 0.058621f}, {0.004302f, 0.011778f, 0.023918f, 0.035901f}},
     {{0.011249f, 0.022606f, 0.035930f, 0.045673f}, {0.004097f, 0.010921f, 0.021430f, 0.031313f}}},
    {2160, 3.0,
     {{0.00226f, 0.01183f, 0.025026f, 0.04295f}, {0.000479f, 0.004302f, 0.011778f, 0.023918f}},
     {{0.002166f, 0.011249f, 0.022606f, 0.035930f}, {0.000447f, 0.004097f, 0.010921f, 0.021430f}}},
    {2160, 5.0,
     {{0.000092f, 0.004212f, 0.014809f, 0.029642f}, {0.000050f, 0.000984f, 0.005852f, 0.0146f}},
     {{0.000077f, 0.004052f, 0.013939f, 0.026298f}, {0.000045f, 0.000927f, 0.005544f, 0.013415f}}},
    {720, 3.0,
     {{0.018715f, 0.035637f, 0.052798f, 0.061509f}, {0.007999f, 0.018396f, 0.031851f, 0.037718f}},
     {{0.017329f, 0.030870f, 0.042134f, 0.047410f}, {0.007509f, 0.016707f, 0.028072f, 0.032722f}}},
    {720, 5.0,
     {{0.010144f, 0.022561f, 0.040309f, 0.05672f}, {0.003463f, 0.010282f, 0.021839f, 0.034641f}},
     {{0.009689f, 0.020577f, 0.034162f, 0.044523f}, {0.003302f, 0.009579f, 0.019661f, 0.030318f}}},
    {480, 3.0,
     {{0.027961f, 0.045875f, 0.060275f, 0.056234f}, {0.013572f, 0.026277f, 0.036959f, 0.034511f}},
     {{0.024969f, 0.037825f, 0.046676f, 0.043974f}, {0.012511f, 0.023424f, 0.032139f, 0.030166f}}},
    {480, 5.0,
     {{0.016781f, 0.032822f, 0.05032f, 0.061594f}, {0.00691f, 0.016545f, 0.029917f, 0.037777f}},
     {{0.015665f, 0.028766f, 0.040612f, 0.047483f}, {0.006514f, 0.015107f, 0.026476f, 0.032776f}}},
};

const BlendTable* find_blend_table(double view_dist, int height) {
  for (const BlendTable& t : kBlendTables)
    if (t.height == height && t.view_dist == view_dist) return &t;
  return nullptr;
}

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

float blended_csf(bool mae, int scale, int theta, double norm_view_dist, int ref_display_height) {
  const BlendTable* t = find_blend_table(norm_view_dist, ref_display_height);
  if (!t) return -22.0f;
  return mae ? t->mae[theta][scale] : t->legacy[theta][scale];
}

std::string config_error(const AdmConfig& c) {
  // integer_adm.c extract(): the 16-bit pipeline cannot take a lower angular frequency.
  if (c.norm_view_dist * c.ref_display_height < 3.0 * 1080)
    return "adm_norm_view_dist * adm_ref_display_height must be at least 3240 (3.0 * 1080), got " +
           std::to_string(c.norm_view_dist * c.ref_display_height);
  if ((c.csf_mode == CsfMode::BartenWatsonBlend || c.csf_mode == CsfMode::BartenWatsonBlendMae) &&
      !find_blend_table(c.norm_view_dist, c.ref_display_height))
    return "adm_csf_mode " + std::to_string(static_cast<int>(c.csf_mode)) +
           " knows adm_ref_display_height/adm_norm_view_dist 1080/3, 1080/5, 2160/1.5, 2160/3, 2160/5, 720/3, "
           "720/5, 480/3 and 480/5 only";
  return {};
}

std::array<float, 3> csf_weights(const AdmConfig& c, int scale) {
  float f1 = 0.0f, f2 = 0.0f;
  switch (c.csf_mode) {
    case CsfMode::Barten:
      f1 = barten_csf(scale, c.norm_view_dist, c.ref_display_height, c.csf_scale);
      f2 = barten_csf(scale, c.norm_view_dist, c.ref_display_height, c.csf_diag_scale);
      break;
    case CsfMode::BartenWatsonBlend:
    case CsfMode::BartenWatsonBlendMae: {
      const bool mae = c.csf_mode == CsfMode::BartenWatsonBlendMae;
      f1 = blended_csf(mae, scale, 0, c.norm_view_dist, c.ref_display_height);
      f2 = blended_csf(mae, scale, 1, c.norm_view_dist, c.ref_display_height);
      break;
    }
    case CsfMode::Watson97:
      f1 = 1.0f / watson_quant_step(scale, 1, c.norm_view_dist, c.ref_display_height);
      f2 = 1.0f / watson_quant_step(scale, 2, c.norm_view_dist, c.ref_display_height);
      break;
  }
  return {f1, f1, f2};
}

int dwt_source_index(int n, int t, int in_size) { return source_index(n, t, in_size); }

namespace {

// pow(2, shift - 1) in the unsigned arithmetic libvmaf writes it in.
std::uint32_t half_unit(std::uint32_t shift) { return to_u32_like_x86(std::pow(2.0, static_cast<double>(shift - 1u))); }

Rect border_region(int w, int h) {
  Rect r;
  r.left = static_cast<int>(w * 0.1 - 0.5);  // ADM_BORDER_FACTOR
  r.top = static_cast<int>(h * 0.1 - 0.5);
  r.right = w - r.left;
  r.bottom = h - r.top;
  return r;
}

}  // namespace

ScaleParams make_scale_params(const AdmConfig& c, int scale, int in_w, int in_h) {
  ScaleParams p;
  p.scale = scale;
  p.in_w = in_w;
  p.in_h = in_h;
  p.w = (in_w + 1) / 2;
  p.h = (in_h + 1) / 2;
  const int w = p.w, h = p.h;
  p.measure = border_region(w, h);
  // A border at or below zero means the whole band, edges included.
  p.masker = p.measure;
  if (p.measure.left <= 0) {
    p.masker.left = 0;
    p.masker.right = w;
  } else {
    p.masker.left = p.measure.left - 1;
    p.masker.right = p.measure.right + 1;
  }
  if (p.measure.top <= 0) {
    p.masker.top = 0;
    p.masker.bottom = h;
  } else {
    p.masker.top = p.measure.top - 1;
    p.masker.bottom = p.measure.bottom + 1;
  }
  p.rfactor = csf_weights(c, scale);

  const auto log2_ceil = [](double v) { return std::ceil(std::log2(v)); };
  if (scale == 0) {
    // adm_csf / adm_cm: Q21 (h, v) and Q23 (d), fixed for 1080p at 3H with Watson's CSF.
    if (std::fabs(c.norm_view_dist * c.ref_display_height - 3.0 * 1080) < 1.0e-8 && c.csf_mode == CsfMode::Watson97) {
      p.i_rfactor = {36453, 36453, 49417};
    } else {
      const double q21 = std::pow(2.0, 21), q23 = std::pow(2.0, 23);
      p.i_rfactor = {to_u16_like_x86(p.rfactor[0] * q21), to_u16_like_x86(p.rfactor[1] * q21),
                     to_u16_like_x86(p.rfactor[2] * q23)};
    }
    const std::uint32_t hv = to_u32_like_x86(std::ceil(std::log2(static_cast<double>(w)) - 4));
    const std::uint32_t d = to_u32_like_x86(std::ceil(std::log2(static_cast<double>(w)) - 3));
    p.cm_cub_shift = {hv, hv, d};
    p.cm_cub_add = {half_unit(hv), half_unit(hv), half_unit(d)};
    // adm_csf_den_scale
    int den_shift = static_cast<int>(std::ceil(std::log2(static_cast<double>(p.measure.rows() * p.measure.cols())) - 20));
    den_shift = den_shift > 0 ? den_shift : 0;
    p.den_row_shift = static_cast<std::uint32_t>(den_shift);
    p.den_row_add = den_shift > 0 ? (1u << (den_shift - 1)) : 0u;
  } else {
    const double q32 = std::pow(2.0, 32);
    p.i_rfactor = {to_u32_like_x86(p.rfactor[0] * q32), to_u32_like_x86(p.rfactor[1] * q32),
                   to_u32_like_x86(p.rfactor[2] * q32)};
    const std::uint32_t cub = to_u32_like_x86(log2_ceil(w));
    p.cm_cub_shift = {cub, cub, cub};
    p.cm_cub_add = {half_unit(cub), half_unit(cub), half_unit(cub)};
    // adm_csf_den_s123
    p.den_cub_shift = to_u32_like_x86(log2_ceil(p.measure.cols()));
    p.den_cub_add = half_unit(p.den_cub_shift);
    p.den_row_shift = to_u32_like_x86(log2_ceil(p.measure.rows()));
    p.den_row_add = half_unit(p.den_row_shift);
  }
  p.cm_row_shift = to_u32_like_x86(log2_ceil(h));
  p.cm_row_add = half_unit(p.cm_row_shift);
  return p;
}

namespace {

// The noise floor of numerator and denominator: powf(area * noise_weight, 1/3).
float noise_floor(const ScaleParams& p, double noise_weight) {
  return std::pow(static_cast<float>(p.measure.rows() * p.measure.cols() * noise_weight), 1.0f / 3.0f);
}

// adm_cm / i4_adm_cm after the sums: undo the fixed point, cube root, add the floor.
float measure_scale(const ScaleParams& p, const std::int64_t (&accum)[3], double noise_weight) {
  float f[3];
  if (p.scale == 0) {
    constexpr std::uint32_t kPending[3] = {52, 52, 57};  // (6 + 21) * 3 - 29 and (6 + 23) * 3 - 30
    for (int b = 0; b < 3; ++b)
      f[b] = static_cast<float>(static_cast<double>(accum[b]) /
                                std::pow(2.0, static_cast<double>(kPending[b] - p.cm_cub_shift[b] - p.cm_row_shift)));
  } else {
    constexpr std::uint32_t kPending[3] = {45, 39, 36};
    const float shift = static_cast<float>(
        std::pow(2.0, static_cast<double>(kPending[p.scale - 1] - p.cm_cub_shift[0] - p.cm_row_shift)));
    for (int b = 0; b < 3; ++b) f[b] = static_cast<float>(accum[b]) / shift;
  }
  const float floor = noise_floor(p, noise_weight);
  const float h = std::pow(f[0], 1.0f / 3.0f) + floor;
  const float v = std::pow(f[1], 1.0f / 3.0f) + floor;
  const float d = std::pow(f[2], 1.0f / 3.0f) + floor;
  return h + v + d;
}

// adm_csf_den_scale / adm_csf_den_s123 after the sums.
float denominator_scale(const ScaleParams& p, const std::uint64_t (&accum)[3], double noise_weight) {
  double shift;
  if (p.scale == 0) {
    shift = std::pow(2.0, 18 - static_cast<int>(p.den_row_shift));
  } else {
    constexpr std::uint32_t kPending[3] = {32, 27, 23};
    shift = std::pow(2.0, static_cast<double>(kPending[p.scale - 1] - p.den_row_shift - p.den_cub_shift));
  }
  float den[3];
  const float floor = noise_floor(p, noise_weight);
  for (int b = 0; b < 3; ++b) {
    const double csf = static_cast<double>(accum[b]) / shift * std::pow(static_cast<double>(p.rfactor[b]), 3.0);
    den[b] = std::pow(static_cast<float>(csf), 1.0f / 3.0f) + floor;
  }
  return den[0] + den[1] + den[2];
}

}  // namespace

AdmScores finish_frame(const AdmConfig& c, const ScaleParams (&p)[kScales], const ScaleSums (&sums)[kScales],
                       unsigned width, unsigned height) {
  AdmScores s;
  const double numden_limit = 1e-10 * (width * height) / (1920.0 * 1080.0);
  double num = 0, den = 0, aim_num = 0;
  for (int k = 0; k < kScales; ++k) {
    float num_scale = 0.0f, den_scale = 0.0f, aim_scale = 0.0f;
    if (k == 0 && c.skip_scale0) {
      den_scale = 1e-10f;  // libvmaf: avoid a division by zero
    } else {
      den_scale = denominator_scale(p[k], sums[k].den, c.noise_weight);
      num_scale = measure_scale(p[k], sums[k].dlm, c.noise_weight);
      if (!c.skip_aim) aim_scale = measure_scale(p[k], sums[k].aim, 0.0);  // AIM has no noise floor
    }
    num += num_scale;
    den += den_scale;
    aim_num += aim_scale;
    s.num_scale[k] = num_scale;
    s.den_scale[k] = den_scale;
  }
  num = num < numden_limit ? 0 : num;
  den = den < numden_limit ? 0 : den;
  if (den == 0.0) {
    // libvmaf leaves the AIM score uninitialised here; we report 0.
    s.adm2 = 1.0;
    s.aim = 0.0;
  } else {
    s.aim = aim_num / den;  // AIM is normalised by the DLM denominator
    s.adm2 = num / den;
  }
  s.num = num;
  s.den = den;
  const double adm3 = s.adm2 * c.dlm_weight + (1 - s.aim) * (1 - c.dlm_weight);
  s.adm3 = adm3 > c.min_val ? adm3 : c.min_val;
  for (int k = 0; k < kScales; ++k) s.scale[k] = s.num_scale[k] / s.den_scale[k];
  return s;
}

}  // namespace fastvmaf::adm
