#include "features/ciede/ciede_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::ciede {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;  // libvmaf's ciede has none
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("ciede", {"ciede2000"}, option_specs()));

}  // namespace fastvmaf::ciede
