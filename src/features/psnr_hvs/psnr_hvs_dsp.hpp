// The block terms of PSNR-HVS, one table filled for the CPU's flags (core/cpu.hpp): C
// entries first, then the AVX2 and AVX-512 ones (psnr_hvs_simd.hpp), each giving the C
// entry's bits for every input (tests/dsp checks it). The terms of a block do not
// depend on other blocks, so a SIMD entry computes one block per lane, with
// block_terms' operations (psnr_hvs_math.hpp) in their order; the plane's float sum of
// the terms, which is serial, stays with the caller.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/cpu.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"

namespace fastvmaf::psnr_hvs {

// The most blocks one call of an entry takes: a block row goes by in groups of up to
// kGroup blocks.
inline constexpr int kGroup = 16;

// The terms of n (1..kGroup) consecutive blocks of a block row: block b holds rows
// 0..7, columns kStep b .. kStep b + 7 of ref and dis (strides in bytes, as Plane's).
// Block b's 64 terms go to terms[k * kGroup + b] (k = 8 i + j), the values block_terms
// gives; terms[k * kGroup + b] for b >= n are left as they are.
template <typename Sample>
using TermsFn = void (*)(const Sample* ref, std::ptrdiff_t ref_stride, const Sample* dis, std::ptrdiff_t dis_stride,
                         int n, const PlaneTables& t, float* terms);

struct Dsp {
  TermsFn<std::uint8_t> terms_8;    // 8-bit samples
  TermsFn<std::uint16_t> terms_16;  // 9..12-bit samples
};

// The table for `flags` (usually cpu::active()).
Dsp make_dsp(cpu::Flags flags);
// The SIMD levels' overrides (psnr_hvs_avx2.cpp, psnr_hvs_avx512.cpp).
void fill_dsp_avx2(Dsp& d);
void fill_dsp_avx512(Dsp& d);

}  // namespace fastvmaf::psnr_hvs
