#include "features/vif/vif_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::vif {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "debug", .type = OptType::Bool, .default_value = false,
       .help = "debug mode: enable additional output"},
      {.name = "vif_enhn_gain_limit", .type = OptType::Double, .default_value = kDefaultEnhnGainLimit, .min = 1.0,
       .max = kDefaultEnhnGainLimit, .feature_param = true, .alias = "egl",
       .help = "enhancement gain imposed on vif, must be >= 1.0, where 1.0 means the gain is completely disabled"},
      {.name = "vif_skip_scale0", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "ssclz", .help = "when set, skip scale 0 calculations"},
  };
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(
    extractor_info("vif",
                   {"VMAF_integer_feature_vif_scale0_score", "VMAF_integer_feature_vif_scale1_score",
                    "VMAF_integer_feature_vif_scale2_score", "VMAF_integer_feature_vif_scale3_score", "integer_vif",
                    "integer_vif_num", "integer_vif_den", "integer_vif_num_scale0", "integer_vif_den_scale0",
                    "integer_vif_num_scale1", "integer_vif_den_scale1", "integer_vif_num_scale2",
                    "integer_vif_den_scale2", "integer_vif_num_scale3", "integer_vif_den_scale3"},
                   option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::vif
