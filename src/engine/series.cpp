#include "engine/series.hpp"

#include <utility>

namespace fastvmaf {

std::vector<Result::ModelScore> predict_series(const EngineImpl& engine, FeatureCollector& collector, unsigned frames) {
  std::vector<Result::ModelScore> scores;
  if (engine.options.no_prediction || frames == 0) return scores;
  const unsigned n = engine.options.subsample;
  const auto& models = engine.models;
  for (const auto& model : models)
    for (unsigned i = 0; i < frames; ++i)
      if (n <= 1 || i % n == 0) model->predict(collector, i);
  for (const auto& model : models)
    for (unsigned i = 0; i < frames; ++i)
      if (n <= 1 || i % n == 0) model->predict_collection(collector, i);
  for (std::size_t k = 0; k < models.size(); ++k) {
    Result::ModelScore s;
    s.label = engine.options.models[k].label();
    s.name = engine.options.models[k].name;
    models[k]->summarize(collector, 0, frames - 1, n, s);
    scores.push_back(s);
  }
  return scores;
}

Result series_result(const EngineImpl& engine, FeatureCollector&& collector,
                     std::vector<Result::ModelScore> scores, unsigned frames, const VideoGeometry& geometry) {
  Result r;
  auto series = collector.take_series();
  r.series.reserve(series.size());
  for (auto& s : series)
    r.series.push_back(Result::Series{std::move(s.name), std::move(s.values), std::move(s.written)});
  r.aggregates = collector.aggregates();
  r.models = std::move(scores);
  r.frame_count = frames;
  r.width = geometry.width;
  r.height = geometry.height;
  r.subsample = engine.options.subsample;
  return r;
}

}  // namespace fastvmaf
