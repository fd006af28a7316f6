// PSNR's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags): psnr_simd.hpp
// for V512.
#include "features/psnr/psnr_dsp.hpp"
#include "features/psnr/psnr_simd.hpp"

namespace fastvmaf::psnr {

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) {
  d.sse_row_8 = simd_entries::sse_row_8<simd::V512>;
  d.sse_row_16 = simd_entries::sse_row_16<simd::V512>;
}

}  // namespace fastvmaf::psnr
