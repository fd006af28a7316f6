#include "core/dict_value.hpp"

#include <cstdio>
#include <cstdlib>

namespace fastvmaf {

std::string normalize_numeric_value(const std::string& text) {
  char* end = nullptr;
  // libvmaf assigns strtof's float to a double before printing it.
  const double v = std::strtof(text.c_str(), &end);
  if (v == 0 && end == text.c_str()) return text;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

bool is_numeric_value(const std::string& text) {
  float ignored = 0.f;
  char c = 0;
  return std::sscanf(text.c_str(), "%f %c", &ignored, &c) == 1;
}

std::string cli_dictionary_value(const std::string& text) {
  return is_numeric_value(text) ? normalize_numeric_value(text) : text;
}

}  // namespace fastvmaf
