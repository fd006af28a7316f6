// The arithmetic of libvmaf's float moments (float_moment.c, moment.c): the luma as
// picture_copy's floats (offset 0); the first moment adds each float in double, the
// second each float square; both in raster order, then divided by w * h.
#pragma once

#include "fastvmaf/picture.hpp"

namespace fastvmaf::float_moment {

struct Moments {
  double first = 0, second = 0;
};

// Both moments of the top-left w x h samples of `plane`.
Moments moments(const Plane& plane, unsigned bpc, unsigned w, unsigned h);

// The same, literally as moment.c adds them (the reference for the fast path's tests).
Moments moments_literal(const Plane& plane, unsigned bpc, unsigned w, unsigned h);

}  // namespace fastvmaf::float_moment
