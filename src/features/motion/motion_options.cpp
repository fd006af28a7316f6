#include "features/motion/motion_options.hpp"

#include "core/registry.hpp"
#include "features/motion/motion_params.hpp"

namespace fastvmaf::motion {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "motion_force_zero", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "force_0", .help = "forcing motion score to zero"},
      {.name = "motion_blend_factor", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "mbf", .help = "blend motion score given an offset"},
      {.name = "motion_blend_offset", .type = OptType::Double, .default_value = 40.0, .min = 0.0, .max = 1000.0,
       .feature_param = true, .alias = "mbo", .help = "blend motion score starting from this offset"},
      {.name = "motion_fps_weight", .type = OptType::Double, .default_value = 1.0, .min = 0.0, .max = 5.0,
       .feature_param = true, .alias = "mfw", .help = "fps-aware multiplicative weight/correction"},
      {.name = "motion_max_val", .type = OptType::Double, .default_value = kDefaultMaxVal, .min = 0.0,
       .max = 10000.0, .feature_param = true, .alias = "mmxv",
       .help = "maximum value allowed; larger values will be clipped to this value"},
      {.name = "motion_five_frame_window", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "mffw", .help = "use five-frame temporal window"},
      {.name = "motion_moving_average", .type = OptType::Bool, .default_value = false, .feature_param = true,
       .alias = "mma", .help = "use moving average for motion scores after first frame"},
      {.name = "debug", .type = OptType::Bool, .default_value = false,
       .help = "debug mode: enable additional output"},
  };
  return specs;
}

// values_at_flush: motion2/motion3 (motion_params.cpp, derive_motion2_3), once on the
// whole series. history: frame i reads the reference of frame i - 1 (i - 2 with the
// five-frame window), and keeps nothing else (the GPU twin keeps it in a ring by index).
// planes_read: the reference's luma alone (the distorted side is not scored).
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("motion",
                                           {"VMAF_integer_feature_motion_sad_score",
                                            "VMAF_integer_feature_motion_score", "VMAF_integer_feature_motion2_score",
                                            "VMAF_integer_feature_motion3_score"},
                                           option_specs(),
                                           {.needs_prev_ref = true,
                                            .values_at_flush = true,
                                            .flushes = true,
                                            .history = [](const OptionSet& o) {
                                              return Params::from(o).min_index();
                                            },
                                            .planes_read = [](const OptionSet&) {
                                              return PlanesRead{kLumaPlane, kNoPlanes};
                                            }}));

}  // namespace fastvmaf::motion
