#include "features/float_psnr/float_psnr_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_psnr {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;
  return specs;
}

namespace {
ExtractorInfo make_info() {
  ExtractorInfo info;
  info.name = "float_psnr";
  info.provided_features = {"float_psnr"};
  info.options = &option_specs();
  return info;
}
}  // namespace

FASTVMAF_REGISTER_EXTRACTOR(make_info());

}  // namespace fastvmaf::float_psnr
