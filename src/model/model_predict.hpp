// One model's score at one frame, in libvmaf's order (predict.c,
// vmaf_predict_score_at_index): read each feature under its collector key,
// normalise it, correct speed_chroma from adm3 where the model asks, evaluate the
// SVM, denormalise; then transform and clip.
#pragma once

#include "core/collector.hpp"
#include "model/model_spec.hpp"

namespace fastvmaf::model {

// The score before transform and clip (what a bootstrap collection aggregates).
// Throws std::runtime_error naming the model and the feature when a feature has no
// value at `index`.
double predict_untransformed(const ModelSpec& m, const FeatureCollector& c, unsigned index);

// transform, then clip, each as the model (and the -m flags) set them.
inline double finish_score(const ModelSpec& m, double untransformed) {
  return clip_score(m.clip, transform_score(m.transform, untransformed));
}

// Appends `value` under `name` at `index`; throws std::runtime_error when another
// model or feature already wrote that name there (output names must be unique).
void append_score(FeatureCollector& c, const std::string& name, unsigned index, double value);

}  // namespace fastvmaf::model
