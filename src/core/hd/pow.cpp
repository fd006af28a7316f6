// The host's glibc_pow (pow.hpp), built with and without FMA instructions (host_clones.hpp).
#include "core/hd/pow.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES
double glibc_pow_host(double x, double y) {
  return pow_detail::evaluate(x, y);
}

}  // namespace fastvmaf::hd
