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

namespace {
ExtractorInfo make_info() {
  ExtractorInfo info;
  info.name = "psnr_hvs";
  info.provided_features = provided_features();
  info.options = &option_specs();
  return info;
}
}  // namespace

FASTVMAF_REGISTER_EXTRACTOR(make_info());

}  // namespace fastvmaf::psnr_hvs
