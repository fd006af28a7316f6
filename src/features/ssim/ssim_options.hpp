// Declarations of libvmaf's two float SSIM extractors, "float_ssim" (float_ssim.c) and
// "float_ms_ssim" (float_ms_ssim.c): their option specs and provided features. They
// are one concept (MS-SSIM is the SSIM map at five scales, with the same window and
// the same per-pixel terms), so one folder owns both; the CPU implementations register
// in ssim.cpp and ms_ssim.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::ssim {

// float_ssim's "scale": 0 picks libvmaf's automatic decimation factor, 1 keeps the
// full resolution, 2-10 force a factor.
inline constexpr int kMaxScaleOverride = 10;

const std::vector<OptionSpec>& ssim_option_specs();
const std::vector<OptionSpec>& ms_ssim_option_specs();

}  // namespace fastvmaf::ssim
