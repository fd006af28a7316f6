#include "features/adm/adm_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::adm {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "debug", .type = OptType::Bool, .default_value = false,
       .help = "debug mode: enable additional output"},
      {.name = "adm_csf_scale", .type = OptType::Double, .default_value = kDefaultCsfScale, .min = 0.0, .max = 50.0,
       .feature_param = true, .alias = "scf",
       .help = "scale coefficient for the horizontal & vertical direction terms of CSF"},
      {.name = "adm_csf_diag_scale", .type = OptType::Double, .default_value = kDefaultCsfDiagScale, .min = 0.0,
       .max = 50.0, .feature_param = true, .alias = "scfd",
       .help = "scale coefficient for the diagonal direction term of CSF"},
      {.name = "adm_dlm_weight", .type = OptType::Double, .default_value = 0.5, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "dlmw",
       .help = "linear weighting between DLM and AIM; 1 corresponds to DLM-only"},
      {.name = "adm_enhn_gain_limit", .type = OptType::Double, .default_value = kDefaultEnhnGainLimit, .min = 1.0,
       .max = kDefaultEnhnGainLimit, .feature_param = true, .alias = "egl",
       .help = "enhancement gain imposed on adm, must be >= 1.0, where 1.0 means the gain is completely disabled"},
      {.name = "adm_norm_view_dist", .type = OptType::Double, .default_value = kDefaultNormViewDist, .min = 0.75,
       .max = 24.0, .feature_param = true, .alias = "nvd",
       .help = "normalized viewing distance = viewing distance / ref display's physical height"},
      {.name = "adm_ref_display_height", .type = OptType::Int, .default_value = kDefaultRefDisplayHeight, .min = 1,
       .max = 4320, .feature_param = true, .alias = "rdh", .help = "reference display height in pixels"},
      {.name = "adm_csf_mode", .type = OptType::Int, .default_value = kDefaultCsfMode, .min = 0, .max = 3,
       .feature_param = true, .alias = "csf", .help = "contrast sensitivity function"},
      {.name = "adm_noise_weight", .type = OptType::Double, .default_value = kDefaultNoiseWeight, .min = 0.0,
       .max = 1500.0, .feature_param = true, .alias = "nw", .help = "noise weight"},
      {.name = "adm_skip_aim", .type = OptType::Bool, .default_value = false, .help = "skip the calculation of AIM"},
      {.name = "adm_skip_scale0", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "ssz", .help = "skip the calculation of scale 0"},
      {.name = "adm_min_val", .type = OptType::Double, .default_value = kDefaultMinVal, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "min",
       .help = "minimum value allowed; lower values will be clipped to this value"},
  };
  return specs;
}

const std::vector<std::string>& provided_features() {
  static const std::vector<std::string> names = {
      "VMAF_integer_feature_adm2_score", "VMAF_integer_feature_aim_score", "VMAF_integer_feature_adm3_score",
      "integer_adm_scale0", "integer_adm_scale1", "integer_adm_scale2", "integer_adm_scale3",
      "integer_adm", "integer_adm_num", "integer_adm_den",
      "integer_adm_num_scale0", "integer_adm_den_scale0", "integer_adm_num_scale1",
      "integer_adm_den_scale1", "integer_adm_num_scale2", "integer_adm_den_scale2",
      "integer_adm_num_scale3", "integer_adm_den_scale3"};
  return names;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("adm", provided_features(), option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::adm
