#include "core/registration.hpp"

#include <mutex>
#include <stdexcept>

namespace fastvmaf {

namespace {

// Function-local: registrations run from other units' static initialisers.
std::mutex& errors_mutex() {
  static std::mutex m;
  return m;
}
std::vector<std::string>& errors() {
  static std::vector<std::string> e;
  return e;
}

}  // namespace

void record_registration_error(const std::string& what) noexcept {
  try {
    std::lock_guard lock(errors_mutex());
    errors().push_back(what);
  } catch (...) {  // out of memory: the duplicate is still refused
  }
}

std::vector<std::string> take_registration_errors() {
  std::lock_guard lock(errors_mutex());
  std::vector<std::string> out;
  out.swap(errors());
  return out;
}

void check_registrations() {
  const auto e = take_registration_errors();
  if (e.empty()) return;
  std::string all;
  for (const auto& s : e) all += (all.empty() ? "" : "; ") + s;
  throw std::logic_error("refused at start-up: " + all);
}

}  // namespace fastvmaf
