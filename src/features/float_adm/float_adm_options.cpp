#include "features/float_adm/float_adm_options.hpp"

#include <string>

#include "core/registry.hpp"

namespace fastvmaf::float_adm {

namespace {
OptionSpec factor(const char* name, const char* alias, const char* help) {
  return {.name = name, .type = OptType::Double, .default_value = -1.0, .min = -1.0, .max = 10.0,
          .feature_param = true, .alias = alias, .help = help};
}
}  // namespace

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "debug", .type = OptType::Bool, .default_value = false,
       .help = "debug mode: enable additional output"},
      {.name = "adm_enhn_gain_limit", .type = OptType::Double, .default_value = kDefaultEnhnGainLimit, .min = 1.0,
       .max = kDefaultEnhnGainLimit, .feature_param = true, .alias = "egl",
       .help = "enhancement gain imposed on adm, must be >= 1.0, where 1.0 means the gain is completely disabled"},
      {.name = "adm_norm_view_dist", .type = OptType::Double, .default_value = kDefaultNormViewDist, .min = 0.75,
       .max = 24.0, .feature_param = true, .alias = "nvd",
       .help = "normalized viewing distance = viewing distance / ref display's physical height"},
      {.name = "adm_noise_weight", .type = OptType::Double, .default_value = kDefaultNoiseWeight, .min = 0.0,
       .max = 1500.0, .feature_param = true, .alias = "nw", .help = "noise weight"},
      {.name = "adm_csf_scale", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 50.0,
       .feature_param = true, .alias = "scf", .help = "scale factor for the CSF"},
      {.name = "adm_csf_diag_scale", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 50.0,
       .feature_param = true, .alias = "scfd", .help = "scale factor for the CSF diag"},
      {.name = "adm_ref_display_height", .type = OptType::Int, .default_value = kDefaultRefDisplayHeight, .min = 1,
       .max = 4320, .feature_param = true, .alias = "rdf", .help = "reference display height in pixels"},
      {.name = "adm_csf_mode", .type = OptType::Int, .default_value = 0, .min = 0, .max = 9, .feature_param = true,
       .alias = "csf", .help = "contrast sensitivity function"},
      {.name = "adm_bypass_cm", .type = OptType::Int, .default_value = 0, .min = 0, .max = 1, .feature_param = true,
       .alias = "bcm", .help = "bypass contrast masking (CM)"},
      {.name = "adm_adm3_apply_hm", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "aah", .help = "apply harmonic mean to combine DLM and AIM"},
      {.name = "adm_p_norm", .type = OptType::Double, .default_value = 3.0, .min = 1.0, .max = 20.0,
       .feature_param = true, .alias = "apn", .help = "p-norm for energy vector"},
      {.name = "adm_dlm_weight", .type = OptType::Double, .default_value = 0.5, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "dlmw",
       .help = "linear weighting between DLM and AIM; 1 corresponds to DLM-only"},
      {.name = "adm_min_val", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "min",
       .help = "minimum value allowed; lower values will be clipped to this value"},
      factor("adm_f1s0", "f1s0", "factor1 scale0"),
      factor("adm_f1s1", "f1s1", "factor1 scale1"),
      factor("adm_f1s2", "f1s2", "factor1 scale2"),
      factor("adm_f1s3", "f1s3", "factor1 scale3"),
      factor("adm_f2s0", "f2s0", "factor2 scale0"),
      factor("adm_f2s1", "f2s1", "factor2 scale1"),
      factor("adm_f2s2", "f2s2", "factor2 scale2"),
      factor("adm_f2s3", "f2s3", "factor2 scale3"),
      // The default, -1 (no scale skipped), lies outside the range a user may give.
      {.name = "adm_skip_aim_scale", .type = OptType::Int, .default_value = -1, .min = 0, .max = 3,
       .feature_param = true, .alias = "sasc", .help = "when set, skip AIM calculations for that scale"},
      {.name = "adm_skip_scale0", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "ssz", .help = "skip the calculation of scale 0"},
  };
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_adm",
                                           {"VMAF_feature_adm2_score", "VMAF_feature_aim_score",
                                            "VMAF_feature_adm3_score", "VMAF_feature_adm_scale0_score",
                                            "VMAF_feature_adm_scale1_score", "VMAF_feature_adm_scale2_score",
                                            "VMAF_feature_adm_scale3_score", "adm_num", "adm_den", "adm_scale0",
                                            "adm_num_scale0", "adm_den_scale0", "adm_num_scale1", "adm_den_scale1",
                                            "adm_num_scale2", "adm_den_scale2", "adm_num_scale3", "adm_den_scale3"},
                                           option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::float_adm
