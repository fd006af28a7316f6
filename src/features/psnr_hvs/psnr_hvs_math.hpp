// The per-block arithmetic of libvmaf's PSNR-HVS (Xiph's psnr_hvs.c, calc_psnrhvs):
// Daala's integer 8x8 DCT (od_bin_fdct8x8, lifting steps in int32), the block's
// means and variances in float, the masking, and the masked squared errors added to
// the plane's float sum one coefficient at a time, in libvmaf's order (the sum is one
// float over the whole plane, so blocks cannot be summed apart).
#pragma once

#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/rounding.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"

namespace fastvmaf::psnr_hvs {

// Daala's unbiased right shift: rounds toward zero for negative values.
FVMAF_HD inline std::int32_t unbiased_rshift(std::int32_t a, int b) {
  return static_cast<std::int32_t>((static_cast<std::uint32_t>(a) >> (32 - b)) + static_cast<std::uint32_t>(a)) >> b;
}

// One 8-point forward DCT (od_bin_fdct8): x[0], x[stride], ... x[7 stride] to y[0..7].
FVMAF_HD inline void fdct8(std::int32_t y[8], const std::int32_t* x, int stride) {
  int t0 = x[0 * stride], t4 = x[1 * stride], t2 = x[2 * stride], t6 = x[3 * stride];
  int t7 = x[4 * stride], t3 = x[5 * stride], t5 = x[6 * stride], t1 = x[7 * stride];
  // +1/-1 butterflies.
  t1 = t0 - t1;
  const int t1h = unbiased_rshift(t1, 1);
  t0 -= t1h;
  t4 += t5;
  const int t4h = unbiased_rshift(t4, 1);
  t5 -= t4h;
  t3 = t2 - t3;
  t2 -= unbiased_rshift(t3, 1);
  t6 += t7;
  const int t6h = unbiased_rshift(t6, 1);
  t7 = t6h - t7;
  // Embedded 4-point type-II DCT.
  t0 += t6h;
  t6 = t0 - t6;
  t2 = t4h - t2;
  t4 = t2 - t4;
  // Embedded 2-point type-II DCT.
  t0 -= (t4 * 13573 + 16384) >> 15;
  t4 += (t0 * 11585 + 8192) >> 14;
  t0 -= (t4 * 13573 + 16384) >> 15;
  // Embedded 2-point type-IV DST.
  t6 -= (t2 * 21895 + 16384) >> 15;
  t2 += (t6 * 15137 + 8192) >> 14;
  t6 -= (t2 * 21895 + 16384) >> 15;
  // Embedded 4-point type-IV DST.
  t3 += (t5 * 19195 + 16384) >> 15;
  t5 += (t3 * 11585 + 8192) >> 14;
  t3 -= (t5 * 7489 + 4096) >> 13;
  t7 = unbiased_rshift(t5, 1) - t7;
  t5 -= t7;
  t3 = t1h - t3;
  t1 -= t3;
  t7 += (t1 * 3227 + 16384) >> 15;
  t1 -= (t7 * 6393 + 16384) >> 15;
  t7 += (t1 * 3227 + 16384) >> 15;
  t5 += (t3 * 2485 + 4096) >> 13;
  t3 -= (t5 * 18205 + 16384) >> 15;
  t5 += (t3 * 2485 + 4096) >> 13;
  y[0] = t0;
  y[1] = t1;
  y[2] = t2;
  y[3] = t3;
  y[4] = t4;
  y[5] = t5;
  y[6] = t6;
  y[7] = t7;
}

// The 8x8 DCT in place: columns first, into a scratch block, then its columns again.
FVMAF_HD inline void fdct8x8(std::int32_t block[64]) {
  std::int32_t z[64];
  for (int i = 0; i < 8; ++i) fdct8(z + 8 * i, block + i, 8);
  for (int i = 0; i < 8; ++i) fdct8(block + 8 * i, z + i, 8);
}

// The block's variance ratio: the four 4x4 quadrants' unbiased variances summed, over
// the whole block's (the block's own variance when that is 0), in float, from the
// samples before the DCT. The masking strength is sqrt(masked AC energy * ratio) / 32.
// Every float operation is explicitly rounded (core/hd/rounding.hpp): the GPU twin runs
// this body too, where FMA contraction would change bits.
FVMAF_HD inline float variance_ratio(const std::int32_t b[64]) {
  float means[4] = {0, 0, 0, 0}, vars[4] = {0, 0, 0, 0};
  float gmean = 0, gvar = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const int sub = ((i & 12) >> 2) + ((j & 12) >> 1);
      const float v = hd::int_to_float_rn(b[i * 8 + j]);
      gmean = hd::fadd_rn(gmean, v);
      means[sub] = hd::fadd_rn(means[sub], v);
    }
  gmean = hd::fdiv_rn(gmean, 64.f);
  for (int i = 0; i < 4; ++i) means[i] = hd::fdiv_rn(means[i], 16.f);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const int sub = ((i & 12) >> 2) + ((j & 12) >> 1);
      const float v = hd::int_to_float_rn(b[i * 8 + j]);
      const float dg = hd::fsub_rn(v, gmean), ds = hd::fsub_rn(v, means[sub]);
      gvar = hd::fadd_rn(gvar, hd::fmul_rn(dg, dg));
      vars[sub] = hd::fadd_rn(vars[sub], hd::fmul_rn(ds, ds));
    }
  // libvmaf's `gvar *= 1 / 63.f * 64`: the factor is float(1/63) * 64.
  gvar = hd::fmul_rn(gvar, hd::fmul_rn(hd::fdiv_rn(1.f, 63.f), 64.f));
  for (int i = 0; i < 4; ++i) vars[i] = hd::fmul_rn(vars[i], hd::fmul_rn(hd::fdiv_rn(1.f, 15.f), 16.f));
  if (gvar > 0) gvar = hd::fdiv_rn(hd::fadd_rn(hd::fadd_rn(hd::fadd_rn(vars[0], vars[1]), vars[2]), vars[3]), gvar);
  return gvar;
}

