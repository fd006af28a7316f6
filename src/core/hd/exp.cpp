// The host's glibc_exp (exp.hpp), built with and without FMA instructions (host_clones.hpp).
#include "core/hd/exp.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES
double glibc_exp_host(double x) {
  return exp_detail::evaluate(x);
}

}  // namespace fastvmaf::hd
