#include "features/float_psnr/float_psnr_params.hpp"

#include <cmath>
#include <cstdlib>
#include <type_traits>

#include "core/sample.hpp"

namespace fastvmaf::float_psnr {

double noise_sum_literal(const Plane& ref, const Plane& dis, unsigned bpc, unsigned w, unsigned h) {
  double noise = 0;
  const float divisor = common::depth_divisor(bpc);
  with_sample_type(bpc, [&]<class T>() {
    for (unsigned i = 0; i < h; ++i) {
      const T* r = ref.row<T>(i);
      const T* d = dis.row<T>(i);
      for (unsigned j = 0; j < w; ++j) {
        const float diff = common::to_float(r[j], divisor, 0) - common::to_float(d[j], divisor, 0);
        noise += diff * diff;
      }
    }
  });
  return noise;
}

double noise_sum(const Plane& ref, const Plane& dis, unsigned bpc, unsigned w, unsigned h) {
  // Up to 12 bits every float here is exact: a sample is k / divisor, a difference
  // k' / divisor with |k'| < 2^12, its square k'^2 / divisor^2 with k'^2 < 2^24 fits a
  // float's mantissa, and every partial double sum is a multiple of 1 / divisor^2 below
  // 2^53 / divisor^2 (2^28 samples at most). So the double sum is exact whatever the
  // order: the integer sum of squared differences divided by divisor^2, exactly.
  // 16-bit squares need 32 bits: they round in float, and the sum is added literally.
  if (bpc == 16) return noise_sum_literal(ref, dis, bpc, w, h);
  std::uint64_t sse = 0;
  with_sample_type(bpc, [&]<class T>() {
    // 8-bit squares fit 32 bits (and vectorise so); deeper ones take 64.
    using Wide = std::conditional_t<sizeof(T) == 1, std::int32_t, std::int64_t>;
    using UWide = std::make_unsigned_t<Wide>;
    for (unsigned i = 0; i < h; ++i) {
      const T* r = ref.row<T>(i);
      const T* d = dis.row<T>(i);
      std::uint64_t row = 0;
      for (unsigned j = 0; j < w; ++j) {
        const Wide e = static_cast<Wide>(r[j]) - static_cast<Wide>(d[j]);
        row += static_cast<UWide>(e * e);
      }
      sse += row;
    }
  });
  return noise_from_sse(sse, bpc);
}

double noise_from_sse(std::uint64_t sse, unsigned bpc) {
  const double divisor = common::depth_divisor(bpc);
  return static_cast<double>(sse) / (divisor * divisor);
}

double psnr_score(double noise, unsigned w, unsigned h, const common::FloatPeak& p) {
  // int w * h, as in libvmaf (sizes stay far below 2^31 samples).
  noise /= static_cast<int>(w) * static_cast<int>(h);
  const double eps = 1e-10;
  const double clamped = noise > eps ? noise : eps;                  // MAX(noise, eps)
  const double score = 10 * std::log10(p.peak * p.peak / clamped);
  return score < p.psnr_max ? score : p.psnr_max;                    // MIN(score, psnr_max)
}

}  // namespace fastvmaf::float_psnr
