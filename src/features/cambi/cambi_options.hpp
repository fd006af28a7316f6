// Declaration of libvmaf's CAMBI extractor ("cambi"): option specs and provided
// features (cambi.c). The CPU implementation registers in cambi.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::cambi {

inline constexpr double kDefaultTopk = 0.6;
inline constexpr int kDefaultWindowSize = 65;
inline constexpr int kMinWindowSize = 15;
inline constexpr double kDefaultTvi = 0.019;
inline constexpr double kDefaultVlt = 0.0;
inline constexpr int kDefaultMaxLogContrast = 2;
inline constexpr int kDefaultHighResSpeedup = 0;
inline constexpr double kDefaultMaxVal = 1000.0;
inline constexpr int k4kWidth = 3840;
inline constexpr int k4kHeight = 2160;

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::cambi
