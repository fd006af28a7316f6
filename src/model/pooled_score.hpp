// The pooled mean the CLI prints for a model output (libvmaf's vmaf_score_pooled /
// vmaf_feature_score_pooled with VMAF_POOL_METHOD_MEAN).
#pragma once

#include <string>

#include "core/collector.hpp"

namespace fastvmaf::model {

// Throws std::runtime_error naming the output when a scored frame in lo..hi has no value.
double pooled_mean(const FeatureCollector& c, const std::string& name, unsigned lo, unsigned hi, unsigned subsample);

}  // namespace fastvmaf::model
