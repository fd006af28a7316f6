#include "features/float_psnr/float_psnr_params.hpp"

#include <cmath>
#include <cstdlib>

namespace fastvmaf::float_psnr {

double noise_sum_literal(const Plane& ref, const Plane& dis, unsigned bpc, unsigned w, unsigned h) {
  double noise = 0;
  const float divisor = common::depth_divisor(bpc);
  for (unsigned i = 0; i < h; ++i) {
    for (unsigned j = 0; j < w; ++j) {
      float r, d;
      if (bpc == 8) {
        r = common::to_float(ref.row<std::uint8_t>(i)[j], 0);
        d = common::to_float(dis.row<std::uint8_t>(i)[j], 0);
      } else {
        r = common::to_float(ref.row<std::uint16_t>(i)[j], divisor, 0);
        d = common::to_float(dis.row<std::uint16_t>(i)[j], divisor, 0);
      }
      const float diff = r - d;
      noise += diff * diff;
    }
  }
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
  for (unsigned i = 0; i < h; ++i) {
    std::uint64_t row = 0;
    if (bpc == 8) {
      const std::uint8_t* r = ref.row<std::uint8_t>(i);
      const std::uint8_t* d = dis.row<std::uint8_t>(i);
      for (unsigned j = 0; j < w; ++j) {
        const std::int32_t e = static_cast<std::int32_t>(r[j]) - static_cast<std::int32_t>(d[j]);
        row += static_cast<std::uint32_t>(e * e);
      }
    } else {
      const std::uint16_t* r = ref.row<std::uint16_t>(i);
      const std::uint16_t* d = dis.row<std::uint16_t>(i);
      for (unsigned j = 0; j < w; ++j) {
        const std::int64_t e = static_cast<std::int64_t>(r[j]) - static_cast<std::int64_t>(d[j]);
        row += static_cast<std::uint64_t>(e * e);
      }
    }
    sse += row;
  }
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
