// Float ADM's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags):
// float_adm_simd.hpp for V512. The reciprocal estimate stays rcpps (two 256-bit halves):
// AVX-512's vrcp14ps is a different, finer estimate than the rcpss libvmaf refines.
#include "features/float_adm/float_adm_simd.hpp"

namespace fastvmaf::float_adm {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) { simd_entries::Kernels<simd::V512>::fill(d); }

}  // namespace fastvmaf::float_adm
