// SpEED's 25x25 Householder QR (linalg::householder_qr: libvmaf's matrix_qr_decomposition)
// as a DSP entry: at 576x324 it is a tenth of a v1 run, and its inner loops (the
// reflector's row products) are independent lanes that vectorise.
//
// A template on a unit's own tag, as speed_covariance.hpp's kernels, so that each of
// speed_dsp.cpp, speed_avx2.cpp and speed_avx512.cpp compiles its own copy under its
// flags. The decomposition is built of shared inline templates (speed_linalg.hpp, also
// the GPU replay's); flatten inlines all of them into the tagged copy, so that no unit
// emits an out-of-line copy of those templates compiled for its instruction set (the
// linker would keep one such copy for every unit, the baseline's included). Every copy
// performs the same IEEE operations in the same order per element (contraction off):
// bit-identical, which tests/dsp checks.
#pragma once

#include "features/speed/speed_linalg.hpp"
#include "features/speed/speed_params.hpp"

namespace fastvmaf::speed {

template <class Isa>
__attribute__((flatten)) void householder_qr_entry(const float* a, float* qt, float* r, float* z, float* t) {
  linalg::householder_qr<kBlockElements>(a, qt, r, z, t);
}

}  // namespace fastvmaf::speed
