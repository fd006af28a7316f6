// Declaration of libvmaf's integer motion extractor ("motion"): option specs and
// provided features (integer_motion.c). Like libvmaf it is a PREV_REF extractor: each
// frame gets the previous reference pictures, and flush() derives motion2/motion3
// from the collected motion_sad values. The CPU implementation registers in motion.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::motion {

inline constexpr double kDefaultMaxVal = 10000.0;

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::motion
