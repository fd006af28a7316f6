// The host's glibc_atan2 (atan2.hpp), built with and without FMA instructions (host_clones.hpp).
#include "core/hd/atan2.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES
double glibc_atan2_host(double y, double x) {
  return atan2_detail::evaluate(y, x);
}

}  // namespace fastvmaf::hd
