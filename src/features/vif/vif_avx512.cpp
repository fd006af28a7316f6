// VIF's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags): vif_simd.hpp for
// V512.
#include "features/vif/vif_simd.hpp"

namespace fastvmaf::vif {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) { simd_entries::fill<simd::V512>(d); }

}  // namespace fastvmaf::vif
