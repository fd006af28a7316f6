// FASTVMAF_CPU_MASK as a user sees it: --version says which SIMD entries run, a mask
// switches levels off, and a bad value is a clear error with exit 1.
#include <gtest/gtest.h>

#include <cpuid.h>
#include <immintrin.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
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

// ../shared/golden/rcpss/rcpss_signature.c's hash, computed here apart from the engine.
std::uint64_t own_rcpss_signature() {
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint32_t m = 0; m < (1u << 23); ++m) {
    const std::uint32_t bits = 0x3f800000u | m;
    float x, r;
    std::memcpy(&x, &bits, 4);
    r = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(x)));
    std::uint32_t rb;
    std::memcpy(&rb, &r, 4);
    for (int i = 0; i < 4; ++i) h = (h ^ ((rb >> (8 * i)) & 0xffu)) * 1099511628211ull;
  }
  return h;
}

bool amd_vendor() {
  unsigned a, b, c, d;
  __get_cpuid(0, &a, &b, &c, &d);
  return b == 0x68747541u;  // "Auth" of AuthenticAMD
}

// float_adm follows the CPU's rcpss: --version names the estimate it sees, with the
// signature, so a user can tell which of libvmaf's outputs to expect.
TEST(CliCpuMask, VersionNamesTheRcpssFamily) {
  const ProcessResult r = version_with_mask(nullptr);
  ASSERT_EQ(r.status, 0) << r.err;
  char hex[17];
  const std::uint64_t sig = own_rcpss_signature();
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(sig));
  const char* family = sig == 0x3ee9dd80a98a4383ull ? "intel" : amd_vendor() ? "amd" : "other";
  EXPECT_NE(r.out.find(std::string("rcpss: ") + family + " (signature " + hex + ";"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace fastvmaf::test
