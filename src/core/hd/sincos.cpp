// The host's glibc_sin and glibc_cos (sincos.hpp), built with and without FMA instructions
// (host_clones.hpp).
#include "core/hd/sincos.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES double glibc_sin_host(double x) { return sincos_detail::evaluate_sin(x); }

FVMAF_HOST_FMA_CLONES double glibc_cos_host(double x) { return sincos_detail::evaluate_cos(x); }

}  // namespace fastvmaf::hd
