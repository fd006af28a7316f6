// Feature-extractor options: typed specs, parsing with range checks, and the
// option dictionaries that come from the CLI ("cambi=window_size=33:topk=0.2") and
// from a model's feature_opts_dicts.
//
// Semantics follow libvmaf's opt.c: every spec has its own value; a spec whose key is
// absent from the dictionary takes its default. Unlike libvmaf we are strict: a value
// that does not parse completely, or is out of [min, max], is an error naming the
// feature, the key and the accepted range (libvmaf's atoi would take "1.5" as 1).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace fastvmaf {

enum class OptType { Bool, Int, Double, String };

using OptValue = std::variant<bool, int, double, std::string>;

struct OptionSpec {
  std::string name;
  OptType type = OptType::Double;
  OptValue default_value = 0.0;
  double min = 0.0;  // numeric types only, inclusive
  double max = 0.0;
  // libvmaf's VMAF_OPT_FLAG_FEATURE_PARAM: a non-default value becomes part of the
  // output feature names (see feature_name.hpp).
  bool feature_param = false;
  std::string alias;  // short key used in feature names ("ws" for window_size); may be empty
  std::string help;
  // For strings: the accepted values; empty means any string.
  std::vector<std::string> choices = {};
};

// Ordered key/value pairs as given (CLI or model). Keys are option names.
// Later duplicates replace earlier ones, as libvmaf's dictionary does.
class OptionDict {
 public:
  void set(std::string key, std::string value);
  const std::string* get(std::string_view key) const;
  bool empty() const { return entries_.empty(); }
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }
  bool operator==(const OptionDict& o) const;

 private:
  std::vector<std::pair<std::string, std::string>> entries_;
};

// Parses "name=key=value:key=value" (libvmaf's --feature syntax) into name + dict.
// Throws std::invalid_argument on "key" without "=value".
std::pair<std::string, OptionDict> parse_feature_argument(std::string_view arg);

// The parsed values of one extractor instance.
class OptionSet {
 public:
  OptionSet() = default;
  // Throws std::invalid_argument: unknown key, unparsable value, out of range.
  // `feature` names the extractor in messages.
  OptionSet(std::string feature, const std::vector<OptionSpec>* specs, const OptionDict& dict);

  bool get_bool(std::string_view name) const;
  int get_int(std::string_view name) const;
  double get_double(std::string_view name) const;
  const std::string& get_string(std::string_view name) const;
  // True when the dictionary gave this key (even if equal to the default).
  bool is_set(std::string_view name) const;
  bool is_default(std::size_t spec_index) const;

  const std::vector<OptionSpec>& specs() const { return *specs_; }
  const OptValue& value(std::size_t spec_index) const { return values_[spec_index]; }
  const std::string& feature() const { return feature_; }
  const OptionDict& dict() const { return dict_; }

 private:
  std::size_t index_of(std::string_view name) const;

  std::string feature_;
  const std::vector<OptionSpec>* specs_ = nullptr;
  std::vector<OptValue> values_;
  std::vector<bool> set_;
  OptionDict dict_;
};

// "%g" for doubles, "%d" for ints, "true"/"false", the string itself: how libvmaf
// prints an option value into a feature name.
std::string format_option_value(const OptValue& v);

// A human description of a spec's accepted values, for error messages: "[15, 127]",
// "true|false", "bt1886|pq".
std::string describe_range(const OptionSpec& spec);

}  // namespace fastvmaf
