// Per-sample and per-row arithmetic of libvmaf's integer ADM (integer_adm.c), shared by
// the CPU reference and the GPU twins. Integer widths, shifts, roundings and the
// float/double evaluation of the decouple's angle test follow libvmaf's C exactly;
// where libvmaf's C relies on two's-complement wrap-around (int16 stores, int32
// overflow, left shifts of negative values) the wrap is spelled out with unsigned
// arithmetic so it is defined here too.
//
// Scale 0 works on int16 bands, scales 1..3 on int32 bands ("s123").
//
// The double steps (the angle test, the enhancement) are written over the real type F:
// double on the CPU and on devices with fp64, hd::SoftF64 (core/hd/f64.hpp: the same
// bits in integer arithmetic) where hd::f64 is, in units built with FVMAF_SOFT_F64.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::adm {

FVMAF_HD inline std::int32_t wrap32(std::int64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); }
FVMAF_HD inline std::int16_t wrap16(std::int32_t v) { return static_cast<std::int16_t>(static_cast<std::uint16_t>(v)); }
// int64 addition wrapping as libvmaf's int64 accumulators do on x86-64.
FVMAF_HD inline std::int64_t add64(std::int64_t a, std::int64_t b) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}
FVMAF_HD inline std::uint32_t abs32(std::int32_t v) {
  return v < 0 ? 0u - static_cast<std::uint32_t>(v) : static_cast<std::uint32_t>(v);
}
using hd::clz32;  // leading zero bits of a non-zero value (core/hd/bits.hpp)

// ---------------------------------------------------------------------------------
// DWT (adm_dwt2_8 / adm_dwt2_16 / adm_dwt2_s123_combined). Taps are applied to the
// source samples 2n-1 .. 2n+2 of output n (see dwt_source_index).

// Index of the input sample the DWT reads for tap t (0..3) of output n, as libvmaf's
// dwt2_src_indices_filt: 2n-1+t, mirrored at both ends (-1 reads 1, in_size + k reads
// in_size - 1 - k). Returns -1 where libvmaf reads one element before the data: tap 0 of
// output 0 when the input has 3 or 4 samples (only scale 3 of frames 17..32 wide or high).
FVMAF_HD inline int source_index(int n, int t, int in_size) {
  const int half = (in_size + 1) / 2;
  if (n == 0 && half >= 3) return t == 0 ? 1 : t - 1;
  int k = 2 * n - 1 + t;
  if (k >= in_size) k = 2 * in_size - k - 1;
  return k;
}

// Scale 0, vertical pass on 8..16-bit samples: the low band is re-centred around 0.
FVMAF_HD inline std::int16_t dwt0_vertical_lo(std::int32_t s0, std::int32_t s1, std::int32_t s2, std::int32_t s3,
                                              int bpc) {
  const std::uint32_t half = 1u << (bpc - 1);
  // libvmaf sums in int32, which 16-bit input overflows on the way (the result fits):
  // wrap-around arithmetic, then an arithmetic shift.
  const std::uint32_t acc = static_cast<std::uint32_t>(15826 * s0) + static_cast<std::uint32_t>(27411 * s1) +
                            static_cast<std::uint32_t>(7345 * s2) - static_cast<std::uint32_t>(4240 * s3) -
                            46342u * half + half;
  return wrap16(static_cast<std::int32_t>(acc) >> bpc);
}
FVMAF_HD inline std::int16_t dwt0_vertical_hi(std::int32_t s0, std::int32_t s1, std::int32_t s2, std::int32_t s3,
                                              int bpc) {
  const std::int32_t half = 1 << (bpc - 1);
  const std::int32_t acc = -4240 * s0 - 7345 * s1 + 27411 * s2 - 15826 * s3;
  return wrap16((acc + half) >> bpc);
}
// Scale 0, horizontal pass on the int16 vertical results.
FVMAF_HD inline std::int16_t dwt0_horizontal_lo(std::int32_t s0, std::int32_t s1, std::int32_t s2, std::int32_t s3) {
  return wrap16((15826 * s0 + 27411 * s1 + 7345 * s2 - 4240 * s3 + 32768) >> 16);
}
FVMAF_HD inline std::int16_t dwt0_horizontal_hi(std::int32_t s0, std::int32_t s1, std::int32_t s2, std::int32_t s3) {
  return wrap16((-4240 * s0 - 7345 * s1 + 27411 * s2 - 15826 * s3 + 32768) >> 16);
}
// Scales 1..3, both passes: int64 sums, then the scale's rounding.
FVMAF_HD inline std::int32_t dwt123_lo(std::int64_t s0, std::int64_t s1, std::int64_t s2, std::int64_t s3,
                                       std::int32_t add, int shift) {
  return wrap32((15826 * s0 + 27411 * s1 + 7345 * s2 - 4240 * s3 + add) >> shift);
}
FVMAF_HD inline std::int32_t dwt123_hi(std::int64_t s0, std::int64_t s1, std::int64_t s2, std::int64_t s3,
                                       std::int32_t add, int shift) {
  return wrap32((-4240 * s0 - 7345 * s1 + 27411 * s2 - 15826 * s3 + add) >> shift);
}

