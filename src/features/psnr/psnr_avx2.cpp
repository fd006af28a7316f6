// PSNR's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): psnr_simd.hpp for V256.
#include "features/psnr/psnr_dsp.hpp"
#include "features/psnr/psnr_simd.hpp"

namespace fastvmaf::psnr {

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) {
  d.sse_row_8 = simd_entries::sse_row_8<simd::V256>;
  d.sse_row_16 = simd_entries::sse_row_16<simd::V256>;
}

}  // namespace fastvmaf::psnr
