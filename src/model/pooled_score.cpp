#include "model/pooled_score.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/pooling.hpp"

namespace fastvmaf::model {

double pooled_mean(const FeatureCollector& c, const std::string& name, unsigned lo, unsigned hi, unsigned subsample) {
  const FeatureCollector::Series* s = c.find(name);
  const std::optional<double> v = s ? pool(*s, PoolMethod::Mean, lo, hi, subsample) : std::nullopt;
  if (!v)
    throw std::runtime_error(
        fmt::format("problem generating the pooled score \"{}\": a frame in {}..{} has no score", name, lo, hi));
  return *v;
}

}  // namespace fastvmaf::model
