// Test helper: one sample of a picture's plane, read or written at any depth (8-bit
// planes hold uint8_t, deeper ones uint16_t: core/sample.hpp), so that a test's picture
// builder says only what it puts where.
#pragma once

#include "core/sample.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::test {

// Sample (x, y) of `plane` of depth `bpc`.
inline unsigned sample_at(const Plane& plane, unsigned bpc, unsigned x, unsigned y) {
  return with_sample_type(bpc, [&]<class T>() -> unsigned { return plane.row<T>(y)[x]; });
}

// Stores `v` (cut to the sample type, as a cast does) at (x, y) of `plane` of depth `bpc`.
inline void set_sample(const Plane& plane, unsigned bpc, unsigned x, unsigned y, unsigned v) {
  with_sample_type(bpc, [&]<class T>() { plane.row<T>(y)[x] = static_cast<T>(v); });
}

}  // namespace fastvmaf::test
