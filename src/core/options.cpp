#include "core/options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace fastvmaf {

void OptionDict::set(std::string key, std::string value) {
  for (auto& e : entries_) {
    if (e.first == key) {
      e.second = std::move(value);
      return;
    }
  }
  entries_.emplace_back(std::move(key), std::move(value));
}

const std::string* OptionDict::get(std::string_view key) const {
  for (const auto& e : entries_)
    if (e.first == key) return &e.second;
  return nullptr;
}

bool OptionDict::operator==(const OptionDict& o) const {
  if (entries_.size() != o.entries_.size()) return false;
  for (const auto& e : entries_) {
    const std::string* v = o.get(e.first);
    if (!v || *v != e.second) return false;
  }
  return true;
}

std::pair<std::string, OptionDict> parse_feature_argument(std::string_view arg) {
  const auto eq = arg.find('=');
  std::string name(arg.substr(0, eq));
  if (name.empty()) throw std::invalid_argument(fmt::format("feature argument \"{}\" has no feature name", arg));
  OptionDict dict;
  if (eq == std::string_view::npos) return {name, dict};
  std::string_view rest = arg.substr(eq + 1);
  while (!rest.empty()) {
    const auto colon = rest.find(':');
    std::string_view kv = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    if (kv.empty()) continue;
    const auto e = kv.find('=');
    if (e == std::string_view::npos || e == 0)
      throw std::invalid_argument(
          fmt::format("feature \"{}\": bad option string \"{}\" (expected key=value)", name, kv));
    dict.set(std::string(kv.substr(0, e)), std::string(kv.substr(e + 1)));
  }
  return {name, dict};
}

std::string describe_range(const OptionSpec& spec) {
  switch (spec.type) {
    case OptType::Bool: return "true|false";
    case OptType::Int: return fmt::format("an integer in [{}, {}]", static_cast<long long>(spec.min),
                                          static_cast<long long>(spec.max));
    case OptType::Double: return fmt::format("a number in [{}, {}]", spec.min, spec.max);
    case OptType::String: {
      if (spec.choices.empty()) return "a string";
      std::string s;
      for (const auto& c : spec.choices) s += (s.empty() ? "" : "|") + c;
      return s;
    }
  }
  return "?";
}

namespace {

[[noreturn]] void bad_value(const std::string& feature, const OptionSpec& spec, const std::string& value) {
  throw std::invalid_argument(fmt::format("feature \"{}\": option {}={} is invalid; accepted: {}", feature,
                                          spec.name, value, describe_range(spec)));
}

OptValue parse_value(const std::string& feature, const OptionSpec& spec, const std::string& text) {
  switch (spec.type) {
    case OptType::Bool:
      if (text == "true") return true;
      if (text == "false") return false;
      bad_value(feature, spec, text);
    case OptType::Int: {
      // Integral text only; JSON models may write 17.0 for an int, which we accept
      // when it is exactly integral.
      errno = 0;
      char* end = nullptr;
      const double d = std::strtod(text.c_str(), &end);
      if (text.empty() || errno || *end || !std::isfinite(d) || d != std::floor(d)) bad_value(feature, spec, text);
      if (d < spec.min || d > spec.max) bad_value(feature, spec, text);
      return static_cast<int>(d);
    }
    case OptType::Double: {
      errno = 0;
      char* end = nullptr;
      const double d = std::strtod(text.c_str(), &end);
      if (text.empty() || errno || *end || !std::isfinite(d)) bad_value(feature, spec, text);
      if (d < spec.min || d > spec.max) bad_value(feature, spec, text);
      return d;
    }
    case OptType::String:
      if (!spec.choices.empty()) {
        bool ok = false;
        for (const auto& c : spec.choices) ok = ok || c == text;
        if (!ok) bad_value(feature, spec, text);
      }
      return text;
  }
  bad_value(feature, spec, text);
}

}  // namespace

OptionSet::OptionSet(std::string feature, const std::vector<OptionSpec>* specs, const OptionDict& dict)
    : feature_(std::move(feature)), specs_(specs), dict_(dict) {
  for (const auto& [key, value] : dict.entries()) {
    bool known = false;
    for (const auto& s : *specs) known = known || s.name == key;
    if (!known) {
      std::string keys;
      for (const auto& s : *specs) keys += (keys.empty() ? "" : ", ") + s.name;
      throw std::invalid_argument(
          fmt::format("feature \"{}\": unknown option \"{}\" (options: {})", feature_, key, keys));
    }
  }
  values_.reserve(specs->size());
  set_.reserve(specs->size());
  for (const auto& s : *specs) {
    const std::string* v = dict.get(s.name);
    values_.push_back(v ? parse_value(feature_, s, *v) : s.default_value);
    set_.push_back(v != nullptr);
  }
}

std::size_t OptionSet::index_of(std::string_view name) const {
  for (std::size_t i = 0; i < specs_->size(); ++i)
    if ((*specs_)[i].name == name) return i;
  throw std::logic_error(fmt::format("feature \"{}\" has no option \"{}\"", feature_, name));
}

bool OptionSet::get_bool(std::string_view n) const { return std::get<bool>(values_[index_of(n)]); }
int OptionSet::get_int(std::string_view n) const { return std::get<int>(values_[index_of(n)]); }
double OptionSet::get_double(std::string_view n) const { return std::get<double>(values_[index_of(n)]); }
const std::string& OptionSet::get_string(std::string_view n) const {
  return std::get<std::string>(values_[index_of(n)]);
}
bool OptionSet::is_set(std::string_view n) const { return set_[index_of(n)]; }
bool OptionSet::is_default(std::size_t i) const { return values_[i] == (*specs_)[i].default_value; }

std::string format_option_value(const OptValue& v) {
  char buf[64];
  switch (v.index()) {
    case 0: return std::get<bool>(v) ? "true" : "false";
    case 1: std::snprintf(buf, sizeof buf, "%d", std::get<int>(v)); return buf;
    case 2: std::snprintf(buf, sizeof buf, "%g", std::get<double>(v)); return buf;
    default: return std::get<std::string>(v);
  }
}

}  // namespace fastvmaf
