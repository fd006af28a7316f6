#include "features/float_ansnr/float_ansnr_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_ansnr {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_ansnr", {"float_ansnr"}, option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::float_ansnr
