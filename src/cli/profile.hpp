// --profile: where a run's time went, on stderr: the engine's set-up, the run's stages,
// who scored how many frames (several workers), and on a GPU the device strand's host time.
// A single pair prints one block; an encoding ladder one per encode (cli/ladder.cpp).
#pragma once

#include <string>

#include "fastvmaf/result.hpp"

namespace fastvmaf::cli {

// `engine_s`: the seconds the Engine took to build (models, backend). `label`: empty for a
// single pair, else the encode it is ("encode 2 (enc_720p.mp4)").
void print_profile(double engine_s, const Result& r, const std::string& label = {});

}  // namespace fastvmaf::cli
