#include "features/adm/adm_outputs.hpp"

#include <stdexcept>

#include "core/feature_name.hpp"
#include "features/adm/adm_options.hpp"

namespace fastvmaf::adm {

void check_frame_size(unsigned width, unsigned height) {
  if (width < kMinSize || height < kMinSize)
    throw std::invalid_argument("adm: frame " + std::to_string(width) + "x" + std::to_string(height) +
                                " is too small: libvmaf's integer ADM needs at least " + std::to_string(kMinSize) +
                                "x" + std::to_string(kMinSize) + " (3 samples at its 4th scale)");
}

OutputNames output_names(const OptionSet& options) {
  const auto& provided = provided_features();
  OutputNames names;
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = feature_name(provided[i], options);
  return names;
}

void append_scores(const OutputNames& names, bool debug, const AdmScores& s, unsigned index, FeatureSink& sink) {
  const double always[7] = {s.adm2, s.aim, s.adm3, s.scale[0], s.scale[1], s.scale[2], s.scale[3]};
  for (int i = 0; i < 7; ++i) sink.append(names[i], index, always[i]);
  if (!debug) return;
  const double extra[11] = {s.adm2,         s.num,          s.den,          s.num_scale[0],
                            s.den_scale[0], s.num_scale[1], s.den_scale[1], s.num_scale[2],
                            s.den_scale[2], s.num_scale[3], s.den_scale[3]};
  for (int i = 0; i < 11; ++i) sink.append(names[7 + i], index, extra[i]);
}

}  // namespace fastvmaf::adm
