// libvmaf models as the engine uses them (libvmaf's model.c, read_json_model.c,
// predict.c): a single nu-SVR model, or a bootstrap collection (vmaf_b_v0.6.3).
//
// The engine (src/core/engine.cpp) uses exactly this interface:
//   1. load_model() for each -m, in order;
//   2. feature_uses() to register the extractors each model needs;
//   3. after extraction, for every model in -m order and every scored frame i:
//      predict(c, i); then for every model and frame: predict_collection(c, i).
//      This is the order in which libvmaf's CLI appends model outputs (all frames of
//      model 1 via vmaf_score_pooled, then model 2, ..., then the collections);
//   4. summarize() for the pooled line the CLI prints.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/collector.hpp"
#include "core/options.hpp"
#include "fastvmaf/model_request.hpp"
#include "fastvmaf/result.hpp"

namespace fastvmaf::model {

class ScoringModel {
 public:
  virtual ~ScoringModel() = default;

  struct FeatureUse {
    std::string extractor;  // registry name ("adm", "cambi", ...)
    OptionDict options;     // the model's feature_opts_dicts entry, -m overloads merged in
  };
  // One entry per model feature, in the model's feature order (duplicates allowed:
  // the engine dedupes extractors the way libvmaf does).
  virtual const std::vector<FeatureUse>& feature_uses() const = 0;

  // Appends the model's score for frame `index` under its name (and, for a collection,
  // whatever libvmaf's first pass appends). Throws std::runtime_error naming the
  // missing feature when one is absent.
  virtual void predict(FeatureCollector& c, unsigned index) const = 0;
  // Second pass: a collection's per-bootstrap scores, bagging, stddev, ci. No-op for a
  // single model.
  virtual void predict_collection(FeatureCollector& c, unsigned index) const = 0;

  // Pooled mean over frames lo..hi (and the bootstrap summary for a collection).
  // Throws std::runtime_error when a scored frame in range has no score.
  virtual void summarize(const FeatureCollector& c, unsigned lo, unsigned hi, unsigned subsample,
                         Result::ModelScore& out) const = 0;

  // Every collector key predict() and predict_collection() write, in the order they
  // first appear: NAME; for a collection also NAME_0001.., NAME_bagging, NAME_stddev,
  // NAME_ci_p95_lo, NAME_ci_p95_hi. (Added so callers can check names for clashes.)
  virtual std::vector<std::string> output_names() const = 0;
};

// Loads the model read_model_file() finds (a file, or a built-in model). Throws InputError with the path
// and the reason (missing file, bad JSON, unsupported model type, unknown feature,
// bad feature option, overload of an extractor the model does not use).
std::unique_ptr<ScoringModel> load_model(const ModelRequest& req, const std::string& model_dir);

// As load_model, from the file's text; `source` names it in messages.
std::unique_ptr<ScoringModel> load_model_text(std::string_view text, const ModelRequest& req,
                                              const std::string& source);

}  // namespace fastvmaf::model
