#include "model/model_predict.hpp"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "core/feature_name.hpp"

namespace fastvmaf::model {

namespace {

double normalize(const ModelSpec& m, double slope, double intercept, double x) {
  return m.norm == Normalization::LinearRescale ? slope * x + intercept : x;
}

double denormalize(const ModelSpec& m, double slope, double intercept, double x) {
  return m.norm == Normalization::LinearRescale ? (x - intercept) / slope : x;
}

// libvmaf's post_process_feature_from_another(adm3 -> speed_chroma): where the
// speed_chroma feature is exactly 0 (after a normalise/denormalise round trip, as
// libvmaf compares it), it becomes p - p * adm3, normalised again.
void correct_chroma_from_luma(const ModelSpec& m, std::vector<double>& x) {
  const ModelFeature& guided = m.features[m.chroma_guided];
  if (denormalize(m, guided.slope, guided.intercept, x[m.chroma_guided]) != 0.0) return;
  const ModelFeature& guiding = m.features[m.chroma_guiding];
  const double adm3 = denormalize(m, guiding.slope, guiding.intercept, x[m.chroma_guiding]);
  const double p = *m.chroma_correction;
  const double corrected = (-p * adm3) + p;
  x[m.chroma_guided] = normalize(m, guided.slope, guided.intercept, corrected);
}

}  // namespace

double predict_untransformed(const ModelSpec& m, const FeatureCollector& c, unsigned index) {
  std::vector<double> x(m.features.size());
  for (std::size_t i = 0; i < m.features.size(); ++i) {
    const ModelFeature& f = m.features[i];
    const std::optional<double> v = c.get(f.key, index);
    if (!v)
      throw std::runtime_error(fmt::format("model {} ({}): no value of feature \"{}\" at frame {}", m.source, m.name,
                                           feature_alias(f.key), index));
    x[i] = normalize(m, f.slope, f.intercept, *v);
  }
  if (m.chroma_correction) correct_chroma_from_luma(m, x);
  return denormalize(m, m.slope, m.intercept, m.svm.predict(x));
}

void append_score(FeatureCollector& c, const std::string& name, unsigned index, double value) {
  if (c.get(name, index))
    throw std::runtime_error(fmt::format(
        "model output \"{}\" at frame {} is written twice: another model or feature has that name", name, index));
  c.append(name, index, value);
}

}  // namespace fastvmaf::model
