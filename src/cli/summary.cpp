#include "cli/summary.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

namespace fastvmaf::cli {

void PairOutcome::scored(const Result& r) {
  ok = true;
  frames = r.frame_count;
  fps = r.fps;
  for (const auto& m : r.models) scores.emplace_back(m.name, m.mean);
}

unsigned print_summary(const std::vector<PairOutcome>& outcomes) {
  std::vector<std::string> models;
  for (const auto& o : outcomes)
    for (const auto& [name, v] : o.scores)
      if (std::find(models.begin(), models.end(), name) == models.end()) models.push_back(name);
  std::string head = "pair\tstatus\tframes\tfps\treference\tdistorted";
  for (const auto& m : models) head += "\t" + m;
  std::printf("%s\n", head.c_str());
  unsigned failed = 0;
  for (std::size_t k = 0; k < outcomes.size(); ++k) {
    const PairOutcome& o = outcomes[k];
    failed += !o.ok;
    std::string row = fmt::format("{}\t{}\t{}\t{:.1f}\t{}\t{}", k + 1, o.ok ? "ok" : "failed", o.frames, o.fps,
                                  o.ref_path, o.dis_path);
    for (const auto& m : models) {
      auto it = std::find_if(o.scores.begin(), o.scores.end(), [&](const auto& s) { return s.first == m; });
      row += it == o.scores.end() ? "\t-" : fmt::format("\t{:.6f}", it->second);
    }
    std::printf("%s\n", row.c_str());
  }
  return failed;
}

}  // namespace fastvmaf::cli
