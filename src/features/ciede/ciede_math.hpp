// The per-pixel arithmetic of libvmaf's CIEDE2000 (ciede.c, a port of av-metrics'):
// Y'CbCr (BT.709, limited range) to CIELAB through linear RGB and XYZ (D65) in double,
// the Lab triple kept as float, and the CIEDE2000 colour difference (kL = 0.65, kC = 1,
// kH = 4) with libvmaf's mix of float variables and double expressions.
//
// Written once for the CPU extractor and the GPU twin (features/ciede/gpu/): every
// operation is explicit, in libvmaf's order, each rounded once (core/hd/rounding.hpp:
// fadd_rn is a float addition, dmul_rn a double product, float_to_double a C promotion),
// over the real type F (double, or hd::SoftF64 where a device has no fp64). The libm
// calls go through a policy M: the CPU's (HostLibm below) calls the host's glibc, as
// libvmaf does; the twin's calls core/hd's transcriptions of glibc's x86-64 routines,
// which give the same bits (tests/unit/hd_*_test.cpp, and the twin's host replay against
// this extractor). M provides, over F: pow, exp, sin, cos, atan2, and powf over float.
// Constants are folded by the compiler (kPi / 6.0, 1.0 / 1.055, ...) as they are in
// libvmaf's build: correctly rounded, so F(constant) has the same bits.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numbers>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::ciede {

struct Lab {
  float l, a, b;
};

#if !defined(__CUDACC__) && !defined(__HIPCC__)
// The host's libm, as libvmaf calls it (the double routines with float arguments
// widened; powf where libvmaf spells it). Not in GPU units: their code is the twin's.
struct HostLibm {
  static double pow(double x, double y) { return std::pow(x, y); }
  static double exp(double x) { return std::exp(x); }
  static double sin(double x) { return std::sin(x); }
  static double cos(double x) { return std::cos(x); }
  static double atan2(double y, double x) { return std::atan2(y, x); }
  static float powf(float x, float y) { return ::powf(x, y); }
};
#endif

