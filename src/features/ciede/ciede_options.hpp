// Declaration of libvmaf's CIEDE2000 extractor ("ciede", ciede.c): no options; one
// feature, ciede2000. The CPU implementation registers in ciede.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::ciede {

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::ciede
