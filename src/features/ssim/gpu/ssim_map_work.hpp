// The SSIM map's work-items, shared by the float_ssim and float_ms_ssim twins (their
// kernels and the host replays call these; the map's layout and grids: ssim_map_plan.hpp).
//
// The map of two w x h float images (ssim_map.hpp's SsimMap): the five quantities (ref,
// dis, ref^2, dis^2, ref*dis) filtered with the 11-tap Gaussian, horizontally then
// vertically, over the (w - 10) x (h - 10) positions where the window fits, each output the
// float products of a sample and a tap added in double from 0 in tap order and rounded to
// float once (window_tap_sum, vpass_c); each position's l, c, s and l*c*s (pixel_terms, in
// its types and order); and the four double sums of l*c*s, l, c and s, from 0, every
// position in raster order, as SsimMap adds them: the positions' terms are computed in
// parallel and kept, and each sum is the value of SsimMap's chain of additions, computed by
// a work-group (docs/adr/0210-float-family-twins.md, "The chain's value"). Every
// operation is explicitly rounded; the double type F is hd::f64 (double, or hd::SoftF64
// under SYCL).
//
//   "hpass"  one work-item per (column of the map, input row): the five horizontal sums
//   "terms"  one work-item per window position: the five vertical sums and the position's
//            l, c, s and l*c*s (as F's bits)
//   "tile estimate", "tile compose"
//            one work-item per tile of a sum (core/hd/chain_sum.hpp's tiles): its rough sum,
//            then its terms' functions under the binade predicted from those before it
//   "sum"    one work-group of kSumThreads per sum of a map: into the map's MapSums
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/f64.hpp"
#include "core/hd/chain_sum.hpp"
#include "core/hd/rounding.hpp"
#include "features/ssim/ssim_math.hpp"

