// Declaration of libvmaf's float motion extractor ("float_motion", float_motion.c):
// option specs and provided features. Like libvmaf it is TEMPORAL: one instance sees
// every frame in order, keeps the blurred luma of the last frames, writes motion2 and
// motion3 of the frame before, and flush() writes the last frame's. The CPU
// implementation registers in float_motion.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_motion {

inline constexpr double kDefaultMaxVal = 10000.0;
inline constexpr int kDefaultFilterSize = 5;  // DEFAULT_MOTION_FILTER_SIZE

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_motion
