// The CAMBI stages compiled with AVX2 (see cambi_stages_body.hpp); chosen at run time by
// best_stages() when the CPU has AVX2.
#include "features/cambi/cambi_stages.hpp"

#define FVMAF_CAMBI_ISA avx2
#include "features/cambi/cambi_stages_body.hpp"  // NOLINT(build/include): once per instruction set
#undef FVMAF_CAMBI_ISA

namespace fastvmaf::cambi {

const StageFunctions& avx2_stages() {
  static const StageFunctions f{&avx2::preprocess, &avx2::spatial_mask, &avx2::decimate<std::uint16_t>,
                                &avx2::decimate<std::uint8_t>, &avx2::mode_filter, &avx2::c_values};
  return f;
}

}  // namespace fastvmaf::cambi
