// The row functions of integer PSNR, one table filled for the CPU's flags
// (core/cpu.hpp): C entries first, then the AVX2 and AVX-512 ones (psnr_simd.hpp), each
// giving the C entry's result for every input (tests/dsp checks it).
#pragma once

#include <cstdint>

#include "core/cpu.hpp"

namespace fastvmaf::psnr {

struct Dsp {
  // Sum of (r - d)^2 over w 8-bit samples in uint32, wrapping as libvmaf's row sum.
  std::uint32_t (*sse_row_8)(const std::uint8_t* r, const std::uint8_t* d, unsigned w);
  // The same for 9..16-bit samples: uint32 squares summed in uint64.
  std::uint64_t (*sse_row_16)(const std::uint16_t* r, const std::uint16_t* d, unsigned w);
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The SIMD levels' overrides (psnr_avx2.cpp, psnr_avx512.cpp).
void fill_dsp_avx2(Dsp& d);
void fill_dsp_avx512(Dsp& d);

}  // namespace fastvmaf::psnr
