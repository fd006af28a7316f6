// Declaration of libvmaf's float ADM extractor ("float_adm", float_adm.c): option specs
// and provided features. The CPU implementation registers in float_adm.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_adm {

inline constexpr double kDefaultEnhnGainLimit = 100.0;  // DEFAULT_ADM_ENHN_GAIN_LIMIT
inline constexpr double kDefaultNormViewDist = 3.0;     // DEFAULT_ADM_NORM_VIEW_DIST
inline constexpr int kDefaultRefDisplayHeight = 1080;   // DEFAULT_ADM_REF_DISPLAY_HEIGHT
inline constexpr double kDefaultNoiseWeight = 0.03125;  // DEFAULT_ADM_NOISE_WEIGHT

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_adm
