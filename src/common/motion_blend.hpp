// libvmaf's motion_blend() (motion_blend_tools.h), shared by integer and float motion:
// the score above `offset` scaled by `factor`, in double.
#pragma once

#include "core/hd.hpp"

namespace fastvmaf::common {

FVMAF_HD inline double motion_blend(double score, double factor, double offset) {
  return score * factor + (1 - factor) * (offset < score ? offset : score);  // MIN(offset, score)
}

}  // namespace fastvmaf::common
