// VIF's AVX-512 VNNI entries (this unit gets the AVX-512 F/BW/VL/DQ flags and
// -mavx512vnni): vif_simd.hpp for V512Vnni. The filters are chains of madd and add, which
// vpdpwssd does in one instruction (bench/results/cpu-epyc-2core-2026-12-05-vif-vnni.md).
#include "features/vif/vif_simd.hpp"

namespace fastvmaf::vif {

FVMAF_DSP_FILL void fill_dsp_avx512vnni(Dsp& d) { simd_entries::fill<simd::V512Vnni>(d); }

}  // namespace fastvmaf::vif