namespace detail {

inline constexpr double kPi = std::numbers::pi;  // M_PI

// 25^7 in double (exact) and as powf gives it (the nearest float; libvmaf's powf of two
// constants, folded by its compiler).
inline constexpr double kTwentyFive7 = 6103515625.0;
inline constexpr float kTwentyFive7f = static_cast<float>(6103515625.0);

template <class F>
FVMAF_HD inline F to_f(float v) {
  return hd::float_to_double<F>(v);
}
FVMAF_HD inline float fabs_f(float v) { return hd::bits_float(hd::float_bits(v) & 0x7fffffffu); }
template <class F>
FVMAF_HD inline F sq(float v) {  // pow(v, 2) of a widened float: v * v
  return hd::dmul_rn(to_f<F>(v), to_f<F>(v));
}

// libvmaf's rgb_to_xyz_map: the sRGB transfer function's inverse.
template <class F, class M>
FVMAF_HD inline F linearize(F c) {
  if (c > F(10. / 255.)) return M::pow(hd::dmul_rn(hd::dadd_rn(c, F(0.055)), F(1.0 / 1.055)), F(2.4));
  return hd::dmul_rn(c, F(1.0 / 12.92));
}

// libvmaf's xyz_to_lab_map: the CIELAB companding (cube root above epsilon).
template <class F, class M>
FVMAF_HD inline float lab_compand(F c) {
  if (c > F(216.0 / 24389.0)) return hd::double_to_float_rn(M::pow(c, F(1.0 / 3.0)));
  return hd::double_to_float_rn(hd::dmul_rn(hd::dadd_rn(hd::dmul_rn(F(24389.0 / 27.0), c), F(16.0)), F(1.0 / 116.0)));
}

// (sample - offset * scale) * (1 / (range * scale)), scale = 2^(bpc - 8), as libvmaf
// normalises each sample (its divisions at run time: the depth is not a constant).
template <class F>
FVMAF_HD inline F normalise(F sample, F scale, F offset, F range) {
  return hd::dmul_rn(hd::dsub_rn(sample, hd::dmul_rn(offset, scale)), hd::ddiv_rn(F(1.), hd::dmul_rn(range, scale)));
}

template <class F, class M>
FVMAF_HD inline float hue_angle(float x, float y) {
  if (x == 0.0f && y == 0.0f) return 0.0f;
  float h = hd::double_to_float_rn(M::atan2(to_f<F>(x), to_f<F>(y)));
  if (h < 0.0f) h = hd::double_to_float_rn(hd::dadd_rn(to_f<F>(h), F(2. * kPi)));
  return h;
}

template <class F>
FVMAF_HD inline float delta_hue(float c1, float c2, float h1, float h2) {
  if (c1 == 0.0f || c2 == 0.0f) return 0.0f;
  if (to_f<F>(fabs_f(hd::fsub_rn(h1, h2))) <= F(kPi)) return hd::fsub_rn(h2, h1);
  if (h2 <= h1) return hd::double_to_float_rn(hd::dadd_rn(to_f<F>(hd::fsub_rn(h2, h1)), F(2. * kPi)));
  return hd::double_to_float_rn(hd::dsub_rn(to_f<F>(hd::fsub_rn(h2, h1)), F(2. * kPi)));
}

template <class F>
FVMAF_HD inline float mean_hue(float h1, float h2) {
  const F sum = to_f<F>(hd::fadd_rn(h1, h2));
  if (to_f<F>(fabs_f(hd::fsub_rn(h1, h2))) > F(kPi))
    return hd::double_to_float_rn(hd::ddiv_rn(hd::dadd_rn(sum, F(2.0 * kPi)), F(2.0)));
  return hd::double_to_float_rn(hd::ddiv_rn(sum, F(2.0)));
}

// 1 - 0.17 cos(h - 30deg) + 0.24 cos(2h) + 0.32 cos(3h + 6deg) - 0.20 cos(4h - 63deg).
template <class F, class M>
FVMAF_HD inline float hue_weight_t(float h) {
  const F hd_ = to_f<F>(h);
  const F c1 = M::cos(hd::dsub_rn(hd_, F(kPi / 6.0)));
  const F c2 = M::cos(hd::dmul_rn(F(2.0), hd_));
  const F c3 = M::cos(hd::dadd_rn(hd::dmul_rn(F(3.0), hd_), F(kPi / 30.0)));
  const F c4 = M::cos(hd::dsub_rn(hd::dmul_rn(F(4.0), hd_), F(7.0 * kPi / 20.0)));
  F t = hd::dsub_rn(F(1.0), hd::dmul_rn(F(0.17), c1));
  t = hd::dadd_rn(t, hd::dmul_rn(F(0.24), c2));
  t = hd::dadd_rn(t, hd::dmul_rn(F(0.32), c3));
  return hd::double_to_float_rn(hd::dsub_rn(t, hd::dmul_rn(F(0.20), c4)));
}

template <class F>
FVMAF_HD inline float to_degrees(float radians) {
  return hd::double_to_float_rn(hd::dmul_rn(to_f<F>(radians), F(180.0 / kPi)));
}
template <class F>
FVMAF_HD inline float to_radians(float degrees) {
  return hd::double_to_float_rn(hd::dmul_rn(to_f<F>(degrees), F(kPi / 180.0)));
}

// pow(c, 7) / (pow(c, 7) + 25^7) in double (libvmaf's pow of a widened float).
template <class F, class M>
FVMAF_HD inline F c7_ratio(float c) {
  const F c7 = M::pow(to_f<F>(c), F(7.0));
  return hd::ddiv_rn(c7, hd::dadd_rn(c7, F(kTwentyFive7)));
}

template <class F, class M>
FVMAF_HD inline float rotation(float c_bar_prime, float h_bar_prime) {
  const float degrees =
      hd::double_to_float_rn(hd::dmul_rn(hd::dsub_rn(to_f<F>(to_degrees<F>(h_bar_prime)), F(275.0)), F(1.0 / 25.0)));
  const float c7 = M::powf(c_bar_prime, 7.0f);  // powf, as libvmaf calls it here
  const float ratio = hd::fdiv_rn(c7, hd::fadd_rn(c7, kTwentyFive7f));
  const float e = hd::double_to_float_rn(hd::dmul_rn(F(60.0), M::exp(to_f<F>(-hd::fmul_rn(degrees, degrees)))));
  const float angle = to_radians<F>(e);
  return hd::double_to_float_rn(
      hd::dmul_rn(hd::dmul_rn(F(-2.0), hd::dsqrt_rn(to_f<F>(ratio))), M::sin(to_f<F>(angle))));
}

}  // namespace detail

