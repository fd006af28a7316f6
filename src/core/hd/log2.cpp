// The host's glibc_log2 (log2.hpp), built with and without FMA instructions (host_clones.hpp).
#include "core/hd/log2.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES
double glibc_log2_host(double x) {
  return log2_detail::evaluate(x);
}

}  // namespace fastvmaf::hd
