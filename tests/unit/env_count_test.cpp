// The engine's count knobs from the environment (engine/env_count.hpp): digits within the
// range are the count; unset or empty is none; anything else is refused with the variable's
// name, "-1" included (strtoul alone wraps it round to a huge count).
#include "engine/env_count.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>
#include <string>
#include <tuple>

namespace fastvmaf {
namespace {

constexpr const char* kName = "FASTVMAF_ENV_COUNT_TEST";

TEST(EnvCount, UnsetOrEmptyIsNone) {
  ::unsetenv(kName);
  EXPECT_FALSE(env_count(kName, 1, 64).has_value());
  ::setenv(kName, "", 1);
  EXPECT_FALSE(env_count(kName, 1, 64).has_value());
  ::unsetenv(kName);
}

TEST(EnvCount, DigitsWithinTheRangeAreTheCount) {
  for (const auto& [text, lo, want] : {std::tuple{"1", 1u, 1u}, {"64", 1u, 64u}, {"0", 0u, 0u}, {"007", 1u, 7u}}) {
    ::setenv(kName, text, 1);
    EXPECT_EQ(env_count(kName, lo, 64), want) << text;
  }
  ::unsetenv(kName);
}

TEST(EnvCount, AnythingElseIsRefusedWithItsName) {
  for (const char* bad : {"-1", "+2", " 2", "2 ", "2x", "x", "0", "65", "4294967297", "99999999999999999999", "1.5"}) {
    ::setenv(kName, bad, 1);
    try {
      env_count(kName, 1, 64);
      ADD_FAILURE() << kName << "=" << bad << " was taken";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(std::string(kName) + "=\"" + bad + "\""), std::string::npos) << e.what();
    }
  }
  ::unsetenv(kName);
}

}  // namespace
}  // namespace fastvmaf
