// VIF's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): vif_simd.hpp for V256.
#include "features/vif/vif_simd.hpp"

namespace fastvmaf::vif {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) { simd_entries::fill<simd::V256>(d); }

}  // namespace fastvmaf::vif
