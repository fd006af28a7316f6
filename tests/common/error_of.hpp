// Test helper: the message of the exception of type E that f throws, or "" when it
// throws none. Any other exception propagates, and fails the test.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

namespace fastvmaf::test {

template <class E = std::invalid_argument>
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

}  // namespace fastvmaf::test
