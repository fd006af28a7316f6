// What runs once over a run's whole series, after every frame's values and the
// extractors' flush are in the collector: each model's prediction at every scored frame
// (every --subsample'th), the bootstrap collections, the pooled scores; and the Result of
// it. One implementation for a run (engine/run.cpp) and for segments put together
// (Engine::assemble).
#pragma once

#include <vector>

#include "core/collector.hpp"
#include "engine/engine_impl.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf {

// Predicts into the collector (nothing with no_prediction); the models' pooled scores.
std::vector<Result::ModelScore> predict_series(const EngineImpl& engine, FeatureCollector& collector, unsigned frames);

// The Result of `frames` frames: the collector's series (moved out: the collector is
// left empty) and aggregates, the scores, the sizes and subsampling (not the backend,
// timings or profile).
Result series_result(const EngineImpl& engine, FeatureCollector&& collector,
                     std::vector<Result::ModelScore> scores, unsigned frames, const VideoGeometry& geometry);

}  // namespace fastvmaf
