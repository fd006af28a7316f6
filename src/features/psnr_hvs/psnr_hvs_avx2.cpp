// PSNR-HVS's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): psnr_hvs_simd.hpp for
// V256, eight blocks in eight lanes.
#include "features/psnr_hvs/psnr_hvs_dsp.hpp"
#include "features/psnr_hvs/psnr_hvs_simd.hpp"

namespace fastvmaf::psnr_hvs {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) {
  d.terms_8 = simd_entries::terms<simd::V256, std::uint8_t>;
  d.terms_16 = simd_entries::terms<simd::V256, std::uint16_t>;
}

}  // namespace fastvmaf::psnr_hvs
