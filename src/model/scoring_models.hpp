// The two kinds of ScoringModel (model.hpp) built from parsed model specs.
#pragma once

#include <memory>
#include <vector>

#include "model/model.hpp"
#include "model/model_spec.hpp"

namespace fastvmaf::model {

// The extractors and options a model's features need, in feature order.
std::vector<ScoringModel::FeatureUse> feature_uses(const ModelSpec& m);

// One model: predict() writes its score under its name; predict_collection() does nothing.
std::unique_ptr<ScoringModel> make_single_model(ModelSpec model);

// A bootstrap collection (vmaf_b_v0.6.3): predict() scores the file's entry "0" as a
// single model; predict_collection() scores every bootstrap model and the aggregate
// (libvmaf's vmaf_bootstrap_predict_score_at_index).
std::unique_ptr<ScoringModel> make_bootstrap_collection(ModelSpec model, std::vector<ModelSpec> members);

}  // namespace fastvmaf::model
