// Declaration of libvmaf's integer PSNR extractor ("psnr", integer_psnr.c): its options
// and features. The CPU implementation registers in psnr.cpp, the twin in
// gpu/psnr_twin.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::psnr {

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::psnr
