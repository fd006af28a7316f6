// The row functions of the CPU ADM: the loops over one band row that AdmCpu strings
// together, one table filled for the CPU's flags (core/cpu.hpp). The C entries are built
// from the per-sample routines of adm_math.hpp; the AVX2 and AVX-512 entries
// (adm_simd.hpp) give the C entries' results for every input (tests/dsp checks it).
#pragma once

#include <array>
#include <cstdint>

#include "core/cpu.hpp"
#include "features/adm/adm_math.hpp"

namespace fastvmaf::adm {

// The three detail bands of one row (h: low-pass horizontally, high-pass vertically;
// v: the converse; d: high-pass both ways), as libvmaf names them.
template <typename T>
struct BandRow {
  T* h;
  T* v;
  T* d;
};

// What the contrast measure of both passes needs of one decoupled row: the masking
// terms summed over the three bands (neighbour and centre contributions) and the
// measured signal of each band. DLM: masker from the impairment, signal from the
// restored part; AIM: the roles swapped.
struct MaskRow {
  std::int32_t* nb_dlm;
  std::int32_t* centre_dlm;
  std::int32_t* nb_aim;
  std::int32_t* centre_aim;
  std::int32_t* x_dlm[3];
  std::int32_t* x_aim[3];
};

struct DecoupleParams {
  std::array<std::uint32_t, 3> i_rfactor;  // CSF weights in fixed point (adm_params)
  double gain_limit;
  float cos_sq;
  const std::int32_t* div_lookup;
  bool aim;  // compute the AIM masking terms
};

// One pass (DLM or AIM) of a measured row: the masking terms of the rows above, at and
// below (mirrored at the band edges) and the row's signals.
struct MeasureRow {
  const std::int32_t* nb_above;
  const std::int32_t* nb;
  const std::int32_t* nb_below;
  const std::int32_t* centre;
  const std::int32_t* x[3];
};

struct Dsp {
  // Scale 0 vertical pass of the DWT: lo[j] and, when hi is not null, hi[j] for
  // j < n from the four source rows (8-bit or 16-bit samples).
  void (*dwt0_vertical_u8)(const std::uint8_t* const src[4], int n, int bpc, std::int16_t* lo, std::int16_t* hi);
  void (*dwt0_vertical_u16)(const std::uint16_t* const src[4], int n, int bpc, std::int16_t* lo, std::int16_t* hi);
  // Scale 0 horizontal pass on padded rows (output k reads elements 2k..2k+3): the
  // approximation band for [0, n_a) into a (int32), and h, v, d for [c0, c1) when
  // hi is not null.
  void (*dwt0_horizontal)(const std::int16_t* lo, const std::int16_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                          BandRow<std::int16_t> out);
  // Scales 1..3: the same two passes on int32 samples with the scale's rounding.
  void (*dwt123_vertical)(const std::int32_t* const src[4], int n, std::int32_t add, int shift, std::int32_t* lo,
                          std::int32_t* hi);
  void (*dwt123_horizontal)(const std::int32_t* lo, const std::int32_t* hi, int n_a, std::int32_t* a, int c0, int c1,
                            std::int32_t add, int shift, BandRow<std::int32_t> out);
  // Decouple, CSF and masking terms of columns [c0, c1).
  void (*decouple0)(BandRow<const std::int16_t> o, BandRow<const std::int16_t> t, int c0, int c1,
                    const DecoupleParams& p, const MaskRow& out);
  void (*decouple123)(BandRow<const std::int32_t> o, BandRow<const std::int32_t> t, int c0, int c1,
                      const DecoupleParams& p, const MaskRow& out);
  // The contrast measure of columns [c0, c1) of a band w wide, added to sums.
  void (*measure)(const MeasureRow& m, int c0, int c1, int w, const CubeRounding (&rounding)[3],
                  std::int64_t (&sums)[3]);
  // Cubes of the reference's detail bands over [c0, c1), added to sums.
  void (*den0)(BandRow<const std::int16_t> o, int c0, int c1, std::uint64_t (&sums)[3]);
  void (*den123)(BandRow<const std::int32_t> o, int c0, int c1, int scale, std::uint32_t cub_add,
                 std::uint32_t cub_shift, std::uint64_t (&sums)[3]);
  // out[i] = (float)in[i] (round to nearest even) for i < n: the conversion the scale
  // 1..3 angle test makes, which the SIMD entries emulate; only tests/dsp calls it.
  void (*int64_to_float)(const std::int64_t* in, float* out, int n);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The C entries (the SIMD ones hand their tails to them).
const Dsp& c_dsp();
void fill_dsp_avx2(Dsp& d);    // adm_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // adm_avx512.cpp

}  // namespace fastvmaf::adm