// ---------------------------------------------------------------------------------
// Decouple (adm_decouple / adm_decouple_s123): split the distorted band t into the
// part restored from the reference o (r = k * o, k = t / o clamped to [0, 1] in Q15,
// enhanced up to the gain limit when o and t point the same way within 1 degree) and
// the additive impairment a = t - r.

// Whether (oh, ov) and (th, tv) are within 1 degree: libvmaf converts the int64 dot
// product and squared norms to float, divides by 4096.0 and compares in double. Every
// operation is spelled with its IEEE rounding (core/hd/rounding.hpp), so a kernel gives
// the host's bits.
template <class F = hd::f64>
FVMAF_HD inline bool within_1deg(std::int64_t ot_dp, std::int64_t o_mag_sq, std::int64_t t_mag_sq, float cos_sq) {
  const F dp = hd::ddiv_rn(hd::float_to_double<F>(hd::ll_to_float_rn(ot_dp)), F(4096.0));
  const F om = hd::ddiv_rn(hd::float_to_double<F>(hd::ll_to_float_rn(o_mag_sq)), F(4096.0));
  const F tm = hd::ddiv_rn(hd::float_to_double<F>(hd::ll_to_float_rn(t_mag_sq)), F(4096.0));
  return dp >= F(0.0) && hd::dmul_rn(dp, dp) >= hd::dmul_rn(hd::dmul_rn(hd::float_to_double<F>(cos_sq), om), tm);
}

// The dot product of two 2-vectors in int64 with libvmaf's (two's-complement)
// wrap-around: the angle test's a.h * b.h + a.v * b.v.
FVMAF_HD inline std::int64_t wrapped_dot2(std::int64_t ah, std::int64_t bh, std::int64_t av, std::int64_t bv) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(ah) * static_cast<std::uint64_t>(bh) +
                                   static_cast<std::uint64_t>(av) * static_cast<std::uint64_t>(bv));
}

// The enhancement: r grows by the gain limit but not past t (double product, truncated
// back to an integer as libvmaf's MIN/MAX assignment does). Applied when the angle
// test passed and k > 0; `o_positive` is the sign of o. The product is libvmaf's own
// double, so a fractional gain limit gives its bits too.
template <class F>
FVMAF_HD inline std::int32_t enhance(std::int32_t r, std::int32_t t, bool o_positive, F gain_limit) {
  const F g = hd::dmul_rn(hd::int_to_double<F>(r), gain_limit);
  const F td = hd::int_to_double<F>(t);
  if (o_positive) return hd::double_to_int_rz(g < td ? g : td);
  return hd::double_to_int_rz(g > td ? g : td);
}

struct Decoupled {
  std::int32_t r;
  std::int32_t a;
};

// Scale 0: k from the reciprocal of the int16 o.
template <class F>
FVMAF_HD inline Decoupled decouple0(std::int16_t o, std::int16_t t, bool angle_ok, F gain_limit,
                                    const std::int32_t* div_lookup) {
  std::int32_t k = 32768;
  if (o != 0) k = static_cast<std::int32_t>((static_cast<std::int64_t>(div_lookup[o + 32768]) * t + 16384) >> 15);
  k = k < 0 ? 0 : (k > 32768 ? 32768 : k);
  std::int32_t r = static_cast<std::int16_t>((k * o + 16384) >> 15);
  // libvmaf tests the sign of the float (k / 32768) * (o / 64), which is that of o when k > 0.
  if (angle_ok && k > 0 && o != 0) r = static_cast<std::int16_t>(enhance(r, t, o > 0, gain_limit));
  return {r, static_cast<std::int32_t>(wrap16(t - r))};
}

