// SpEED's AVX2 entries (this unit gets -mavx2 -mfma -mbmi2): the C source of
// speed_covariance.hpp and speed_qr.hpp compiled for AVX2, four doubles or eight floats
// per instruction.
#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_dsp.hpp"
#include "features/speed/speed_qr.hpp"

namespace fastvmaf::speed {

namespace {
struct Avx2 {};
}  // namespace

FVMAF_DSP_FILL void fill_dsp_avx2(Dsp& d) {
  d.pair_sums = &accumulate_pair_sums<Avx2>;
  d.tap_row = &tap_row<Avx2>;
  d.qr = &householder_qr_entry<Avx2>;
}

}  // namespace fastvmaf::speed
