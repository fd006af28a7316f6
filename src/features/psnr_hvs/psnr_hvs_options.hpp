// Declaration of libvmaf's PSNR-HVS extractor ("psnr_hvs", third_party/xiph/
// psnr_hvs.c): no options; psnr_hvs_y, _cb, _cr and the weighted psnr_hvs. The CPU
// implementation registers in psnr_hvs.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/options.hpp"

namespace fastvmaf::psnr_hvs {

const std::vector<OptionSpec>& option_specs();
// libvmaf's provided_features, in the order psnr_hvs.cpp appends them.
const std::vector<std::string>& provided_features();

}  // namespace fastvmaf::psnr_hvs
