// What every backend of libvmaf's integer ADM shares around the computation: the frame
// size check and its message, the collector keys of the outputs (libvmaf's
// provided_features under their option-dependent names) and the append of one frame's
// scores in libvmaf's order. The CPU extractor (adm.cpp) and the GPU twins
// (gpu/adm_twin.cpp) both call these, so their outputs cannot drift apart.
#pragma once

#include <array>
#include <string>

#include "core/extractor.hpp"
#include "core/options.hpp"
#include "features/adm/adm_params.hpp"

namespace fastvmaf::adm {

// Throws std::invalid_argument when libvmaf's integer ADM cannot take a frame of this size.
void check_frame_size(unsigned width, unsigned height);

// The collector keys, in provided_features order.
using OutputNames = std::array<std::string, 18>;
OutputNames output_names(const OptionSet& options);

// Frame `index`'s values: adm2, aim, adm3 and the four scales, then with `debug` the
// numerators and denominators.
void append_scores(const OutputNames& names, bool debug, const AdmScores& s, unsigned index, FeatureSink& sink);

}  // namespace fastvmaf::adm
