// One reference/distorted pair to score and where its output goes: what the command line
// or a --batch manifest line names.
#pragma once

#include <string>

#include "fastvmaf/picture.hpp"

namespace fastvmaf::cli {

struct PairJob {
  std::string ref_path, dis_path, output_path;  // output_path empty: no file
  bool raw = false;                              // raw .yuv inputs of raw_geometry
  VideoGeometry raw_geometry;
};

}  // namespace fastvmaf::cli
