// An extractor's options in the replays: key/value pairs as the command line gives them,
// the OptionSet its Config reads (checked against its specs, so a misspelt key fails the
// test), and a label for a test's trace.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/options.hpp"

namespace fastvmaf::replay {

using Opts = std::vector<std::pair<std::string, std::string>>;

inline OptionSet option_set(const char* feature, const std::vector<OptionSpec>& specs, const Opts& opts) {
  OptionDict d;
  for (const auto& [k, v] : opts) d.set(k, v);
  return OptionSet(feature, &specs, d);
}

// "key=value key=value " in the given order, or "defaults".
inline std::string label(const Opts& opts) {
  std::string s;
  for (const auto& [k, v] : opts) s += k + "=" + v + " ";
  return s.empty() ? "defaults" : s;
}

}  // namespace fastvmaf::replay
