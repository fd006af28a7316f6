// The per-pixel arithmetic of libvmaf's CIEDE2000 (ciede.c, a port of av-metrics'):
// Y'CbCr (BT.709, limited range) to CIELAB through linear RGB and XYZ (D65) in double,
// the Lab triple kept as float, and the CIEDE2000 colour difference (kL = 0.65, kC = 1,
// kH = 4) with libvmaf's mix of float variables and double expressions. Every libm
// call is the double one libvmaf's C makes (its float arguments widened), except the
// powf calls it spells as such. Host only: libm has no device counterpart.
#pragma once

#include <cmath>
#include <numbers>

namespace fastvmaf::ciede {

struct Lab {
  float l, a, b;
};

// libvmaf's rgb_to_xyz_map: the sRGB transfer function's inverse.
inline double linearize(double c) {
  if (c > 10. / 255.) {
    const double a = 0.055;
    const double d = 1.0 / 1.055;
    return std::pow((c + a) * d, 2.4);
  }
  const double d = 1.0 / 12.92;
  return c * d;
}

// libvmaf's xyz_to_lab_map: the CIELAB companding (cube root above epsilon).
inline float lab_compand(double c) {
  const double kappa = 24389.0 / 27.0;
  const double epsilon = 216.0 / 24389.0;
  if (c > epsilon) return static_cast<float>(std::pow(c, 1.0 / 3.0));
  return static_cast<float>((kappa * c + 16.0) * (1.0 / 116.0));
}

// One sample triple of bit depth `bpc` to Lab (libvmaf's get_lab_color).
inline Lab lab_color(double y, double u, double v, unsigned bpc) {
  const double scale = 1 << (bpc - 8);
  y = (y - 16. * scale) * (1. / (219. * scale));
  u = (u - 128. * scale) * (1. / (224. * scale));
  v = (v - 128. * scale) * (1. / (224. * scale));
  double r = y + 1.28033 * v;
  double g = y - 0.21482 * u - 0.38059 * v;
  double b = y + 2.12798 * u;
  r = linearize(r);
  g = linearize(g);
  b = linearize(b);
  double x = r * 0.4124564390896921 + g * 0.357576077643909 + b * 0.18043748326639894;
  y = r * 0.21267285140562248 + g * 0.715152155287818 + b * 0.07217499330655958;
  double z = r * 0.019333895582329317 + g * 0.119192025881303 + b * 0.9503040785363677;
  x = lab_compand(x * (1.0 / 0.95047));
  y = lab_compand(y);
  z = lab_compand(z * (1.0 / 1.08883));
  return Lab{static_cast<float>((116.0 * y) - 16.0), static_cast<float>(500.0 * (x - y)),
             static_cast<float>(200.0 * (y - z))};
}

namespace detail {

inline constexpr double kPi = std::numbers::pi;  // M_PI

inline float hue_angle(float x, float y) {
  if ((x == 0.0) && (y == 0.0)) return 0.0;
  float h = static_cast<float>(std::atan2(static_cast<double>(x), static_cast<double>(y)));
  if (h < 0.0) h = static_cast<float>(h + 2. * kPi);
  return h;
}

inline float delta_hue(float c1, float c2, float h1, float h2) {
  if ((c1 == 0.0) || (c2 == 0.0)) return 0.0;
  if (std::fabs(h1 - h2) <= kPi) return h2 - h1;  // fabsf
  if (h2 <= h1) return static_cast<float>((h2 - h1) + 2. * kPi);
  return static_cast<float>((h2 - h1) - 2. * kPi);
}

inline float mean_hue(float h1, float h2) {
  return std::fabs(static_cast<double>(h1 - h2)) > kPi ? static_cast<float>(((h1 + h2) + 2.0 * kPi) / 2.0)
                                                        : static_cast<float>((h1 + h2) / 2.0);
}

inline float hue_weight_t(float h) {
  const double hd = h;
  return static_cast<float>(1.0 - 0.17 * std::cos(hd - kPi / 6.0) + 0.24 * std::cos(2.0 * hd) +
                            0.32 * std::cos(3.0 * hd + kPi / 30.0) - 0.20 * std::cos(4.0 * hd - 7.0 * kPi / 20.0));
}

inline float to_degrees(float radians) { return static_cast<float>(radians * (180.0 / kPi)); }
inline float to_radians(float degrees) { return static_cast<float>(degrees * (kPi / 180.0)); }

// pow(c, 7) / (pow(c, 7) + 25^7) in double (libvmaf's pow of a widened float).
inline double c7_ratio(float c) {
  const double c7 = std::pow(static_cast<double>(c), 7.0);
  return c7 / (c7 + std::pow(25.0, 7.0));
}

inline float rotation(float c_bar_prime, float h_bar_prime) {
  const float degrees = static_cast<float>((to_degrees(h_bar_prime) - 275.0) * (1.0 / 25.0));
  // powf, as libvmaf calls it here.
  const float c7 = std::pow(c_bar_prime, 7.0f);
  const float ratio = c7 / (c7 + std::pow(25.0f, 7.0f));
  const float angle = to_radians(static_cast<float>(60.0 * std::exp(static_cast<double>(-(degrees * degrees)))));
  return static_cast<float>(-2.0 * std::sqrt(static_cast<double>(ratio)) * std::sin(static_cast<double>(angle)));
}

inline double sq(float v) { return static_cast<double>(v) * static_cast<double>(v); }  // pow(v, 2)

}  // namespace detail

// CIEDE2000 between two Lab colours (libvmaf's ciede2000 with its default k's).
inline float ciede2000(const Lab& c1, const Lab& c2) {
  using namespace detail;
  const float kl = 0.65f, kc = 1.0f, kh = 4.0f;
  const float delta_l_prime = c2.l - c1.l;
  const float l_bar = (c1.l + c2.l) / 2;
  const float ch1 = static_cast<float>(std::sqrt(sq(c1.a) + sq(c1.b)));
  const float ch2 = static_cast<float>(std::sqrt(sq(c2.a) + sq(c2.b)));
  const float c_bar = (ch1 + ch2) / 2;
  const double g = 1 - std::sqrt(c7_ratio(c_bar));
  const float a_prime_1 = static_cast<float>(c1.a + (c1.a / 2) * g);
  const float a_prime_2 = static_cast<float>(c2.a + (c2.a / 2) * g);
  const float c_prime_1 = static_cast<float>(std::sqrt(sq(a_prime_1) + sq(c1.b)));
  const float c_prime_2 = static_cast<float>(std::sqrt(sq(a_prime_2) + sq(c2.b)));
  const float c_bar_prime = (c_prime_1 + c_prime_2) / 2;
  const float delta_c_prime = c_prime_2 - c_prime_1;
  const float l50 = l_bar - 50;
  const float s_l = static_cast<float>(1. + ((0.015 * sq(l50)) / std::sqrt(20 + sq(l50))));
  const float s_c = static_cast<float>(1. + 0.045 * c_bar_prime);
  const float h_prime_1 = hue_angle(c1.b, a_prime_1);
  const float h_prime_2 = hue_angle(c2.b, a_prime_2);
  const float delta_h_prime = delta_hue(ch1, ch2, h_prime_1, h_prime_2);
  const float delta_big_h = static_cast<float>(2.0 * std::sqrt(static_cast<double>(c_prime_1 * c_prime_2)) *
                                               std::sin(delta_h_prime / 2.0));
  const float h_bar_prime = mean_hue(h_prime_1, h_prime_2);
  const float t = hue_weight_t(h_bar_prime);
  const float s_h = static_cast<float>(1.0 + 0.015 * c_bar_prime * t);
  const float r_t = rotation(c_bar_prime, h_bar_prime);
  const float lightness = delta_l_prime / (kl * s_l);
  const float chroma = delta_c_prime / (kc * s_c);
  const float hue = delta_big_h / (kh * s_h);
  return static_cast<float>(std::sqrt(sq(lightness) + sq(chroma) + sq(hue) + r_t * chroma * hue));
}

}  // namespace fastvmaf::ciede
