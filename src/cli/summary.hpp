// The summary table of a run of several pairs (--batch, or several -d: an encoding
// ladder): one row per pair in the order given, its status, frames, speed, files and
// each model's pooled score, so that a script reads both the same way.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fastvmaf/result.hpp"

namespace fastvmaf::cli {

struct PairOutcome {
  std::string ref_path, dis_path;
  bool ok = false;
  std::string error;  // when not ok
  unsigned frames = 0;
  double fps = 0;
  std::vector<std::pair<std::string, double>> scores;  // model name, pooled mean

  // A scored pair: its frames, speed and pooled scores.
  void scored(const Result& r);
};

// Prints the table to stdout (header, then one row per outcome: "pair", "status"
// (ok/failed), "frames", "fps", "reference", "distorted", then every model's pooled
// score in the order of -m, "-" where a pair has none). Returns the pairs that failed.
unsigned print_summary(const std::vector<PairOutcome>& outcomes);

}  // namespace fastvmaf::cli
