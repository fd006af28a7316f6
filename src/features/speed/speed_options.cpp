#include "features/speed/speed_options.hpp"

#include <string>

#include "core/registry.hpp"

namespace fastvmaf::speed {

namespace {

// The options both extractors share, in libvmaf's order.
std::vector<OptionSpec> common_specs() {
  return {
      {.name = "speed_kernelscale", .type = OptType::Double, .default_value = kDefaultKernelScale, .min = 0.1,
       .max = 4.0, .feature_param = true, .alias = "ks",
       .help = "scale of the Gaussian kernel (2 doubles the standard deviation and the kernel size)"},
      {.name = "speed_prescale", .type = OptType::Double, .default_value = kDefaultPrescale, .min = 0.1, .max = 4.0,
       .feature_param = true, .alias = "ps", .help = "rescale the image before computing (2 doubles each dimension)"},
      {.name = "speed_prescale_method", .type = OptType::String, .default_value = std::string(kDefaultPrescaleMethod),
       .feature_param = true, .alias = "psm", .help = "nearest, bilinear, bicubic or lanczos4",
       .choices = {"nearest", "bilinear", "bicubic", "lanczos4"}},
      {.name = "speed_sigma_nn", .type = OptType::Double, .default_value = kDefaultSigmaNn, .min = 0.1, .max = 2.0,
       .feature_param = true, .alias = "snn", .help = "standard deviation of the neural noise"},
      {.name = "speed_nn_floor", .type = OptType::Double, .default_value = kDefaultNnFloor, .min = 0.0, .max = 1.0,
       .feature_param = true, .alias = "nnf", .help = "floor of the neural noise"},
      {.name = "speed_max_val", .type = OptType::Double, .default_value = kDefaultMaxVal, .min = 0.0, .max = 1000.0,
       .feature_param = true, .alias = "mxv",
       .help = "maximum value allowed; larger values will be clipped to this value"},
  };
}

}  // namespace

const std::vector<OptionSpec>& chroma_option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    auto s = common_specs();
    s.push_back({.name = "speed_weight_var_mode", .type = OptType::Int, .default_value = 0, .min = 0, .max = 6,
                 .feature_param = true, .alias = "wvm", .help = "variance weighting mode"});
    return s;
  }();
  return specs;
}

const std::vector<OptionSpec>& temporal_option_specs() {
  static const std::vector<OptionSpec> specs = [] {
    auto s = common_specs();
    s.push_back({.name = "speed_use_ref_diff", .type = OptType::Bool, .default_value = false, .feature_param = true,
                 .alias = "urd", .help = "use the reference frame difference for the distorted term"});
    return s;
  }();
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("speed_chroma",
                                           {"Speed_chroma_feature_speed_chroma_u_score",
                                            "Speed_chroma_feature_speed_chroma_v_score",
                                            "Speed_chroma_feature_speed_chroma_uv_score"},
                                           chroma_option_specs(),
                                           {.planes_read = [](const OptionSet&) {
                                              return PlanesRead{kChromaPlanes, kChromaPlanes};
                                            }}));
// history: frame i scores the difference of frames i - 1 and i, and keeps nothing else.
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("speed_temporal", {"Speed_temporal_feature_speed_temporal_score"},
                                           temporal_option_specs(),
                                           {.temporal = true,
                                            .history = [](const OptionSet&) { return 1u; },
                                            .planes_read = luma_of_both}));

}  // namespace fastvmaf::speed
