// The run's feature values: one series per collector key, in order of first append
// (libvmaf's feature_collector.c). Appending the same key and index twice is an error.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/extractor.hpp"

namespace fastvmaf {

class FeatureCollector final : public FeatureSink {
 public:
  struct Series {
    std::string name;             // collector key; writers print feature_alias(name)
    std::vector<double> values;   // indexed by frame
    std::vector<char> written;    // 1 where values[i] was appended
    bool has(unsigned i) const { return i < written.size() && written[i]; }
  };

  // The highest frame index a series takes: 2^24 - 1, over three days of 60 fps video,
  // far beyond any run. A series holds 9 bytes for every index up to its highest, so an
  // index from a caller (vmaf_import_feature_score) can cost at most 151 MB a series;
  // without a bound UINT_MAX wrapped `index + 1` to 0 and wrote past the end.
  static constexpr unsigned kMaxIndex = (1u << 24) - 1;

  // Thread-safe. Throws std::logic_error when (name, index) is already written,
  // std::out_of_range for an index above kMaxIndex.
  void append(const std::string& name, unsigned index, double value) override;
  // Thread-safe. Setting an aggregate again with a different value is an error.
  void aggregate(const std::string& name, double value) override;

  std::optional<double> get(std::string_view name, unsigned index) const;
  const Series* find(std::string_view name) const;
  const std::vector<Series>& series() const { return series_; }
  // Moves every series out, leaving the collector empty: a run's Result takes them
  // without a copy (a long run's series are most of its memory).
  std::vector<Series> take_series();
  // One past the highest frame index any series holds.
  unsigned frame_span() const;
  // In order of first set.
  const std::vector<std::pair<std::string, double>>& aggregates() const { return aggregates_; }

 private:
  mutable std::mutex mu_;
  std::vector<std::pair<std::string, double>> aggregates_;
  std::vector<Series> series_;
  std::unordered_map<std::string, std::size_t> index_;
};

// Records appends to replay them later in a chosen order (the engine's per-frame,
// per-extractor buffers).
class RecordingSink final : public FeatureSink {
 public:
  struct Entry {
    std::string name;
    unsigned index;
    double value;
    bool is_aggregate;
  };
  void append(const std::string& name, unsigned index, double value) override {
    entries_.push_back({name, index, value, false});
  }
  void aggregate(const std::string& name, double value) override { entries_.push_back({name, 0, value, true}); }
  void replay(FeatureSink& into) const {
    for (const auto& e : entries_) {
      if (e.is_aggregate)
        into.aggregate(e.name, e.value);
      else
        into.append(e.name, e.index, e.value);
    }
  }
  const std::vector<Entry>& entries() const { return entries_; }
  void clear() { entries_.clear(); }

 private:
  std::vector<Entry> entries_;
};

}  // namespace fastvmaf
