// PSNR per-element arithmetic (libvmaf's integer_psnr.c sse_8 / sse_16), written once for
// the CPU reference and the GPU twin's work-items (gpu/psnr_work.hpp).
#pragma once

#include <cstdint>

#include "core/hd.hpp"

namespace fastvmaf::psnr {

// 8-bit: the difference wraps to int16 and its square to uint32, as libvmaf's row sum
// (uint32 per row, wrapping for rows wider than 66051 samples).
FVMAF_HD inline std::uint32_t squared_error_8(std::uint8_t r, std::uint8_t d) {
  const std::int16_t e = static_cast<std::int16_t>(r - d);
  return static_cast<std::uint32_t>(e * e);
}

// High bit depth: the magnitude's square in uint32 (summed in uint64).
FVMAF_HD inline std::uint32_t squared_error_16(std::uint16_t r, std::uint16_t d) {
  const int diff = static_cast<int>(r) - static_cast<int>(d);
  const std::uint32_t e = static_cast<std::uint32_t>(diff < 0 ? -diff : diff);
  return e * e;
}

}  // namespace fastvmaf::psnr