// Scales 1..3: o has up to 32 bits; its reciprocal comes from its 15 leading bits
// (get_best15_from32) with the dropped bits added to the shift. k stays in 64 bits.
template <class F>
FVMAF_HD inline Decoupled decouple123(std::int32_t o, std::int32_t t, bool angle_ok, F gain_limit,
                                      const std::int32_t* div_lookup) {
  std::int64_t k = 32768;
  if (o != 0) {
    const std::uint32_t abs_o = abs32(o);
    std::uint32_t msb = abs_o;
    int shift = 0;
    if (abs_o >= 32768) {
      shift = 17 - clz32(abs_o);
      msb = (abs_o + (1u << (shift - 1))) >> shift;
    }
    const std::int64_t sign = o < 0 ? -1 : 1;
    const std::int64_t round = static_cast<std::int32_t>(1u << (14 + shift));
    k = ((static_cast<std::int64_t>(div_lookup[msb + 32768]) * t) * sign + round) >> (15 + shift);
  }
  k = k < 0 ? 0 : (k > 32768 ? 32768 : k);
  std::int32_t r = wrap32((k * o + 16384) >> 15);
  if (angle_ok && k > 0 && o != 0) r = enhance(r, t, o > 0, gain_limit);
  return {r, wrap32(static_cast<std::int64_t>(t) - r)};
}

// ---------------------------------------------------------------------------------
// CSF (adm_csf / i4_adm_csf) and the contrast-masking threshold terms (adm_cm's
// ADM_CM_THRESH_* macros): the CSF-weighted band c, its masking contribution to the
// eight neighbours |c| / 30 and to its own position |c| / 15.

// Scale 0: c = (x * w + round) >> shift with w in Q21 (h, v) or Q23 (d); the d band
// rounds with 65535 (not 65536) before its shift of 17, as libvmaf does.
FVMAF_HD inline std::int16_t csf0(std::int32_t x, std::uint32_t i_rfactor, int band) {
  const std::int32_t v = static_cast<std::int32_t>(i_rfactor) * x;
  return band == 2 ? wrap16((v + 65535) >> 17) : wrap16((v + 16384) >> 15);
}
FVMAF_HD inline std::int16_t masking0_neighbour(std::int16_t c) {
  return wrap16(static_cast<std::int32_t>((4369 * abs32(c) + 2048) >> 12));
}
FVMAF_HD inline std::int16_t masking0_centre(std::int16_t c) {
  return wrap16(static_cast<std::int32_t>((8738 * abs32(c) + 2048) >> 12));
}

// Scales 1..3: c = (x * w + 2^27) >> 28 with w in Q32. libvmaf's rounding constant for
// the 1/30 and 1/15 products is (int32)(1u << 31), i.e. -2^31: it subtracts.
FVMAF_HD inline std::int32_t csf123(std::int32_t x, std::uint32_t i_rfactor) {
  return wrap32((static_cast<std::int64_t>(x) * i_rfactor + (1 << 27)) >> 28);
}
FVMAF_HD inline std::int32_t masking123_neighbour(std::int32_t c) {
  return wrap32((static_cast<std::int64_t>(143165577) * abs32(c) - 2147483648LL) >> 32);
}
FVMAF_HD inline std::int32_t masking123_centre(std::int32_t c) {
  return wrap32((static_cast<std::int64_t>(286331153) * abs32(c) - 2147483648LL) >> 32);
}

// ---------------------------------------------------------------------------------
// One column of a decoupled row, for the twins that give each sample its own work-item:
// the loop body of the CPU's decouple rows (adm_dsp.cpp) over the three bands h, v, d.
// The angle test takes the h and v bands; each band is decoupled into restored part r
// and impairment a, CSF-weighted, and contributes its masking terms: DLM measures r
// masked by a, AIM measures a masked by r (its terms stay 0 when `aim` is off).
struct MaskCell {
  std::int32_t nb_dlm, centre_dlm, nb_aim, centre_aim;
  std::int32_t x_dlm[3], x_aim[3];  // the measured signals
};

