#include "features/float_moment/float_moment_params.hpp"

#include <cstdint>
#include <type_traits>

#include "common/float_picture.hpp"
#include "core/sample.hpp"

namespace fastvmaf::float_moment {

Moments divided(double sum, double sum_sq, unsigned w, unsigned h) {
  const int n = static_cast<int>(w) * static_cast<int>(h);  // int, as in libvmaf
  return {sum / n, sum_sq / n};
}

Moments from_integer_sums(std::uint64_t sum, std::uint64_t sum_sq, unsigned bpc, unsigned w, unsigned h) {
  const double divisor = common::depth_divisor(bpc);
  return divided(static_cast<double>(sum) / divisor, static_cast<double>(sum_sq) / (divisor * divisor), w, h);
}

Moments moments_literal(const Plane& plane, unsigned bpc, unsigned w, unsigned h) {
  double sum = 0, sum_sq = 0;
  const float divisor = common::depth_divisor(bpc);
  with_sample_type(bpc, [&]<class T>() {
    for (unsigned i = 0; i < h; ++i) {
      const T* p = plane.row<T>(i);
      for (unsigned j = 0; j < w; ++j) {
        const float v = common::to_float(p[j], divisor, 0);
        sum += v;
        sum_sq += v * v;
      }
    }
  });
  return divided(sum, sum_sq, w, h);
}

Moments moments(const Plane& plane, unsigned bpc, unsigned w, unsigned h) {
  // A sample is k / divisor exactly, so the first moment's double sum is exact at any
  // depth (below 2^44 / divisor for 2^28 samples): the integer sum over the divisor.
  // A square k^2 / divisor^2 is exact in float while k < 2^12 and its sums are exact in
  // double (multiples of 1 / divisor^2 below 2^52 / divisor^2). 16-bit squares round in
  // float: that sum is added literally.
  if (bpc == 16) return moments_literal(plane, bpc, w, h);
  std::uint64_t sum = 0, sum_sq = 0;
  with_sample_type(bpc, [&]<class T>() {
    // 8-bit squares fit 32 bits (and vectorise so); deeper ones take 64.
    using Wide = std::conditional_t<sizeof(T) == 1, std::uint32_t, std::uint64_t>;
    for (unsigned i = 0; i < h; ++i) {
      const T* p = plane.row<T>(i);
      std::uint64_t s = 0, q = 0;
      for (unsigned j = 0; j < w; ++j) {
        const Wide v = p[j];
        s += v;
        q += v * v;
      }
      sum += s;
      sum_sq += q;
    }
  });
  return from_integer_sums(sum, sum_sq, bpc, w, h);
}

}  // namespace fastvmaf::float_moment
