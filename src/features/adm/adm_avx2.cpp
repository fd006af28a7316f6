// ADM's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): adm_simd.hpp for V256.
#include "features/adm/adm_simd.hpp"

namespace fastvmaf::adm {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) { simd_entries::Kernels<simd::V256>::fill(d); }

}  // namespace fastvmaf::adm
