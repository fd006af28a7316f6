// FASTVMAF_CPU_MASK as a user sees it: --version says which SIMD entries run, a mask
// switches levels off, and a bad value is a clear error with exit 1.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "process.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::test {
namespace {

ProcessResult version_with_mask(const char* mask) {
  if (mask)
    ::setenv("FASTVMAF_CPU_MASK", mask, 1);
  else
    ::unsetenv("FASTVMAF_CPU_MASK");
  const std::string dir = fs::temp_directory_path().string();
  const std::string tag = std::to_string(::getpid());
  ProcessResult r = run_process({FASTVMAF_CLI_PATH, "--version"}, dir + "/cpu_mask_out_" + tag,
                                dir + "/cpu_mask_err_" + tag);
  ::unsetenv("FASTVMAF_CPU_MASK");
  return r;
}

TEST(CliCpuMask, VersionNamesTheActiveEntries) {
  const ProcessResult r = version_with_mask(nullptr);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("cpu: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("SIMD entries: "), std::string::npos) << r.out;
}

TEST(CliCpuMask, AllSwitchesEveryLevelOff) {
  const ProcessResult r = version_with_mask("all");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("SIMD entries: c\n"), std::string::npos) << r.out;
}

TEST(CliCpuMask, BadValueIsAClearError) {
  const ProcessResult r = version_with_mask("avx2,bogus");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("FASTVMAF_CPU_MASK: unknown flag \"bogus\""), std::string::npos) << r.err;
}

}  // namespace
}  // namespace fastvmaf::test
