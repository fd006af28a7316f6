// The row functions of the CPU motion SAD (libvmaf's motion_score_pipeline_8/16), one
// table filled for the CPU's flags (core/cpu.hpp): C entries first, then the AVX2 and
// AVX-512 ones (motion_simd.hpp), each giving the C entry's result for every input
// (tests/dsp checks it).
//
// libvmaf filters, per output row, the five mirrored rows of prev - cur vertically, then
// the result horizontally, and adds up the magnitudes. Up to 15 bits a difference fits
// int16, so the table takes each row's difference once (diff_row) and the vertical pass
// reads five of them; 16-bit samples, whose differences need 17 bits, take the direct
// pass with 64-bit sums (vertical_16bit), as libvmaf's.
#pragma once

#include <cstdint>
#include <vector>

#include "core/cpu.hpp"
#include "fastvmaf/picture.hpp"
#include "features/motion/motion_math.hpp"

namespace fastvmaf::motion {

// Scratch elements past the row the horizontal entries may use.
inline constexpr unsigned kRowPad = 32;

struct Dsp {
  // d[j] = prev[j] - cur[j] for j < w, samples of at most 15 bits.
  void (*diff_row_8)(const std::uint8_t* prev, const std::uint8_t* cur, unsigned w, std::int16_t* d);
  void (*diff_row_16)(const std::uint16_t* prev, const std::uint16_t* cur, unsigned w, std::int16_t* d);
  // The vertical pass of one output row from its five (mirrored) difference rows:
  // y[j] = (sum_k kFilter[k] * d[k][j] + 2^(bpc-1)) >> bpc in int32, bpc 8..15. Returns
  // whether any y[j] is non-zero (libvmaf skips the row otherwise).
  bool (*vertical)(const std::int16_t* const d[kTaps], unsigned w, unsigned bpc, std::int32_t* y);
  // The same for 16-bit samples from the five mirrored rows of each picture (int64 sums).
  bool (*vertical_16bit)(const std::uint16_t* const prev[kTaps], const std::uint16_t* const cur[kTaps], unsigned w,
                         std::int32_t* y);
  // The horizontal pass of one row (w >= 3) and the sum of its magnitudes in uint32
  // (libvmaf's row_sad). `scratch` holds 2 * (w + kRowPad) int16 for the entry's use.
  std::uint32_t (*horizontal_sad)(const std::int32_t* y, unsigned w, std::int16_t* scratch);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
void fill_dsp_avx2(Dsp& d);    // motion_avx2.cpp
void fill_dsp_avx512(Dsp& d);  // motion_avx512.cpp

// Rows of one band: the difference ring, the vertical row and the horizontal scratch.
struct SadScratch {
  std::vector<std::int16_t> diffs;  // kTaps rows of w
  std::vector<std::int32_t> y;
  std::vector<std::int16_t> horizontal;
  void plan(unsigned w);
};

// The SAD of output rows [r0, r1) of the luma planes (libvmaf sums each row's uint32 in
// uint64; integer sums, so bands of rows add up to the whole).
std::uint64_t sad_rows(const Plane& prev, const Plane& cur, unsigned bpc, unsigned r0, unsigned r1, const Dsp& dsp,
                       SadScratch& scratch);

}  // namespace fastvmaf::motion
