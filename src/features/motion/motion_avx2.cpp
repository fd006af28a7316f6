// The motion SAD row kernel compiled for AVX2 (this file gets -mavx2 -mfma -mbmi2):
// the same integer code as the baseline path, vectorised by the compiler, so the
// results are identical. Chosen at run time when the CPU has AVX2.
#include "features/motion/motion_rows.hpp"

namespace fastvmaf::motion {

namespace {
struct Avx2 {};
}  // namespace

SadFn sad_fn_avx2() {
  if (!__builtin_cpu_supports("avx2")) return nullptr;
  return &SadKernel<Avx2>::sad;
}

}  // namespace fastvmaf::motion
