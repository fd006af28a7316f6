#include "core/collector.hpp"

#include <stdexcept>
#include <utility>

namespace fastvmaf {

void FeatureCollector::append(const std::string& name, unsigned index, double value) {
  if (index > kMaxIndex)
    throw std::out_of_range("feature \"" + name + "\": frame index " + std::to_string(index) + " is above " +
                            std::to_string(kMaxIndex));
  std::lock_guard lock(mu_);
  auto it = index_.find(name);
  if (it == index_.end()) {
    it = index_.emplace(name, series_.size()).first;
    series_.push_back(Series{name, {}, {}});
  }
  Series& s = series_[it->second];
  if (index >= s.values.size()) {
    s.values.resize(index + 1, 0.0);
    s.written.resize(index + 1, 0);
  }
  if (s.written[index])
    throw std::logic_error("feature \"" + name + "\" cannot be overwritten at index " + std::to_string(index));
  s.values[index] = value;
  s.written[index] = 1;
}

void FeatureCollector::aggregate(const std::string& name, double value) {
  std::lock_guard lock(mu_);
  for (const auto& [n, v] : aggregates_) {
    if (n != name) continue;
    // libvmaf accepts the same value again and rejects a different one.
    if (v == value) return;
    throw std::logic_error("aggregate \"" + name + "\" set twice with different values");
  }
  aggregates_.emplace_back(name, value);
}

const FeatureCollector::Series* FeatureCollector::find(std::string_view name) const {
  std::lock_guard lock(mu_);
  auto it = index_.find(std::string(name));
  return it == index_.end() ? nullptr : &series_[it->second];
}

std::optional<double> FeatureCollector::get(std::string_view name, unsigned index) const {
  const Series* s = find(name);
  if (!s || !s->has(index)) return std::nullopt;
  return s->values[index];
}

std::vector<FeatureCollector::Series> FeatureCollector::take_series() {
  std::lock_guard lock(mu_);
  index_.clear();
  return std::exchange(series_, {});
}

unsigned FeatureCollector::frame_span() const {
  std::lock_guard lock(mu_);
  std::size_t n = 0;
  for (const auto& s : series_) n = std::max(n, s.written.size());
  return static_cast<unsigned>(n);
}

}  // namespace fastvmaf
