#include "features/float_psnr/float_psnr_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_psnr {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs;
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_psnr", {"float_psnr"}, option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::float_psnr
