#include "features/ssim/ssim_params.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

namespace fastvmaf::ssim {

const float kGaussian[kWindow] = {0.001028f, 0.007599f, 0.036001f, 0.109361f, 0.213006f, 0.266012f,
                                  0.213006f, 0.109361f, 0.036001f, 0.007599f, 0.001028f};

const float kLpf2d[kLpf][kLpf] = {
    {0.000714f, -0.000450f, -0.002090f, 0.007132f, 0.016114f, 0.007132f, -0.002090f, -0.000450f, 0.000714f},
    {-0.000450f, 0.000283f, 0.001316f, -0.004490f, -0.010146f, -0.004490f, 0.001316f, 0.000283f, -0.000450f},
    {-0.002090f, 0.001316f, 0.006115f, -0.020867f, -0.047149f, -0.020867f, 0.006115f, 0.001316f, -0.002090f},
    {0.007132f, -0.004490f, -0.020867f, 0.071207f, 0.160885f, 0.071207f, -0.020867f, -0.004490f, 0.007132f},
    {0.016114f, -0.010146f, -0.047149f, 0.160885f, 0.363505f, 0.160885f, -0.047149f, -0.010146f, 0.016114f},
    {0.007132f, -0.004490f, -0.020867f, 0.071207f, 0.160885f, 0.071207f, -0.020867f, -0.004490f, 0.007132f},
    {-0.002090f, 0.001316f, 0.006115f, -0.020867f, -0.047149f, -0.020867f, 0.006115f, 0.001316f, -0.002090f},
    {-0.000450f, 0.000283f, 0.001316f, -0.004490f, -0.010146f, -0.004490f, 0.001316f, 0.000283f, -0.000450f},
    {0.000714f, -0.000450f, -0.002090f, 0.007132f, 0.016114f, 0.007132f, -0.002090f, -0.000450f, 0.000714f},
};

const float kAlpha[kScales] = {0.0000f, 0.0000f, 0.0000f, 0.0000f, 0.1333f};
const float kBeta[kScales] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};
const float kGamma[kScales] = {0.0448f, 0.2856f, 0.3001f, 0.2363f, 0.1333f};

int auto_scale(int width, int height) {
  const float a = static_cast<float>(width < height ? width : height) / 256.0f;
  const int truncated = static_cast<int>(a);
  const int sign = a > 0.0f ? 1 : -1;
  // a - (int)a in float, compared with the double 0.5.
  const int rounded = static_cast<double>(a - static_cast<float>(truncated)) >= 0.5 ? truncated + sign : truncated;
  return rounded > 1 ? rounded : 1;
}

int decimated_size(int n, int factor) { return n / factor + (n & 1); }

bool box_filter_fits(int n, int factor) {
  const int before = factor / 2;                        // taps left of the centre
  const int after = before - (factor % 2 == 0 ? 1 : 0);  // taps right of it
  const int out = decimated_size(n, factor);
  if (out <= 0) return true;  // nothing is read
  const int lo = -before;
  const int hi = (out - 1) * factor + after;
  // libvmaf mirrors x < 0 to -1 - x and x >= n to 2n - 1 - x, once.
  return -1 - lo < n && 2 * n - 1 - hi >= 0;
}

bool ms_ssim_fits(int width, int height) {
  // libvmaf's check: halving with truncation, although the scales round up.
  for (int s = 0; s < kScales; ++s) {
    if (width < kWindow || height < kWindow) return false;
    width /= 2;
    height /= 2;
  }
  return true;
}

double max_db(bool clip_db, unsigned bpc, unsigned width, unsigned height) {
  if (!clip_db) return std::numeric_limits<double>::infinity();
  const unsigned peak = (1u << bpc) - 1u;
  const double mse = 0.5 / (width * height);
  return std::ceil(10. * std::log10(peak * peak / mse));
}

double to_db(double score, double max_db) {
  const double db = -10. * std::log10(1 - score);
  return db < max_db ? db : max_db;
}

SsimPlan plan_ssim(int scale_override, bool clip_db, unsigned width, unsigned height, unsigned bpc) {
  if (const std::string e = unsupported_depth("float_ssim", bpc); !e.empty()) throw std::invalid_argument(e);
  const int w = static_cast<int>(width), h = static_cast<int>(height);
  SsimPlan p;
  p.factor = scale_override > 0 ? scale_override : auto_scale(w, h);
  if (p.factor > 1 && (!box_filter_fits(w, p.factor) || !box_filter_fits(h, p.factor)))
    throw std::invalid_argument(fmt::format(
        "float_ssim: the frame {}x{} is too small for scale={}: its {}x{} low-pass would reach past the mirrored "
        "edge (libvmaf reads outside the picture there); use a smaller scale",
        w, h, p.factor, p.factor, p.factor));
  p.w = p.factor > 1 ? decimated_size(w, p.factor) : w;
  p.h = p.factor > 1 ? decimated_size(h, p.factor) : h;
  p.max_db = max_db(clip_db, bpc, width, height);
  return p;
}

std::string unsupported_depth(const char* feature, unsigned bpc) {
  if (bpc == 8 || bpc == 10 || bpc == 12 || bpc == 16) return {};
  return fmt::format("{}: bit depth {} is not supported: libvmaf converts 8, 10, 12 and 16-bit pictures to float", feature,
                     bpc);
}

}  // namespace fastvmaf::ssim
