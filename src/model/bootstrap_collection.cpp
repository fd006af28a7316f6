// A bootstrap model collection (vmaf_b_v0.6.3) as libvmaf's CLI scores it: the file's
// entry "0" like any model (vmaf_score_pooled), then, frame by frame, every bootstrap
// model and their aggregate (vmaf_score_pooled_model_collection ->
// vmaf_bootstrap_predict_score_at_index).
#include <algorithm>
#include <cmath>

#include "model/model_predict.hpp"
#include "model/pooled_score.hpp"
#include "model/scoring_models.hpp"

namespace fastvmaf::model {

namespace {

// libvmaf's percentile() of sorted scores: linear interpolation between neighbours.
double percentile(const std::vector<double>& sorted, double perc) {
  const double p = perc * (sorted.size() - 1) / 100.;
  const int lo = static_cast<int>(std::floor(p));
  const int hi = static_cast<int>(std::ceil(p));
  return lo == hi ? sorted[lo] : sorted[lo] * (hi - p) + sorted[hi] * (p - lo);
}

class BootstrapCollection final : public ScoringModel {
 public:
  BootstrapCollection(ModelSpec model, std::vector<ModelSpec> members)
      : model_(std::move(model)), members_(std::move(members)) {
    // libvmaf registers the features of the bootstrap models only
    // (vmaf_use_features_from_model_collection); entry "0" uses the same ones.
    for (const auto& m : members_)
      for (auto& u : model::feature_uses(m)) uses_.push_back(std::move(u));
    names_.push_back(model_.name);
    for (const auto& m : members_) names_.push_back(m.name);
    // libvmaf names the collection after its first member minus "_0001".
    const std::string& first = members_.front().name;
    const std::string base = first.substr(0, first.size() - 5);
    for (const char* suffix : {"_bagging", "_stddev", "_ci_p95_lo", "_ci_p95_hi"}) names_.push_back(base + suffix);
  }

  const std::vector<FeatureUse>& feature_uses() const override { return uses_; }

  void predict(FeatureCollector& c, unsigned index) const override {
    append_score(c, model_.name, index, finish_score(model_, predict_untransformed(model_, c, index)));
  }

  void predict_collection(FeatureCollector& c, unsigned index) const override {
    const std::size_t n = members_.size();
    // The aggregate uses the scores before transform and clip; each bootstrap model's
    // own output is transformed and clipped as that model says.
    std::vector<double> scores(n);
    for (std::size_t i = 0; i < n; ++i) {
      scores[i] = predict_untransformed(members_[i], c, index);
      append_score(c, members_[i].name, index, finish_score(members_[i], scores[i]));
    }

    double sum = 0.;
    for (double s : scores) sum += s;
    const double mean = sum / n;
    double ssd = 0.;
    for (double s : scores) ssd += std::pow(s - mean, 2);
    double stddev = std::sqrt(ssd / n);

    // qsort in libvmaf; equal scores are interchangeable, so any correct sort agrees.
    std::sort(scores.begin(), scores.end());
    const double lo = percentile(scores, 2.5);
    const double hi = percentile(scores, 97.5);

    // Transformed and clipped by the first bootstrap model; the stddev is scaled by
    // the transform's slope around the mean, by central difference.
    const ModelSpec& first = members_.front();
    const double delta = 0.01;
    const double plus = finish_score(first, mean + delta);
    const double minus = finish_score(first, mean - delta);
    stddev *= (plus - minus) / (2.0 * delta);

    append_score(c, names_[n + 1], index, finish_score(first, mean));
    append_score(c, names_[n + 2], index, stddev);
    append_score(c, names_[n + 3], index, finish_score(first, lo));
    append_score(c, names_[n + 4], index, finish_score(first, hi));
  }

  void summarize(const FeatureCollector& c, unsigned lo, unsigned hi, unsigned subsample,
                 Result::ModelScore& out) const override {
    const std::size_t n = members_.size();
    out.mean = pooled_mean(c, model_.name, lo, hi, subsample);
    out.bootstrap = true;
    out.bagging = pooled_mean(c, names_[n + 1], lo, hi, subsample);
    out.stddev = pooled_mean(c, names_[n + 2], lo, hi, subsample);
    out.ci_lo = pooled_mean(c, names_[n + 3], lo, hi, subsample);
    out.ci_hi = pooled_mean(c, names_[n + 4], lo, hi, subsample);
  }

  std::vector<std::string> output_names() const override { return names_; }

 private:
  ModelSpec model_;
  std::vector<ModelSpec> members_;
  std::vector<FeatureUse> uses_;
  std::vector<std::string> names_;  // model, members, bagging, stddev, ci_p95_lo, ci_p95_hi
};

}  // namespace

std::unique_ptr<ScoringModel> make_bootstrap_collection(ModelSpec model, std::vector<ModelSpec> members) {
  return std::make_unique<BootstrapCollection>(std::move(model), std::move(members));
}

}  // namespace fastvmaf::model
