// What the tests of core/hd's glibc transcriptions share (tests/unit/hd_*_test.cpp): which
// of glibc's builds this CPU runs, and whether the long sweeps run whole.
//
// glibc picks its libm routines by CPU: the FMA builds on CPUs with FMA and AVX2, which
// core/hd follows (as the goldens' machine ran them); elsewhere a comparison with the host's
// libm compares with another build, so those tests skip, naming the routine.
#pragma once

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

namespace fastvmaf::test {

inline bool glibc_is_the_fma_build() { return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2"); }

// FASTVMAF_EXHAUSTIVE=1: every input of each sweep, not every n-th.
inline bool exhaustive() {
  const char* e = std::getenv("FASTVMAF_EXHAUSTIVE");
  return e != nullptr && std::string(e) == "1";
}

}  // namespace fastvmaf::test

// In a test comparing core/hd's transcription of `routines` (a string) with the host's libm.
#define SKIP_UNLESS_FMA_GLIBC(routines)                                                        \
  if (!::fastvmaf::test::glibc_is_the_fma_build())                                             \
  GTEST_SKIP() << "this CPU has no FMA/AVX2: glibc's " routines " here is its other build, "   \
                  "which core/hd's transcription (and the goldens' machine) does not follow"
