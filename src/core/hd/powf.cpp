// The host's glibc_powf (powf.hpp), built with and without FMA instructions (host_clones.hpp).
#include "core/hd/powf.hpp"

#include "core/hd/host_clones.hpp"

namespace fastvmaf::hd {

FVMAF_HOST_FMA_CLONES
float glibc_powf_host(float x, float y) {
  return powf_detail::evaluate<double>(x, y);
}

}  // namespace fastvmaf::hd
