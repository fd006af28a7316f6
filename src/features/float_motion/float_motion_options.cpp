#include "features/float_motion/float_motion_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::float_motion {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "debug", .type = OptType::Bool, .default_value = true,
       .help = "debug mode: enable additional output"},
      {.name = "motion_force_zero", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "force_0", .help = "forcing motion score to zero"},
      {.name = "motion_fps_weight", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 5.0,
       .feature_param = true, .alias = "mfw", .help = "fps-aware multiplicative weight/correction"},
      {.name = "motion_blend_factor", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "mbf", .help = "blend motion score given an offset"},
      {.name = "motion_blend_offset", .type = OptType::Double, .default_value = 40.0, .min = 0.0, .max = 1000.0,
       .feature_param = true, .alias = "mbo", .help = "blend motion score starting from this offset"},
      {.name = "motion_add_scale1", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "mdc", .help = "add motion score from scale1"},
      {.name = "motion_filter_size", .type = OptType::Int, .default_value = kDefaultFilterSize, .min = 0, .max = 9,
       .feature_param = true, .alias = "mfs", .help = "filtering size"},
      {.name = "motion_add_uv", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "mau", .help = "include U and V terms"},
      {.name = "motion_max_val", .type = OptType::Double, .default_value = kDefaultMaxVal, .min = 0.0,
       .max = 10000.0, .feature_param = true, .alias = "mmxv",
       .help = "maximum value allowed; larger values will be clipped to this value"},
  };
  return specs;
}

// values_at_flush: motion2/motion3 of the last frame come at flush, as integer motion's.
// history: frame i scores the blurs of frames i - 2, i - 1 and i; the last score, which
// flush() needs, is carried (FloatMotionExtractor::carry). planes_read: the reference's
// luma, and its chroma planes with motion_add_uv.
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_motion",
                                           {"VMAF_feature_motion_score", "VMAF_feature_motion2_score",
                                            "VMAF_feature_motion3_score"},
                                           option_specs(),
                                           {.temporal = true,
                                            .values_at_flush = true,
                                            .flushes = true,
                                            .history = [](const OptionSet&) { return 2u; },
                                            .planes_read = [](const OptionSet& o) {
                                              return PlanesRead{o.get_bool("motion_add_uv") ? kAllPlanes : kLumaPlane,
                                                                kNoPlanes};
                                            }}));

}  // namespace fastvmaf::float_motion