namespace fastvmaf::ssim::twin {

inline constexpr unsigned kThreads = 256;

// Block row b of a launch over both images' rows of `rows` rows: image b / rows, row b % rows
// (the twins' loads and decimations).
struct Where {
  unsigned side, y;
};
FVMAF_HD inline Where image_row(unsigned block_row, unsigned rows) { return {block_row / rows, block_row % rows}; }

// A map's four double sums, as bits (l*c*s, l, c, s).
struct MapSums {
  std::uint64_t ssim, l, c, s;
};

// One map (device addresses).
struct MapArgs {
  int w, h;                 // the input
  int ow, oh;               // the window positions: w - 10, h - 10 (none when <= 0)
  float gauss[kWindow];     // kGaussian
  Constants k;              // default_constants(), computed on the host
  const float* img[2];      // the input (ref, dis): w x h
  float* h5[5];             // the horizontal sums: ow x h each
  std::uint64_t* terms[4];  // l, c, s, l*c*s of each position as F's bits: ow x oh each
  unsigned tile_count;            // each sum's tiles (0: the sums take no tiles)
  hd::ChainTileEstimate* est[4];  // their estimates
  hd::ChainTile* tiles[4];        // and their functions
  MapSums* sums;                  // in the frame's slot
};

// Kernel "hpass": the five horizontal sums at column x of input row y (window_tap_sum of
// ref, dis and the float products ref*ref, dis*dis, ref*dis).
template <class F = hd::f64>
FVMAF_HD inline void hpass_item(const MapArgs& a, unsigned x, unsigned y) {
  if (static_cast<int>(x) >= a.ow || static_cast<int>(y) >= a.h) return;
  const unsigned long long row = static_cast<unsigned long long>(y) * static_cast<unsigned>(a.w) + x;
  const float* r = a.img[0] + row;
  const float* d = a.img[1] + row;
  F s[5];
  for (F& v : s) v = hd::int_to_double<F>(0);
  for (int t = 0; t < kWindow; ++t) {
    const float g = a.gauss[t], rv = r[t], dv = d[t];
    const float q[5] = {rv, dv, hd::fmul_rn(rv, rv), hd::fmul_rn(dv, dv), hd::fmul_rn(rv, dv)};
    for (int k = 0; k < 5; ++k) s[k] = hd::dadd_rn(s[k], hd::float_to_double<F>(hd::fmul_rn(q[k], g)));
  }
  const unsigned long long at = static_cast<unsigned long long>(y) * static_cast<unsigned>(a.ow) + x;
  for (int k = 0; k < 5; ++k) a.h5[k][at] = hd::double_to_float_rn(s[k]);
}

// pixel_terms (ssim_math.hpp) over the double type F, each operation explicitly rounded,
// in its types and order; lcs = l * c * s.
template <class F>
struct TermsOf {
  F l, c, s, lcs;
};
template <class F>
FVMAF_HD inline TermsOf<F> terms_in(float mu1, float mu2, float xx, float yy, float xy, const Constants& k) {
  float var1 = hd::fsub_rn(xx, hd::fmul_rn(mu1, mu1));
  float var2 = hd::fsub_rn(yy, hd::fmul_rn(mu2, mu2));
  // 0.0 > v (a double comparison of the float: the same as in float); a NaN or -0 stays.
  var1 = 0.0f > var1 ? 0.0f : var1;
  var2 = 0.0f > var2 ? 0.0f : var2;
  const float cov = hd::fsub_rn(xy, hd::fmul_rn(mu1, mu2));
  const float sigma12 = hd::double_to_float_rn(hd::dsqrt_rn(hd::float_to_double<F>(hd::fmul_rn(var1, var2))));
  const F two = hd::int_to_double<F>(2);
  TermsOf<F> t;
  const float l_den = hd::fadd_rn(hd::fadd_rn(hd::fmul_rn(mu1, mu1), hd::fmul_rn(mu2, mu2)), k.c1);
  t.l = hd::ddiv_rn(hd::dadd_rn(hd::dmul_rn(hd::dmul_rn(two, hd::float_to_double<F>(mu1)), hd::float_to_double<F>(mu2)),
                                hd::float_to_double<F>(k.c1)),
                    hd::float_to_double<F>(l_den));
  const float c_den = hd::fadd_rn(hd::fadd_rn(var1, var2), k.c2);
  t.c = hd::ddiv_rn(hd::dadd_rn(hd::dmul_rn(two, hd::float_to_double<F>(sigma12)), hd::float_to_double<F>(k.c2)),
                    hd::float_to_double<F>(c_den));
  const float clamped = (cov < 0.0f && sigma12 <= 0.0f) ? 0.0f : cov;
  t.s = hd::float_to_double<F>(hd::fdiv_rn(hd::fadd_rn(clamped, k.c3), hd::fadd_rn(sigma12, k.c3)));
  t.lcs = hd::dmul_rn(hd::dmul_rn(t.l, t.c), t.s);
  return t;
}

// Kernel "terms": the five vertical sums at window position (x, y) (input rows y..y+10 of
// the horizontal sums, vpass_c's order) and its terms.
template <class F = hd::f64>
FVMAF_HD inline void terms_item(const MapArgs& a, unsigned x, unsigned y) {
  if (static_cast<int>(x) >= a.ow || static_cast<int>(y) >= a.oh) return;
  const unsigned ow = static_cast<unsigned>(a.ow);
  float m[5];
  for (int k = 0; k < 5; ++k) {
    const float* col = a.h5[k] + static_cast<unsigned long long>(y) * ow + x;
    F s = hd::int_to_double<F>(0);
    for (int t = 0; t < kWindow; ++t)
      s = hd::dadd_rn(s, hd::float_to_double<F>(hd::fmul_rn(col[static_cast<unsigned long long>(t) * ow], a.gauss[t])));
    m[k] = hd::double_to_float_rn(s);
  }
  const TermsOf<F> t = terms_in<F>(m[0], m[1], m[2], m[3], m[4], a.k);
  const unsigned long long at = static_cast<unsigned long long>(y) * ow + x;
  a.terms[0][at] = hd::f64_bits(t.l);
  a.terms[1][at] = hd::f64_bits(t.c);
  a.terms[2][at] = hd::f64_bits(t.s);
  a.terms[3][at] = hd::f64_bits(t.lcs);
}

// Kernel "sum": one work-group per sum of a map (group g: map g / 4, sum g % 4). A sum is
// a chain of dependent double additions in raster order (2 million positions at MS-SSIM's
// scale 0 of 1080p); the group computes the value that chain gives, exactly, with
// core/hd/chain_sum.hpp: inside a binade of the running sum the additions are integer ones,
// which the group scans; where the sum leaves a binade the position is added with the real
// addition. No position is added in another order or rounded otherwise.
inline constexpr unsigned kSumThreads = 1024;
using SumChain = hd::ChainSum<hd::Binary64, kSumThreads>;
inline constexpr unsigned kSumsPerMap = 4;
// The launches of the maps' sums: "tile estimate", "tile compose", "sum".
inline constexpr unsigned kSumLaunches = 3;

FVMAF_HD inline unsigned long long map_positions(const MapArgs& a) {
  return a.ow > 0 && a.oh > 0 ? static_cast<unsigned long long>(a.ow) * static_cast<unsigned>(a.oh) : 0;
}

// SsimMap's addition, on bits (under SYCL, F = hd::SoftF64).
template <class F>
struct AddTerm {
  FVMAF_HD std::uint64_t operator()(std::uint64_t s, std::uint64_t w) const {
    return hd::f64_bits(hd::dadd_rn(hd::f64_from_bits<F>(s), hd::f64_from_bits<F>(w)));
  }
};

// Kernels "tile estimate" and "tile compose": work-item j of sum q's tiles (none past the
// last tile).
FVMAF_HD inline void tile_estimate_item(const MapArgs& a, unsigned q, unsigned long long j) {
  if (j < a.tile_count)
    SumChain::estimate_tile(static_cast<const std::uint64_t*>(a.terms[q]), map_positions(a), j, a.est[q]);
}
FVMAF_HD inline void tile_compose_item(const MapArgs& a, unsigned q, unsigned long long j) {
  if (j < a.tile_count)
    SumChain::compose_tile(static_cast<const std::uint64_t*>(a.terms[q]), map_positions(a), j, a.est[q], a.tiles[q]);
}

// Phase p (SumChain::drive) of work-item t in sum q (terms[q]: l, c, s, l*c*s), over its
// tiles.
template <class F = hd::f64>
FVMAF_HD inline void sum_item(const MapArgs& a, unsigned q, SumChain::Shared& sh, SumChain::Regs& r, unsigned p,
                              unsigned t) {
  SumChain::item(sh, r, p, t, static_cast<const std::uint64_t*>(a.terms[q]), map_positions(a), AddTerm<F>{},
                 a.tile_count ? static_cast<const hd::ChainTile*>(a.tiles[q]) : nullptr);
}

// After the last round: work-item 0 stores sum q. Every q takes a store (no fourth test):
// q = group % 4, so a test of q == 3 leaves a path the compiler knows is never taken, and a
// kernel ending in such a path as well as in its return is one AdaptiveCpp 24.06's CPU
// compiler may build without the return (docs/adr/0211-sycl-cpu-kernel-exits.md).
FVMAF_HD inline void sum_store_item(const MapArgs& a, unsigned q, const SumChain::Shared& sh, unsigned t) {
  if (t != 0) return;
  if (q == 0)
    a.sums->l = sh.acc;
  else if (q == 1)
    a.sums->c = sh.acc;
  else if (q == 2)
    a.sums->s = sh.acc;
  else
    a.sums->ssim = sh.acc;
}

}  // namespace fastvmaf::ssim::twin
