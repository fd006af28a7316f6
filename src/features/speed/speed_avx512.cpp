// SpEED's AVX-512 entries (this unit gets the AVX-512 F/BW/VL/DQ flags): the C source of
// speed_covariance.hpp and speed_qr.hpp compiled for AVX-512.
#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_dsp.hpp"
#include "features/speed/speed_qr.hpp"

namespace fastvmaf::speed {

namespace {
struct Avx512 {};
}  // namespace

FVMAF_DSP_FILL void fill_dsp_avx512(Dsp& d) {
  d.pair_sums = &accumulate_pair_sums<Avx512>;
  d.tap_row = &tap_row<Avx512>;
  d.qr = &householder_qr_entry<Avx512>;
}

}  // namespace fastvmaf::speed