// One sample triple of bit depth `bpc` to Lab (libvmaf's get_lab_color; the samples
// as it passes them, integers widened to double).
template <class F, class M>
FVMAF_HD inline Lab lab_color_in(unsigned ys, unsigned us, unsigned vs, unsigned bpc) {
  using namespace detail;
  const F scale = hd::int_to_double<F>(1 << (bpc - 8));
  const F y = normalise(hd::uint_to_double<F>(ys), scale, F(16.), F(219.));
  const F u = normalise(hd::uint_to_double<F>(us), scale, F(128.), F(224.));
  const F v = normalise(hd::uint_to_double<F>(vs), scale, F(128.), F(224.));
  const F r = linearize<F, M>(hd::dadd_rn(y, hd::dmul_rn(F(1.28033), v)));
  const F g = linearize<F, M>(hd::dsub_rn(hd::dsub_rn(y, hd::dmul_rn(F(0.21482), u)), hd::dmul_rn(F(0.38059), v)));
  const F b = linearize<F, M>(hd::dadd_rn(y, hd::dmul_rn(F(2.12798), u)));
  const F x = hd::dadd_rn(hd::dadd_rn(hd::dmul_rn(r, F(0.4124564390896921)), hd::dmul_rn(g, F(0.357576077643909))),
                          hd::dmul_rn(b, F(0.18043748326639894)));
  const F yy = hd::dadd_rn(hd::dadd_rn(hd::dmul_rn(r, F(0.21267285140562248)), hd::dmul_rn(g, F(0.715152155287818))),
                           hd::dmul_rn(b, F(0.07217499330655958)));
  const F z = hd::dadd_rn(hd::dadd_rn(hd::dmul_rn(r, F(0.019333895582329317)), hd::dmul_rn(g, F(0.119192025881303))),
                          hd::dmul_rn(b, F(0.9503040785363677)));
  const float xf = lab_compand<F, M>(hd::dmul_rn(x, F(1.0 / 0.95047)));
  const float yf = lab_compand<F, M>(yy);
  const float zf = lab_compand<F, M>(hd::dmul_rn(z, F(1.0 / 1.08883)));
  // libvmaf keeps the companded floats in its double variables: the differences are double.
  const F xl = to_f<F>(xf), yl = to_f<F>(yf), zl = to_f<F>(zf);
  return Lab{hd::double_to_float_rn(hd::dsub_rn(hd::dmul_rn(F(116.0), yl), F(16.0))),
             hd::double_to_float_rn(hd::dmul_rn(F(500.0), hd::dsub_rn(xl, yl))),
             hd::double_to_float_rn(hd::dmul_rn(F(200.0), hd::dsub_rn(yl, zl)))};
}

