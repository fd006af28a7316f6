#include "features/float_vif/float_vif_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_vif {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "debug", .type = OptType::Bool, .default_value = false,
       .help = "debug mode: enable additional output"},
      {.name = "vif_enhn_gain_limit", .type = OptType::Double, .default_value = kDefaultEnhnGainLimit, .min = 1.0,
       .max = kDefaultEnhnGainLimit, .feature_param = true, .alias = "egl",
       .help = "enhancement gain imposed on vif, must be >= 1.0, where 1.0 means the gain is completely disabled"},
      {.name = "vif_kernelscale", .type = OptType::Double, .default_value = kDefaultKernelScale, .min = 0.1,
       .max = 4.0, .feature_param = true, .alias = "ks",
       .help = "scaling factor for the gaussian kernel (2.0 means multiplying the standard deviation by 2 and "
               "enlarge the kernel size accordingly"},
      {.name = "vif_prescale", .type = OptType::Double, .default_value = kDefaultPrescale, .min = 0.1, .max = 4.0,
       .feature_param = true, .alias = "ps",
       .help = "scaling factor for the frame (2.0 means making the image twice as large on each dimension)"},
      {.name = "vif_scale1_min_val", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "s1miv",
       .help = "minimum value allowed; smaller values will be set to this value"},
      {.name = "vif_scale2_min_val", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "s2miv",
       .help = "minimum value allowed; smaller values will be set to this value"},
      {.name = "vif_scale3_min_val", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "s3miv",
       .help = "minimum value allowed; smaller values will be set to this value"},
      {.name = "vif_prescale_method", .type = OptType::String, .default_value = std::string("nearest"),
       .feature_param = true, .alias = "pm",
       .help = "scaling method for the frame, supported options: [nearest, bilinear, bicubic, lanczos4]",
       .choices = {"nearest", "bilinear", "bicubic", "lanczos4"}},
      {.name = "vif_sigma_nsq", .type = OptType::Double, .default_value = 2.0, .min = 0.0, .max = 5.0,
       .feature_param = true, .alias = "snsq", .help = "neural noise variance"},
      {.name = "vif_skip_scale0", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "ssclz", .help = "when set, skip scale 0 calculations"},
  };
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_vif",
                                           {"VMAF_feature_vif_scale0_score", "VMAF_feature_vif_scale1_score",
                                            "VMAF_feature_vif_scale2_score", "VMAF_feature_vif_scale3_score", "vif",
                                            "vif_num", "vif_den", "vif_num_scale0", "vif_den_scale0", "vif_num_scale1",
                                            "vif_den_scale1", "vif_num_scale2", "vif_den_scale2", "vif_num_scale3",
                                            "vif_den_scale3"},
                                           option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::float_vif
