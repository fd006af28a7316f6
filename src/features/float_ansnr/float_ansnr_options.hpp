// Declaration of libvmaf's float ANSNR extractor ("float_ansnr", float_ansnr.c): no
// options; it writes float_ansnr and float_anpsnr and, like libvmaf, declares the one
// provided feature "float_ansnr". The CPU implementation registers in float_ansnr.cpp.
#pragma once

#include <vector>

#include "core/options.hpp"

namespace fastvmaf::float_ansnr {

const std::vector<OptionSpec>& option_specs();

}  // namespace fastvmaf::float_ansnr
