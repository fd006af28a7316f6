// core/cpu: FASTVMAF_CPU_MASK's syntax, the levels and the test override.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/cpu.hpp"
#include "core/rcpss.hpp"

namespace fastvmaf::cpu {
namespace {

TEST(CpuMask, ParsesNamesGroupsAndSeparators) {
  EXPECT_EQ(parse_mask(""), 0u);
  EXPECT_EQ(parse_mask("avx2"), kAvx2);
  EXPECT_EQ(parse_mask("AVX2,fma"), kAvx2 | kFma);
  EXPECT_EQ(parse_mask(" bmi2  avx512bw ,"), kBmi2 | kAvx512BW);
  EXPECT_EQ(parse_mask("avx512"), kAvx512F | kAvx512BW | kAvx512VL | kAvx512DQ | kAvx512Vnni);
  EXPECT_EQ(parse_mask("avx512vnni"), kAvx512Vnni);
  EXPECT_EQ(parse_mask("all"), kAllFlags);
  EXPECT_EQ(parse_mask("avx512f,avx512vl,avx512dq"), kAvx512F | kAvx512VL | kAvx512DQ);
}

TEST(CpuMask, RejectsUnknownNamesNamingThem) {
  try {
    parse_mask("avx2,sse9");
    FAIL() << "accepted an unknown flag";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("\"sse9\""), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("FASTVMAF_CPU_MASK"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_mask("avx-512"), std::invalid_argument);
}

TEST(CpuLevels, ALevelNeedsEveryFlagOfIt) {
  EXPECT_EQ(level_of(0), Level::C);
  EXPECT_EQ(level_of(kAvx2), Level::C);  // AVX2 units are also built with FMA and BMI2
  EXPECT_EQ(level_of(kLevelAvx2), Level::Avx2);
  EXPECT_EQ(level_of(kLevelAvx2 | kAvx512F | kAvx512BW), Level::Avx2);
  EXPECT_EQ(level_of(kLevelAvx512), Level::Avx512);
  EXPECT_EQ(level_of(kLevelAvx512 & ~kFma), Level::C);
  EXPECT_EQ(flags_of(Level::Avx512), kLevelAvx512);
  // VNNI alone is no level: its units are also built with the four AVX-512 flags.
  EXPECT_EQ(level_of(kLevelAvx2 | kAvx512Vnni), Level::Avx2);
  EXPECT_EQ(level_of(kLevelAvx512Vnni), Level::Avx512Vnni);
  EXPECT_EQ(level_of(kLevelAvx512Vnni & ~kAvx512BW), Level::Avx2);
  EXPECT_EQ(flags_of(Level::Avx512Vnni), kLevelAvx512Vnni);
  EXPECT_STREQ(to_string(Level::Avx512Vnni), "avx512vnni");
  EXPECT_EQ(describe(kAvx512Vnni), "avx512vnni");
  EXPECT_STREQ(to_string(Level::Avx2), "avx2");
  EXPECT_EQ(describe(kAvx2 | kAvx512DQ), "avx2 avx512dq");
  EXPECT_EQ(describe(0), "-");
}

TEST(CpuLevels, ScopedFlagsRestrictAndRestore) {
  const Flags all = active();
  EXPECT_EQ(all & ~detected(), 0u);
  {
    ScopedFlags c(0);
    EXPECT_EQ(active(), 0u);
    {
      ScopedFlags avx2(kLevelAvx2);
      EXPECT_EQ(active(), all & kLevelAvx2);
    }
    EXPECT_EQ(active(), 0u);
  }
  EXPECT_EQ(active(), all);
}

// Only Intel's signature names Intel's estimate; any other is AMD's on an AMD processor
// (whose own signature is not recorded yet) and "other" elsewhere.
TEST(CpuRcpss, FamilyFollowsTheSignature) {
  EXPECT_EQ(rcpss_family_of(kIntelRcpssSignature, false), RcpFamily::Intel);
  EXPECT_EQ(rcpss_family_of(kIntelRcpssSignature, true), RcpFamily::Intel);
  EXPECT_EQ(rcpss_family_of(kIntelRcpssSignature ^ 1, true), RcpFamily::Amd);
  EXPECT_EQ(rcpss_family_of(kIntelRcpssSignature ^ 1, false), RcpFamily::Other);
  EXPECT_STREQ(to_string(RcpFamily::Intel), "intel");
  EXPECT_STREQ(to_string(RcpFamily::Amd), "amd");
  EXPECT_STREQ(to_string(RcpFamily::Other), "other");
  // Computed once: the same value on every call.
  EXPECT_EQ(rcpss_signature(), rcpss_signature());
}

}  // namespace
}  // namespace fastvmaf::cpu
