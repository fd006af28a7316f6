#include "features/psnr_hvs/psnr_hvs_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::psnr_hvs {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;  // libvmaf's psnr_hvs has none
  return specs;
}

const std::vector<std::string>& provided_features() {
  static const std::vector<std::string> names = {"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"};
  return names;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("psnr_hvs", provided_features(), option_specs()));

}  // namespace fastvmaf::psnr_hvs
