// SpEED's covariance sums compiled for AVX2 (see speed_covariance.hpp): the same
// template, so the same operations per accumulator, four doubles per instruction.
#include "features/speed/speed_covariance.hpp"

namespace fastvmaf::speed {

namespace {
struct Avx2Isa {};
}  // namespace

void accumulate_pair_sums_avx2(const double* centred, std::size_t n, double* acc) {
  accumulate_pair_sums<Avx2Isa>(centred, n, acc);
}

}  // namespace fastvmaf::speed
