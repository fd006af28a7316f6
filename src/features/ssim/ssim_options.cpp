#include "features/ssim/ssim_options.hpp"

#include "core/registry.hpp"

namespace fastvmaf::ssim {

// None of these options is a feature parameter in libvmaf: the output names never
// carry them ("float_ssim" with or without enable_db).
const std::vector<OptionSpec>& ssim_option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "enable_lcs", .type = OptType::Bool, .default_value = false,
       .help = "enable luminance, contrast and structure intermediate output"},
      {.name = "enable_db", .type = OptType::Bool, .default_value = false, .help = "write SSIM values as dB"},
      {.name = "clip_db", .type = OptType::Bool, .default_value = false, .help = "clip dB scores"},
      {.name = "scale", .type = OptType::Int, .default_value = 0, .min = 0, .max = kMaxScaleOverride,
       .help = "decimation scale factor (0=auto, 1=no downscaling, 2-10=explicit)"},
  };
  return specs;
}

const std::vector<OptionSpec>& ms_ssim_option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "enable_lcs", .type = OptType::Bool, .default_value = false,
       .help = "enable luminance, contrast and structure intermediate output"},
      {.name = "enable_db", .type = OptType::Bool, .default_value = false, .help = "write MS-SSIM values as dB"},
      {.name = "clip_db", .type = OptType::Bool, .default_value = false, .help = "clip dB scores"},
  };
  return specs;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_ssim", {"float_ssim"}, ssim_option_specs(), {.planes_read = luma_of_both}));
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("float_ms_ssim", {"float_ms_ssim"}, ms_ssim_option_specs(), {.planes_read = luma_of_both}));

}  // namespace fastvmaf::ssim
