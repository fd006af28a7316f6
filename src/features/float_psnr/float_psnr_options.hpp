// Declaration of libvmaf's float PSNR extractor ("float_psnr", float_psnr.c): no
// options, one feature. The CPU implementation registers in float_psnr.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_psnr {

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_psnr
