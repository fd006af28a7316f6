#include "common/float_picture.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/sample.hpp"

namespace fastvmaf::common {

bool float_depth_supported(unsigned bpc) { return bpc == 8 || bpc == 10 || bpc == 12 || bpc == 16; }

void require_float_depth(std::string_view feature, unsigned bpc) {
  if (!float_depth_supported(bpc))
    throw std::invalid_argument(fmt::format(
        "{}: bit depth {} is not supported (8, 10, 12 or 16: libvmaf's float conversion knows no other depth)",
        feature, bpc));
}

void convert_row(const Plane& plane, unsigned bpc, int offset, unsigned y, unsigned x0, unsigned x1, float* out) {
  const float divisor = depth_divisor(bpc);
  with_sample_type(bpc, [&]<class T>() {
    const T* p = plane.row<T>(y);
    for (unsigned x = x0; x < x1; ++x) out[x] = to_float(p[x], divisor, offset);
  });
}

void convert_plane(const Plane& plane, unsigned bpc, int offset, unsigned width, unsigned height, FloatImage& dst) {
  if (dst.width != width || dst.height != height) dst.resize(width, height);
  for (unsigned y = 0; y < height; ++y) convert_row(plane, bpc, offset, y, 0, width, dst.row(y));
}

FloatPeak float_peak(unsigned bpc) {
  switch (bpc) {
    case 10: return {255.75, 72.0};
    case 12: return {255.9375, 84.0};
    case 16: return {255.99609375, 108.0};
    default: return {255.0, 60.0};
  }
}

}  // namespace fastvmaf::common
