// A single libvmaf model as the CLI scores it (vmaf_score_pooled).
#include "model/model_predict.hpp"
#include "model/pooled_score.hpp"
#include "model/scoring_models.hpp"

namespace fastvmaf::model {

std::vector<ScoringModel::FeatureUse> feature_uses(const ModelSpec& m) {
  std::vector<ScoringModel::FeatureUse> out;
  for (const auto& f : m.features) out.push_back({f.extractor->name, f.options});
  return out;
}

namespace {

class SingleModel final : public ScoringModel {
 public:
  explicit SingleModel(ModelSpec m) : model_(std::move(m)), uses_(model::feature_uses(model_)) {}

  const std::vector<FeatureUse>& feature_uses() const override { return uses_; }

  void predict(FeatureCollector& c, unsigned index) const override {
    append_score(c, model_.name, index, finish_score(model_, predict_untransformed(model_, c, index)));
  }

  void predict_collection(FeatureCollector&, unsigned) const override {}

  void summarize(const FeatureCollector& c, unsigned lo, unsigned hi, unsigned subsample,
                 Result::ModelScore& out) const override {
    out.mean = pooled_mean(c, model_.name, lo, hi, subsample);
  }

  std::vector<std::string> output_names() const override { return {model_.name}; }

 private:
  ModelSpec model_;
  std::vector<FeatureUse> uses_;
};

}  // namespace

std::unique_ptr<ScoringModel> make_single_model(ModelSpec model) {
  return std::make_unique<SingleModel>(std::move(model));
}

}  // namespace fastvmaf::model
