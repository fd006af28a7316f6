// PSNR-HVS's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags):
// psnr_hvs_simd.hpp for V512, sixteen blocks in sixteen lanes.
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"
#include "features/psnr_hvs/psnr_hvs_simd.hpp"

namespace fastvmaf::psnr_hvs {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) {
  d.terms_8 = simd_entries::terms<simd::V512, std::uint8_t>;
  d.terms_16 = simd_entries::terms<simd::V512, std::uint16_t>;
}

}  // namespace fastvmaf::psnr_hvs
