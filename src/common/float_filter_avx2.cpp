// The separable float filter's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2; the
// build never contracts, so no FMA is formed): float_filter_simd.hpp for V256.
#include "common/float_filter_simd.hpp"

namespace fastvmaf::common {

FVMAF_DSP_FILL void fill_float_filter_dsp_avx2(FloatFilterDsp& d) { float_filter_simd::Filter<simd::V256>::fill(d); }

}  // namespace fastvmaf::common
