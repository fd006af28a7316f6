// Declaration of libvmaf's integer VIF extractor ("vif"): option specs and provided
// features (integer_vif.c). The CPU implementation registers in vif.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::vif {

inline constexpr double kDefaultEnhnGainLimit = 100.0;

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::vif
