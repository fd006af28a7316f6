// The separable float filter's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ
// flags): float_filter_simd.hpp for V512.
#include "common/float_filter_simd.hpp"

namespace fastvmaf::common {

FVMAF_DSP_FILL void fill_float_filter_dsp_avx512(FloatFilterDsp& d) { float_filter_simd::Filter<simd::V512>::fill(d); }

}  // namespace fastvmaf::common
