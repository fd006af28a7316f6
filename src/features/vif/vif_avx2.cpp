// The VIF row kernels compiled for AVX2 (this file gets -mavx2 -mfma -mbmi2): the
// same integer code as the baseline path, vectorised by the compiler, so the
// results are identical. Chosen at run time when the CPU has AVX2.
#include "features/vif/vif_rows.hpp"

namespace fastvmaf::vif {

namespace {
struct Avx2 {};
}  // namespace

FrameFn frame_fn_avx2() {
  if (!__builtin_cpu_supports("avx2")) return nullptr;
  return &Kernels<Avx2>::frame;
}

}  // namespace fastvmaf::vif
