// Per-pixel arithmetic of libvmaf's integer VIF (integer_vif.c, integer_vif.h),
// callable from host code and GPU kernels. Integer widths, wrap-around and the
// double expressions follow vif_statistic_8/16 exactly; see the comments for the
// places where libvmaf relies on x86 behaviour of an out-of-range conversion.
// vif_accumulate's double expressions are written over the real type F: double on the
// CPU and on devices with fp64, hd::SoftF64 (core/hd/f64.hpp: the same bits in integer
// arithmetic) in units built with FVMAF_SOFT_F64.
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/bits.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/rounding.hpp"

namespace fastvmaf::vif {

// sigma_nsq of the fixed-point statistic: 2 in units of 1/65536.
inline constexpr std::int32_t kSigmaNsq = 65536 << 1;
// log2_32 / log2_64 look up indices in [kLog2Base, 2 * kLog2Base).
inline constexpr std::uint32_t kLog2Base = 32768;
// The epsilon added to sigma1_sq before dividing (libvmaf: 65536 * 1.0e-10).
inline constexpr double kEps = 65536 * 1.0e-10;

// Tap k of the filter of `scale` (vif_filter1d_table; vif_params.hpp has them as arrays
// and checks that they agree). Device code reads the taps through this function, since a
// constexpr array is not device memory; with a constant k it folds to an immediate.
FVMAF_HD constexpr std::uint32_t filter_tap(int scale, int k) {
  switch (scale) {
    case 0: {
      const int d = k < 8 ? 8 - k : k - 8;
      return d == 0 ? 7784 : d == 1 ? 7455 : d == 2 ? 6547 : d == 3 ? 5274 : d == 4 ? 3896 : d == 5 ? 2640
             : d == 6 ? 1640 : d == 7 ? 935 : 489;
    }
    case 1: {
      const int d = k < 4 ? 4 - k : k - 4;
      return d == 0 ? 14692 : d == 1 ? 12590 : d == 2 ? 7925 : d == 3 ? 3663 : 1244;
    }
    case 2: {
      const int d = k < 2 ? 2 - k : k - 2;
      return d == 0 ? 26386 : d == 1 ? 16004 : 3571;
    }
    default: return k == 1 ? 43728 : 10904;
  }
}

// One scale's sums, as libvmaf accumulates them over the whole picture.
struct VifAccum {
  std::int64_t num_log = 0;
  std::int64_t den_log = 0;
  std::int64_t num_non_log = 0;
  std::int64_t den_non_log = 0;

