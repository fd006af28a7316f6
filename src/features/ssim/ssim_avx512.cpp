// The SSIM map's and MS-SSIM's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ
// flags): ssim_simd.hpp for V512, sixteen outputs at a time.
#include "features/ssim/ssim_dsp.hpp"
#include "features/ssim/ssim_simd.hpp"

namespace fastvmaf::ssim {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) {
  d.hpass = simd_entries::hpass<simd::V512>;
  d.vpass = simd_entries::vpass<simd::V512>;
  d.terms = simd_entries::terms<simd::V512>;
  d.lpf_run = simd_entries::lpf_run<simd::V512>;
}

}  // namespace fastvmaf::ssim