// CIEDE2000 between two Lab colours (libvmaf's ciede2000 with its default k's).
template <class F, class M>
FVMAF_HD inline float ciede2000_in(const Lab& c1, const Lab& c2) {
  using namespace detail;
  using hd::dadd_rn, hd::dmul_rn, hd::dsqrt_rn, hd::double_to_float_rn, hd::fadd_rn, hd::fsub_rn, hd::fmul_rn,
      hd::fdiv_rn;
  const float kl = 0.65f, kc = 1.0f, kh = 4.0f;
  const float delta_l_prime = fsub_rn(c2.l, c1.l);
  const float l_bar = fdiv_rn(fadd_rn(c1.l, c2.l), 2.0f);
  const float ch1 = double_to_float_rn(dsqrt_rn(dadd_rn(sq<F>(c1.a), sq<F>(c1.b))));
  const float ch2 = double_to_float_rn(dsqrt_rn(dadd_rn(sq<F>(c2.a), sq<F>(c2.b))));
  const float c_bar = fdiv_rn(fadd_rn(ch1, ch2), 2.0f);
  const F g = hd::dsub_rn(F(1.0), dsqrt_rn(c7_ratio<F, M>(c_bar)));
  const float a_prime_1 = double_to_float_rn(dadd_rn(to_f<F>(c1.a), dmul_rn(to_f<F>(fdiv_rn(c1.a, 2.0f)), g)));
  const float a_prime_2 = double_to_float_rn(dadd_rn(to_f<F>(c2.a), dmul_rn(to_f<F>(fdiv_rn(c2.a, 2.0f)), g)));
  const float c_prime_1 = double_to_float_rn(dsqrt_rn(dadd_rn(sq<F>(a_prime_1), sq<F>(c1.b))));
  const float c_prime_2 = double_to_float_rn(dsqrt_rn(dadd_rn(sq<F>(a_prime_2), sq<F>(c2.b))));
  const float c_bar_prime = fdiv_rn(fadd_rn(c_prime_1, c_prime_2), 2.0f);
  const float delta_c_prime = fsub_rn(c_prime_2, c_prime_1);
  const float l50 = fsub_rn(l_bar, 50.0f);
  const float s_l = double_to_float_rn(
      dadd_rn(F(1.), hd::ddiv_rn(dmul_rn(F(0.015), sq<F>(l50)), dsqrt_rn(dadd_rn(F(20.0), sq<F>(l50))))));
  const float s_c = double_to_float_rn(dadd_rn(F(1.), dmul_rn(F(0.045), to_f<F>(c_bar_prime))));
  const float h_prime_1 = hue_angle<F, M>(c1.b, a_prime_1);
  const float h_prime_2 = hue_angle<F, M>(c2.b, a_prime_2);
  const float delta_h_prime = delta_hue<F>(ch1, ch2, h_prime_1, h_prime_2);
  const float delta_big_h =
      double_to_float_rn(dmul_rn(dmul_rn(F(2.0), dsqrt_rn(to_f<F>(fmul_rn(c_prime_1, c_prime_2)))),
                                 M::sin(hd::ddiv_rn(to_f<F>(delta_h_prime), F(2.0)))));
  const float h_bar_prime = mean_hue<F>(h_prime_1, h_prime_2);
  const float t = hue_weight_t<F, M>(h_bar_prime);
  const float s_h = double_to_float_rn(dadd_rn(F(1.0), dmul_rn(dmul_rn(F(0.015), to_f<F>(c_bar_prime)), to_f<F>(t))));
  const float r_t = rotation<F, M>(c_bar_prime, h_bar_prime);
  const float lightness = fdiv_rn(delta_l_prime, fmul_rn(kl, s_l));
  const float chroma = fdiv_rn(delta_c_prime, fmul_rn(kc, s_c));
  const float hue = fdiv_rn(delta_big_h, fmul_rn(kh, s_h));
  const F sum = dadd_rn(dadd_rn(dadd_rn(sq<F>(lightness), sq<F>(chroma)), sq<F>(hue)),
                        to_f<F>(fmul_rn(fmul_rn(r_t, chroma), hue)));
  return double_to_float_rn(dsqrt_rn(sum));
}

// Where libvmaf's upsampling reads the chroma sample for luma position (row, col), as an
// index into the chroma plane's samples counted with its stride: 4:2:0 takes row/2 and
// col/2 (row_shift = col_shift = 1); 4:2:2 takes row/2 and col (1, 0: libvmaf advances
// its chroma row every other luma row and halves the column only for 4:2:0, so its 4:2:2
// reads run on into the next chroma row); 4:4:4 reads in place (0, 0).
FVMAF_HD inline std::size_t chroma_flat_index(unsigned row_shift, unsigned col_shift, unsigned row, unsigned col,
                                              std::size_t stride) {
  return static_cast<std::size_t>(row >> row_shift) * stride + (col >> col_shift);
}

#if !defined(__CUDACC__) && !defined(__HIPCC__)
// The CPU's: double and the host's libm.
inline Lab lab_color(unsigned y, unsigned u, unsigned v, unsigned bpc) {
  return lab_color_in<double, HostLibm>(y, u, v, bpc);
}
inline float ciede2000(const Lab& c1, const Lab& c2) { return ciede2000_in<double, HostLibm>(c1, c2); }
#endif

}  // namespace fastvmaf::ciede