  FVMAF_HD VifAccum& operator+=(const VifAccum& o) {
    num_log += o.num_log;
    den_log += o.den_log;
    num_non_log += o.num_non_log;
    den_non_log += o.den_non_log;
    return *this;
  }
};

// The local variances and covariance of one pixel (scaled by 65536).
struct Sigmas {
  std::int32_t s1;   // sigma1_sq
  std::int32_t s2;   // sigma2_sq, clamped at 0
  std::int32_t s12;  // sigma12
};

// Leading zero bits of a non-zero value (core/hd/bits.hpp).
FVMAF_HD inline int count_leading_zeros(std::uint32_t v) { return hd::clz32(v); }
FVMAF_HD inline int count_leading_zeros(std::uint64_t v) { return hd::clz64(v); }

// Mirror an index into [0, n) without repeating the edge sample (-1 -> 1,
// n -> n - 2): libvmaf's pad_top_and_bottom and PADDING_SQ_DATA. Valid for
// -n < i < 2n - 1.
FVMAF_HD inline int reflect(int i, int n) { return i < 0 ? -i : (i >= n ? 2 * (n - 1) - i : i); }

// log2(v) * 2048 from the 16 leading bits of v (libvmaf's log2_32); v >= 2^15.
FVMAF_HD inline std::int32_t log2_32(const std::uint16_t* table, std::uint32_t v) {
  const int k = 16 - count_leading_zeros(v);
  return table[(v >> k) - kLog2Base] + 2048 * k;
}

// log2(v) * 2048 from the 16 leading bits of v (libvmaf's log2_64); v >= 2^17.
FVMAF_HD inline std::int32_t log2_64(const std::uint16_t* table, std::uint64_t v) {
  const int k = 48 - count_leading_zeros(v);
  return table[static_cast<std::uint32_t>(v >> k) - kLog2Base] + 2048 * k;
}

// The rounded product of two unshifted means: (uint32)((a * b + 2^31) >> 32).
FVMAF_HD inline std::uint32_t mean_product(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>((static_cast<std::uint64_t>(a) * b + 2147483648u) >> 32);
}

// sigma1_sq from the reference's mean and second moment alone (an encoding ladder computes
// it once for every encode: docs/adr/0014-encoding-ladder.md). Unsigned differences are
// reinterpreted as int32, as libvmaf's casts do.
FVMAF_HD inline std::int32_t vif_sigma1(std::uint32_t mu1, std::uint32_t xx) {
  return static_cast<std::int32_t>(xx - mean_product(mu1, mu1));
}

// sigma2_sq (clamped at 0) and sigma12, given the reference's mean mu1.
FVMAF_HD inline void vif_sigma2_12(std::uint32_t mu1, std::uint32_t mu2, std::uint32_t yy, std::uint32_t xy,
                                   Sigmas& s) {
  s.s2 = static_cast<std::int32_t>(yy - mean_product(mu2, mu2));
  s.s12 = static_cast<std::int32_t>(xy - mean_product(mu1, mu2));
  if (s.s2 < 0) s.s2 = 0;
}

// From the filtered values of one pixel: mu1 / mu2, the horizontal sums of the
// means (not shifted), and xx / yy / xy, the rounded second moments.
FVMAF_HD inline Sigmas vif_sigmas(std::uint32_t mu1, std::uint32_t mu2, std::uint32_t xx, std::uint32_t yy,
                                  std::uint32_t xy) {
  Sigmas s;
  s.s1 = vif_sigma1(mu1, xx);
  vif_sigma2_12(mu1, mu2, yy, xy, s);
  return s;
}

// Adds one pixel to the scale's sums: the body of libvmaf's per-pixel loop.
template <class F>
FVMAF_HD inline void vif_accumulate(VifAccum& acc, Sigmas s, F gain_limit, const std::uint16_t* table) {
  if (s.s1 >= kSigmaNsq) {
    // libvmaf adds in int32 (sigma1_sq < 2^31 - sigma_nsq in practice); unsigned
    // addition is the same wrap-around without the undefined behaviour.
    acc.den_log += log2_32(table, static_cast<std::uint32_t>(kSigmaNsq) + static_cast<std::uint32_t>(s.s1)) -
                   2048 * 17;
    if (s.s12 > 0 && s.s2 > 0) {
      // libvmaf's double expressions, each operation spelled with its IEEE rounding
      // (core/hd/rounding.hpp: the plain operation on the host, the _rn intrinsic on the
      // device), in libvmaf's order: g = sigma12 / (sigma1_sq + eps), sigma2_sq - g *
      // sigma12, g * g * sigma1_sq. int32 -> double is exact.
      const F s1 = hd::int_to_double<F>(s.s1);
      const F s12 = hd::int_to_double<F>(s.s12);
      F g = hd::ddiv_rn(s12, hd::dadd_rn(s1, F(kEps)));
      // libvmaf converts this double to int32 and clamps at 0. Only negative values
      // can leave the int32 range (the positive part is at most sigma2_sq), and
      // every negative value ends as 0, so clamping first gives the same result.
      const F sv = hd::dsub_rn(hd::int_to_double<F>(s.s2), hd::dmul_rn(g, s12));
      const std::int32_t sv_sq = sv > F(0.0) ? hd::double_to_int_rz(sv) : 0;
      g = g < gain_limit ? g : gain_limit;
      const std::uint32_t numer1 = static_cast<std::uint32_t>(sv_sq) + static_cast<std::uint32_t>(kSigmaNsq);
      // g <= gain_limit <= 100 and sigma1_sq < 2^31: the product is far inside int64.
      const std::int64_t numer1_tmp = hd::double_to_ll_rz(hd::dmul_rn(hd::dmul_rn(g, g), s1)) + numer1;
      acc.num_log += log2_64(table, static_cast<std::uint64_t>(numer1_tmp)) - log2_64(table, numer1);
    }
  } else {
    acc.num_non_log += s.s2;
    acc.den_non_log++;
  }
}

}  // namespace fastvmaf::vif