template <class F>
FVMAF_HD inline MaskCell mask_cell0(const std::int16_t (&o)[3], const std::int16_t (&t)[3],
                                    const std::uint32_t (&i_rfactor)[3], F gain_limit, float cos_sq,
                                    const std::int32_t* div_lookup, bool aim) {
  const bool angle_ok = within_1deg<F>(wrapped_dot2(o[0], t[0], o[1], t[1]), wrapped_dot2(o[0], o[0], o[1], o[1]),
                                    wrapped_dot2(t[0], t[0], t[1], t[1]), cos_sq);
  MaskCell m{};
  std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
  for (int b = 0; b < 3; ++b) {
    const Decoupled dc = decouple0(o[b], t[b], angle_ok, gain_limit, div_lookup);
    const std::int32_t w = static_cast<std::int32_t>(i_rfactor[b]);
    m.x_dlm[b] = dc.r * w;  // scale 0 measures the band times its weight, |r| < 2^15, w < 2^16
    m.x_aim[b] = dc.a * w;
    const std::int16_t ca = csf0(dc.a, i_rfactor[b], b);
    nb_dlm += static_cast<std::uint32_t>(masking0_neighbour(ca));
    ce_dlm += static_cast<std::uint32_t>(masking0_centre(ca));
    if (aim) {
      const std::int16_t cr = csf0(dc.r, i_rfactor[b], b);
      nb_aim += static_cast<std::uint32_t>(masking0_neighbour(cr));
      ce_aim += static_cast<std::uint32_t>(masking0_centre(cr));
    }
  }
  m.nb_dlm = static_cast<std::int32_t>(nb_dlm);
  m.centre_dlm = static_cast<std::int32_t>(ce_dlm);
  m.nb_aim = static_cast<std::int32_t>(nb_aim);
  m.centre_aim = static_cast<std::int32_t>(ce_aim);
  return m;
}

template <class F>
FVMAF_HD inline MaskCell mask_cell123(const std::int32_t (&o)[3], const std::int32_t (&t)[3],
                                      const std::uint32_t (&i_rfactor)[3], F gain_limit, float cos_sq,
                                      const std::int32_t* div_lookup, bool aim) {
  const bool angle_ok = within_1deg<F>(wrapped_dot2(o[0], t[0], o[1], t[1]), wrapped_dot2(o[0], o[0], o[1], o[1]),
                                    wrapped_dot2(t[0], t[0], t[1], t[1]), cos_sq);
  MaskCell m{};
  std::uint32_t nb_dlm = 0, ce_dlm = 0, nb_aim = 0, ce_aim = 0;
  for (int b = 0; b < 3; ++b) {
    const Decoupled dc = decouple123(o[b], t[b], angle_ok, gain_limit, div_lookup);
    // At these scales the measured signal is the CSF-weighted band itself.
    const std::int32_t cr = csf123(dc.r, i_rfactor[b]);
    const std::int32_t ca = csf123(dc.a, i_rfactor[b]);
    m.x_dlm[b] = cr;
    m.x_aim[b] = ca;
    nb_dlm += static_cast<std::uint32_t>(masking123_neighbour(ca));
    ce_dlm += static_cast<std::uint32_t>(masking123_centre(ca));
    if (aim) {
      nb_aim += static_cast<std::uint32_t>(masking123_neighbour(cr));
      ce_aim += static_cast<std::uint32_t>(masking123_centre(cr));
    }
  }
  m.nb_dlm = static_cast<std::int32_t>(nb_dlm);
  m.centre_dlm = static_cast<std::int32_t>(ce_dlm);
  m.nb_aim = static_cast<std::int32_t>(nb_aim);
  m.centre_aim = static_cast<std::int32_t>(ce_aim);
  return m;
}

// What libvmaf's last scale-0 CSF call leaves in its csf_f band d at one column, which
// its scale 3 reads back as the reference's row -1 on frames 17..32 high (adm_cpu.cpp):
// the AIM pass's CSF of the restored part, or with AIM off the DLM pass's
// |CSF(impairment)| / 30. The d band's CSF rounds from its product x as csf0 does.
FVMAF_HD inline std::int16_t leftover_csf_d(const MaskCell& m, bool aim) {
  const std::int32_t x = aim ? m.x_dlm[2] : m.x_aim[2];
  const std::int16_t c = wrap16((x + 65535) >> 17);
  return aim ? c : masking0_neighbour(c);
}

// Two int16 values of that row read as one int32 (little-endian), as libvmaf reads them.
FVMAF_HD inline std::int32_t int32_of_halves(std::int16_t lo, std::int16_t hi) {
  return static_cast<std::int32_t>(static_cast<std::uint16_t>(lo) |
                                   (static_cast<std::uint32_t>(static_cast<std::uint16_t>(hi)) << 16));
}

// ---------------------------------------------------------------------------------
// Contrast measure (ADM_CM_ACCUM_ROUND / I4_ADM_CM_ACCUM_ROUND): the part of |x| above
// the masking threshold, cubed in two rounded steps.
struct CubeRounding {
  int sub_shift;           // threshold scale: 10 (h, v) / 12 (d) at scale 0, 0 above
  int sq_shift;            // 29 / 30 at scale 0, 30 above
  std::int64_t sq_add;
  std::uint32_t cub_shift;
  std::uint32_t cub_add;
};

