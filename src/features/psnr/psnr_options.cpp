#include "features/psnr/psnr_options.hpp"

#include <cfloat>

#include "core/registry.hpp"

namespace fastvmaf::psnr {

const std::vector<OptionSpec>& option_specs() {
  static const std::vector<OptionSpec> specs = {
      {.name = "enable_chroma", .type = OptType::Bool, .default_value = true,
       .help = "enable calculation for chroma channels"},
      {.name = "enable_mse", .type = OptType::Bool, .default_value = false, .help = "enable MSE calculation"},
      {.name = "enable_apsnr", .type = OptType::Bool, .default_value = false, .help = "enable APSNR calculation"},
      {.name = "reduced_hbd_peak", .type = OptType::Bool, .default_value = false,
       .help = "reduce hbd peak value to align with scaled 8-bit content"},
      {.name = "min_sse", .type = OptType::Double, .default_value = 0.0, .min = 0.0, .max = DBL_MAX,
       .help = "constrain the minimum possible sse"},
  };
  return specs;
}

// Temporal only for the apsnr sums, which segments carry (PsnrScorer::carry): a frame's
// values need no earlier frame. planes_read: the chroma planes only with enable_chroma.
FASTVMAF_REGISTER_EXTRACTOR(extractor_info("psnr", {"psnr_y", "psnr_cb", "psnr_cr"}, option_specs(),
                                           {.temporal = true,
                                            .flushes = true,
                                            .history = [](const OptionSet&) { return 0u; },
                                            .planes_read = [](const OptionSet& o) {
                                              const PlaneSet p = o.get_bool("enable_chroma") ? kAllPlanes : kLumaPlane;
                                              return PlanesRead{p, p};
                                            }}));

}  // namespace fastvmaf::psnr
