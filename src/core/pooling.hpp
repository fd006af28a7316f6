// Pooled metrics exactly as libvmaf's vmaf_feature_score_pooled computes them:
// frames lo..hi in order (every subsample-th when subsample > 1), sum and 1/(s+1) sum
// in double, mean = sum/n, harmonic_mean = n/isum - 1.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/collector.hpp"

namespace fastvmaf {

enum class PoolMethod { Min, Max, Mean, HarmonicMean };
const char* to_string(PoolMethod m);  // "min", "max", "mean", "harmonic_mean"

// nullopt when any frame in range has no value (libvmaf then omits the pooled value).
// values[i] counts where written[i] != 0.
std::optional<double> pool(const std::vector<double>& values, const std::vector<char>& written, PoolMethod method,
                           unsigned lo, unsigned hi, unsigned subsample);
inline std::optional<double> pool(const FeatureCollector::Series& s, PoolMethod method, unsigned lo, unsigned hi,
                                  unsigned subsample) {
  return pool(s.values, s.written, method, lo, hi, subsample);
}

}  // namespace fastvmaf