FVMAF_HD inline std::int64_t masked_cube(std::int32_t x, std::int32_t thr, const CubeRounding& r) {
  std::int32_t v = static_cast<std::int32_t>(abs32(x) - (static_cast<std::uint32_t>(thr) << r.sub_shift));
  v = v < 0 ? 0 : v;
  const std::int32_t sq = wrap32((static_cast<std::int64_t>(v) * v + r.sq_add) >> r.sq_shift);
  return (static_cast<std::int64_t>(sq) * v + r.cub_add) >> r.cub_shift;
}

FVMAF_HD inline CubeRounding cube_rounding0(int band, std::uint32_t cub_shift, std::uint32_t cub_add) {
  if (band == 2) return {12, 30, 536870912, cub_shift, cub_add};
  return {10, 29, 268435456, cub_shift, cub_add};
}
FVMAF_HD inline CubeRounding cube_rounding123(std::uint32_t cub_shift, std::uint32_t cub_add) {
  return {0, 30, 536870912, cub_shift, cub_add};
}

// The masking threshold at column j of a row: the 3x3 sum of the neighbour terms
// (summed over the three bands beforehand, `nb`) of the rows above, at and below
// (already mapped at the band edges), with the centre replaced by the centre term
// `centre`. Columns mirror as libvmaf's ADM_CM_THRESH_* macros: j-1 -> 1 at j = 0 and
// j+1 -> w-1 at j = w-1. Sums wrap as libvmaf's int32 does.
FVMAF_HD inline std::int32_t masking_threshold(const std::int32_t* above, const std::int32_t* row,
                                               const std::int32_t* below, std::int32_t centre, int j, int w) {
  const int jl = j == 0 ? 1 : j - 1;
  const int jr = j == w - 1 ? w - 1 : j + 1;
  const std::uint32_t s = static_cast<std::uint32_t>(above[jl]) + static_cast<std::uint32_t>(above[j]) +
                          static_cast<std::uint32_t>(above[jr]) + static_cast<std::uint32_t>(row[jl]) +
                          static_cast<std::uint32_t>(row[jr]) + static_cast<std::uint32_t>(below[jl]) +
                          static_cast<std::uint32_t>(below[j]) + static_cast<std::uint32_t>(below[jr]) +
                          static_cast<std::uint32_t>(centre);
  return static_cast<std::int32_t>(s);
}

// One row of the contrast measure: for columns [c0, c1) the masked cubes of the three
// bands' signals x_b against the row's thresholds, summed in int64 per band. The
// caller rounds each row's sum once (row_total).
FVMAF_HD inline void contrast_row_sums(const std::int32_t* above, const std::int32_t* row, const std::int32_t* below,
                                       const std::int32_t* centre, const std::int32_t* const x[3], int c0, int c1,
                                       int w, const CubeRounding (&rounding)[3], std::int64_t (&sums)[3]) {
  for (int j = c0; j < c1; ++j) {
    const std::int32_t thr = masking_threshold(above, row, below, centre[j], j, w);
    for (int b = 0; b < 3; ++b) sums[b] = add64(sums[b], masked_cube(x[b][j], thr, rounding[b]));
  }
}

// Rounds one row's sum into the scale total: (sum + add) >> shift.
FVMAF_HD inline std::int64_t row_total(std::int64_t sum, std::uint32_t add, std::uint32_t shift) {
  return add64(sum, add) >> shift;
}
FVMAF_HD inline std::uint64_t row_total(std::uint64_t sum, std::uint32_t add, std::uint32_t shift) {
  return (sum + add) >> shift;
}

// ---------------------------------------------------------------------------------
// CSF denominator (adm_csf_den_scale / adm_csf_den_s123): the cube of the reference
// band; its CSF weight is applied in floating point afterwards.
FVMAF_HD inline std::uint64_t den_cube0(std::int16_t o) {
  const std::uint64_t a = static_cast<std::uint16_t>(abs32(o));
  return a * a * a;
}
FVMAF_HD inline std::uint64_t den_cube123(std::int32_t o, int scale, std::uint32_t cub_add, std::uint32_t cub_shift) {
  // Squares round with 1 << shift (not shift - 1), as libvmaf's add_shift_sq.
  const int sq_shift = scale == 2 ? 30 : 31;
  const std::uint64_t a = abs32(o);
  return ((((a * a) + (std::uint64_t{1} << sq_shift)) >> sq_shift) * a + cub_add) >> cub_shift;
}

}  // namespace fastvmaf::adm
