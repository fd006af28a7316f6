// Declaration of libvmaf's float moment extractor ("float_moment", float_moment.c): no
// options; it writes the first and second moments of the reference and distorted luma
// (float_moment_ref1st, _dis1st, _ref2nd, _dis2nd) and, like libvmaf, declares the one
// provided feature "float_moment". The CPU implementation registers in float_moment.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_moment {

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_moment
