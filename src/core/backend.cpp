#include "core/backend.hpp"

namespace fastvmaf {

const char* to_string(Backend b) {
  switch (b) {
    case Backend::Cpu: return "cpu";
    case Backend::Cuda: return "cuda";
    case Backend::Hip: return "hip";
    case Backend::Sycl: return "sycl";
  }
  return "?";
}

}  // namespace fastvmaf
