// Float VIF's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags):
// float_vif_simd.hpp for V512.
#include "features/float_vif/float_vif_simd.hpp"

namespace fastvmaf::float_vif {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) { simd_entries::Kernels<simd::V512>::fill(d); }

}  // namespace fastvmaf::float_vif
