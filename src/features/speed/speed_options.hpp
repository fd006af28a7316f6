// Declarations of libvmaf's SpEED extractors (speed.c): "speed_chroma" (U and V
// planes) and "speed_temporal" (luma frame differences, temporal). The CPU
// implementations register in speed.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::speed {

inline constexpr double kDefaultSigmaNn = 0.29;
inline constexpr double kDefaultMaxVal = 1000.0;
inline constexpr double kDefaultNnFloor = 0.0;
inline constexpr double kDefaultKernelScale = 1.0;
inline constexpr double kDefaultPrescale = 1.0;
inline constexpr const char* kDefaultPrescaleMethod = "nearest";

const std::vector<OptionSpec>& chroma_option_specs();
const std::vector<OptionSpec>& temporal_option_specs();

}  // namespace fastvmaf::speed
