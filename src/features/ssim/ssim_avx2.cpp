// The SSIM map's and MS-SSIM's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2):
// ssim_simd.hpp for V256, eight outputs at a time.
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_simd.hpp"

namespace fastvmaf::ssim {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) {
  d.hpass = simd_entries::hpass<simd::V256>;
  d.vpass = simd_entries::vpass<simd::V256>;
  d.terms = simd_entries::terms<simd::V256>;
  d.lpf_run = simd_entries::lpf_run<simd::V256>;
}

}  // namespace fastvmaf::ssim
