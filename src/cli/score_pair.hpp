// Scoring one reference/distorted pair as the command does it: open both inputs (any
// kind open_video takes), scale the distorted one when --scale asks, run the engine, and
// write the output file atomically. Shared by the single-pair command and --batch.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cli/cli_args.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf::cli {

struct PairJob {
  std::string ref_path, dis_path, output_path;  // output_path empty: no file
  bool raw = false;                              // raw .yuv inputs of raw_geometry
  VideoGeometry raw_geometry;
};

struct PairHooks {
  std::function<void(unsigned)> progress;            // frames done, from the scoring thread
  std::function<void(const std::string&)> warn;      // warnings (frame counts differ)
  std::function<void(const std::string&)> note;      // what was decoded or done to an input
};

// Scores `job` with `engine` and the output flags of `args`; throws on any error, and
// then no output file is left. `sizes_differ` is set when the inputs' sizes differ and
// no --scale was given (for the hint after the error).
Result score_pair(Engine& engine, const Args& args, const PairJob& job, const PairHooks& hooks, bool& sizes_differ);

}  // namespace fastvmaf::cli
