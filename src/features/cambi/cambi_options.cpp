#include "features/cambi/cambi_options.hpp"

#include <string>

#include "core/registry.hpp"

namespace fastvmaf::cambi {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "cambi_max_val", .type = OptType::Double, .default_value = kDefaultMaxVal, .min = 0.0, .max = 1000.0,
       .feature_param = true, .alias = "cmxv",
       .help = "maximum value allowed; larger values will be clipped to this value"},
      {.name = "enc_width", .type = OptType::Int, .default_value = 0, .min = 180, .max = 7680, .feature_param = true,
       .alias = "encw", .help = "Encoding width"},
      {.name = "enc_height", .type = OptType::Int, .default_value = 0, .min = 150, .max = 7680,
       .feature_param = true, .alias = "ench", .help = "Encoding height"},
      {.name = "enc_bitdepth", .type = OptType::Int, .default_value = 0, .min = 6, .max = 16, .feature_param = true,
       .alias = "encbd", .help = "Encoding bitdepth"},
      {.name = "src_width", .type = OptType::Int, .default_value = 0, .min = 320, .max = 7680,
       .feature_param = true, .alias = "srcw", .help = "Source width. Only used when full_ref=true."},
      {.name = "src_height", .type = OptType::Int, .default_value = 0, .min = 200, .max = 4320,
       .feature_param = true, .alias = "srch", .help = "Source height. Only used when full_ref=true."},
      {.name = "window_size", .type = OptType::Int, .default_value = kDefaultWindowSize, .min = kMinWindowSize, .max = 127,
       .feature_param = true, .alias = "ws",
       .help = "Window size to compute CAMBI: 65 corresponds to ~1 degree at 4k"},
      {.name = "topk", .type = OptType::Double, .default_value = kDefaultTopk, .min = 0.0001, .max = 1.0,
       .feature_param = true,
       .help = "Ratio of pixels for the spatial pooling computation, must be 0 < topk <= 1.0"},
      {.name = "cambi_topk", .type = OptType::Double, .default_value = kDefaultTopk, .min = 0.0001, .max = 1.0,
       .feature_param = true, .alias = "ctpk",
       .help = "Ratio of pixels for the spatial pooling computation, must be 0 < cambi_topk <= 1.0"},
      {.name = "tvi_threshold", .type = OptType::Double, .default_value = kDefaultTvi, .min = 0.0001, .max = 1.0,
       .feature_param = true, .alias = "tvit",
       .help = "Visibilty threshold for luminance dL < tvi_threshold*L_mean"},
      {.name = "cambi_vis_lum_threshold", .type = OptType::Double, .default_value = kDefaultVlt, .min = 0.0,
       .max = 300.0, .feature_param = true, .alias = "vlt",
       .help = "Luminance value below which we assume any banding is not visible"},
      {.name = "max_log_contrast", .type = OptType::Int, .default_value = kDefaultMaxLogContrast, .min = 0,
       .max = 5, .feature_param = true, .alias = "mlc",
       .help = "Maximum contrast in log luma level (2^max_log_contrast) at 10-bits"},
      {.name = "heatmaps_path", .type = OptType::String, .default_value = std::string(),
       .help = "Path where heatmaps will be dumped."},
      {.name = "full_ref", .type = OptType::Bool, .default_value = false,
       .help = "If true, CAMBI is also computed on the reference and the full-reference score is emitted"},
      {.name = "eotf", .type = OptType::String, .default_value = std::string("bt1886"), .feature_param = true,
       .help = "EOTF used to compute the visibility thresholds: bt1886 or pq", .choices = {"bt1886", "pq"}},
      {.name = "cambi_eotf", .type = OptType::String, .default_value = std::string("bt1886"),
       .feature_param = true, .alias = "ceot",
       .help = "EOTF used to compute the visibility thresholds: bt1886 or pq; takes precedence over eotf",
       .choices = {"bt1886", "pq"}},
      {.name = "cambi_high_res_speedup", .type = OptType::Int, .default_value = kDefaultHighResSpeedup, .min = 0,
       .max = k4kHeight, .feature_param = true, .alias = "hrs",
       .help = "Speed up by downsampling after the spatial mask for resolutions >= this height (0: off)"},
  };
  return specs;
}

// flushes: the heatmap files are cut to the frames scored (CambiExtractor::flush).
// planes_read: the luma; the reference's only with full_ref (it is scored then).
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("cambi", {"Cambi_feature_cambi_score"}, option_specs(),
                                           {.flushes = true, .planes_read = [](const OptionSet& o) {
                                              return PlanesRead{o.get_bool("full_ref") ? kLumaPlane : kNoPlanes,
                                                                kLumaPlane};
                                            }}));

}  // namespace fastvmaf::cambi
