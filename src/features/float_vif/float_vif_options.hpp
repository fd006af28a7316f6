// Declaration of libvmaf's float VIF extractor ("float_vif", float_vif.c): option specs
// and provided features. The CPU implementation registers in float_vif.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_vif {

inline constexpr double kDefaultEnhnGainLimit = 100.0;  // DEFAULT_VIF_ENHN_GAIN_LIMIT
inline constexpr double kDefaultKernelScale = 1.0;      // DEFAULT_VIF_KERNELSCALE
inline constexpr double kDefaultPrescale = 1.0;         // DEFAULT_VIF_PRESCALE

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_vif
