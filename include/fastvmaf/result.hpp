// fastvmaf — what a run produces: every feature's per-frame values (in libvmaf's
// collector order), the whole-run aggregates, and each model's pooled score.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fastvmaf {

struct Result {
  struct Series {
    std::string name;            // collector key; printed through feature_alias()
    std::vector<double> values;  // by frame index
    std::vector<char> written;   // 1 where a value exists
    bool has(unsigned i) const { return i < written.size() && written[i]; }
  };
  struct ModelScore {
    std::string label;      // what the user named: the version or the path
    std::string name;       // the model's output name ("vmaf")
    double mean = 0.0;      // pooled mean over the scored frames
    bool bootstrap = false; // a model collection: the fields below are set
    double bagging = 0.0, stddev = 0.0, ci_lo = 0.0, ci_hi = 0.0;
  };

  std::vector<Series> series;
  std::vector<std::pair<std::string, double>> aggregates;
  std::vector<ModelScore> models;
  unsigned frame_count = 0;  // frames read and scored
  unsigned width = 0, height = 0;
  unsigned subsample = 1;
  double fps = 0.0;          // frames per second of the whole run
  std::string backend = "cpu";

  const Series* find(const std::string& name) const {
    for (const auto& s : series)
      if (s.name == name) return &s;
    return nullptr;
  }
};

}  // namespace fastvmaf
