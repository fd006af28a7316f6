#include "features/ciede/ciede_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::ciede {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;  // libvmaf's ciede has none
  return specs;
}

namespace {
ExtractorInfo make_info() {
  ExtractorInfo info;
  info.name = "ciede";
  info.provided_features = {"ciede2000"};
  info.options = &option_specs();
  return info;
}
}  // namespace

FASTVMAF_REGISTER_EXTRACTOR(make_info());

}  // namespace fastvmaf::ciede