// The AC energy weighted by the masking table, summed in float (int squares).
FVMAF_HD inline float masked_energy(const std::int32_t dct[64], const PlaneTables& t) {
  float e = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = (i == 0); j < 8; ++j)
      e = hd::fadd_rn(e, hd::fmul_rn(hd::int_to_float_rn(dct[i * 8 + j] * dct[i * 8 + j]), t.mask[i][j]));
  return e;
}

// libvmaf's (float)(sqrt((double)x) / 32.f) for a float x >= 0, in float: the double
// square root rounded to float is the float square root (53 >= 2 * 24 + 2: the double
// rounding is innocuous), and dividing by 32 is exact in both types (the quotient of a
// float's square root stays far above the subnormals). No fp64 in the twin's kernels;
// tests/unit/psnr_hvs_test.cpp checks every float.
FVMAF_HD inline float mask_strength(float x) { return hd::fdiv_rn(hd::fsqrt_rn(x), 32.f); }

// One block: samples s (reference) and d (distorted), both overwritten by their DCT.
// Writes the block's 64 masked, CSF-weighted squared errors, which the plane's sum
// then takes one by one, in order.
FVMAF_HD inline void block_terms(std::int32_t s[64], std::int32_t d[64], const PlaneTables& t, float terms[64]) {
  const float s_ratio = variance_ratio(s);
  const float d_ratio = variance_ratio(d);
  fdct8x8(s);
  fdct8x8(d);
  float s_mask = mask_strength(hd::fmul_rn(masked_energy(s, t), s_ratio));
  const float d_mask = mask_strength(hd::fmul_rn(masked_energy(d, t), d_ratio));
  if (d_mask > s_mask) s_mask = d_mask;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) {
      const std::int32_t diff = s[i * 8 + j] - d[i * 8 + j];
      float err = hd::int_to_float_rn(diff < 0 ? -diff : diff);
      if (i != 0 || j != 0) {
        const float floor = hd::fdiv_rn(s_mask, t.mask[i][j]);
        err = err < floor ? 0 : hd::fsub_rn(err, floor);
      }
      const float weighted = hd::fmul_rn(err, t.csf[i][j]);
      terms[i * 8 + j] = hd::fmul_rn(weighted, weighted);
    }
}

}  // namespace fastvmaf::psnr_hvs
