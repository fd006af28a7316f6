#include "engine/env_count.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>

namespace fastvmaf {

std::optional<unsigned> env_count(const char* name, unsigned lo, unsigned hi) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  const std::string_view s(v);
  // Digits only: strtoul alone would take a sign ("-1" wraps) and leading spaces.
  bool ok = s.size() <= 10 && s.find_first_not_of("0123456789") == std::string_view::npos;
  unsigned long n = 0;
  if (ok) {
    n = std::strtoul(v, nullptr, 10);
    ok = n >= lo && n <= hi;
  }
  if (!ok) throw std::invalid_argument(fmt::format("{}=\"{}\": expected a whole number from {} to {}", name, v, lo, hi));
  return static_cast<unsigned>(n);
}

}  // namespace fastvmaf
