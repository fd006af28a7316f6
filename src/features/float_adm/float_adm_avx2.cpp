// Float ADM's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2; the build never
// contracts, so no FMA is formed): float_adm_simd.hpp for V256.
#include "features/float_adm/float_adm_simd.hpp"

namespace fastvmaf::float_adm {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) { simd_entries::Kernels<simd::V256>::fill(d); }

}  // namespace fastvmaf::float_adm
