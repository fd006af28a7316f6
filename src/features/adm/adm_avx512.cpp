// ADM's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags): adm_simd.hpp for
// V512.
#include "features/adm/adm_simd.hpp"

namespace fastvmaf::adm {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) { simd_entries::Kernels<simd::V512>::fill(d); }

}  // namespace fastvmaf::adm
