// The arithmetic of libvmaf's float moments (float_moment.c, moment.c): the luma as
// picture_copy's floats (offset 0); the first moment adds each float in double, the
// second each float square; both in raster order, then divided by w * h.
#pragma once

#include <cstdint>

#include "fastvmaf/picture.hpp"

namespace fastvmaf::float_moment {

struct Moments {
  double first = 0, second = 0;
};

// The moments from moment.c's two double sums: each divided by the int w * h.
Moments divided(double sum, double sum_sq, unsigned w, unsigned h);

// The moments from the integer sums of the samples and of their squares, at 8 to 12 bits
// (where moment.c's double sums are exact: see moments); the CPU and the GPU twin's
// finish share it.
Moments from_integer_sums(std::uint64_t sum, std::uint64_t sum_sq, unsigned bpc, unsigned w, unsigned h);

// Both moments of the top-left w x h samples of `plane`.
Moments moments(const Plane& plane, unsigned bpc, unsigned w, unsigned h);

// The same, literally as moment.c adds them (the reference for the fast path's tests).
Moments moments_literal(const Plane& plane, unsigned bpc, unsigned w, unsigned h);

}  // namespace fastvmaf::float_moment
