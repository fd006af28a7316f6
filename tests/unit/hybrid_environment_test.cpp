// The hybrid run's measurement variables ($FASTVMAF_HYBRID_CPU_RESERVE,
// $FASTVMAF_AUTO_DEVICE_AFTER_S, engine/hybrid_run.cpp): a bad value is an error naming
// the variable, never silently the default.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <utility>

#include "fastvmaf/engine.hpp"
#include "flat_y4m.hpp"

namespace fastvmaf {
namespace {

// The hybrid run's measurement variables: a value that is not a number is refused at the
// start of the run (before its threads), not silently replaced by the default.
TEST(HybridEnvironment, BadValuesAreRefused) {
  const std::filesystem::path y4m =
      std::filesystem::temp_directory_path() / ("fastvmaf_hybrid_env_" + std::to_string(::getpid()) + ".y4m");
  test::write_flat_y4m(y4m.string(), 64, 64, 3, [](unsigned k) { return static_cast<unsigned char>(40 + k); });
  EngineOptions o;
  o.features = {{"psnr", {}}};
  o.backend = BackendChoice::Auto;
  o.threads = 2;
  for (const auto& [name, bad] : {std::pair{"FASTVMAF_HYBRID_CPU_RESERVE", "x"}, {"FASTVMAF_HYBRID_CPU_RESERVE", "-1"},
                                  {"FASTVMAF_HYBRID_CPU_RESERVE", "2 "}, {"FASTVMAF_AUTO_DEVICE_AFTER_S", "-1"},
                                  {"FASTVMAF_AUTO_DEVICE_AFTER_S", "soon"}}) {
    ::setenv(name, bad, 1);
    try {
      Engine(o).run({y4m.string()}, {y4m.string()});
      ADD_FAILURE() << name << "=" << bad << " was taken";
    } catch (const std::invalid_argument& x) {
      EXPECT_NE(std::string(x.what()).find(name), std::string::npos) << x.what();
    }
    ::unsetenv(name);
  }
  ::setenv("FASTVMAF_HYBRID_CPU_RESERVE", "3", 1);
  EXPECT_EQ(Engine(o).run({y4m.string()}, {y4m.string()}).frame_count, 3u);
  ::unsetenv("FASTVMAF_HYBRID_CPU_RESERVE");
  std::filesystem::remove(y4m);
}

}  // namespace
}  // namespace fastvmaf
