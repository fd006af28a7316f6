// Declaration of libvmaf's integer ADM extractor ("adm"): its option specs and the
// features it provides (integer_adm.c). The CPU implementation registers in adm.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/options.hpp"

namespace fastvmaf::adm {

inline constexpr double kDefaultEnhnGainLimit = 100.0;
inline constexpr double kDefaultNormViewDist = 3.0;
inline constexpr int kDefaultRefDisplayHeight = 1080;
inline constexpr double kDefaultNoiseWeight = 0.03125;
inline constexpr double kDefaultCsfScale = 1.0;
inline constexpr double kDefaultCsfDiagScale = 1.0;
inline constexpr double kDefaultMinVal = 0.0;
inline constexpr int kDefaultCsfMode = 0;  // Watson 97

const std::vector<OptionSpec>& option_specs();
// libvmaf's provided_features, in its order (the order adm.cpp appends them in).
const std::vector<std::string>& provided_features();

}  // namespace fastvmaf::adm
