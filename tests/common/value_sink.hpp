// Test helper: the values an extractor appends (its collect() of one frame), in the order
// appended, by the name appended, and by the name libvmaf prints (feature_alias).
// Aggregates are not kept (core's RecordingSink keeps everything, for replaying).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/extractor.hpp"
#include "core/feature_name.hpp"

namespace fastvmaf::test {

class ValueSink final : public FeatureSink {
 public:
  void append(const std::string& name, unsigned, double value) override {
    names.push_back(name);
    values[name] = value;
    aliased[std::string(feature_alias(name))] = value;
  }
  void aggregate(const std::string&, double) override {}

  std::vector<std::string> names;         // as appended
  std::map<std::string, double> values;   // by the name appended
  std::map<std::string, double> aliased;  // by libvmaf's printed name
};

}  // namespace fastvmaf::test
