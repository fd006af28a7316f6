#include "common/resample.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "common/mirror.hpp"
#include "common/resample_math.hpp"

namespace fastvmaf::common {

PrescaleMethod parse_prescale_method(const std::string& name, const std::string& option) {
  if (name == "nearest") return PrescaleMethod::Nearest;
  if (name == "bilinear") return PrescaleMethod::Bilinear;
  if (name == "bicubic") return PrescaleMethod::Bicubic;
  if (name == "lanczos4") return PrescaleMethod::Lanczos4;
  throw std::invalid_argument(
      fmt::format("invalid {} \"{}\"; accepted: nearest|bilinear|bicubic|lanczos4", option, name));
}

const char* to_string(PrescaleMethod m) {
  switch (m) {
    case PrescaleMethod::Nearest: return "nearest";
    case PrescaleMethod::Bilinear: return "bilinear";
    case PrescaleMethod::Bicubic: return "bicubic";
    case PrescaleMethod::Lanczos4: return "lanczos4";
  }
  return "?";
}

ResampleAxis make_resample_axis(PrescaleMethod method, int src, int dst) {
  ResampleAxis a;
  const float ratio = static_cast<float>(src) / static_cast<float>(dst);
  const float last = static_cast<float>(src - 1);
  auto clamped = [&](int i) {
    if (i < 0 || i >= src) a.in_bounds = false;
    return std::clamp(i, 0, src - 1);
  };
  auto mirrored = [&](double c) { return clamped(static_cast<int>(reflect_scaler(static_cast<float>(c), last))); };
  switch (method) {
    case PrescaleMethod::Nearest:
      a.taps = 1;
      for (int o = 0; o < dst; ++o) a.index.push_back(clamped(nearest_coordinate(o, ratio)));
      break;
    case PrescaleMethod::Bilinear:
      // vif_scale_frame_bilinear_precompute_columns_s: floor and ceil mirrored, and the
      // fraction taken against the mirrored floor.
      a.taps = 2;
      for (int o = 0; o < dst; ++o) {
        const float c = resample_coordinate(o, ratio);
        const int lo = mirrored(std::floor(c));
        a.index.push_back(lo);
        a.index.push_back(mirrored(std::ceil(c)));
        a.weight.push_back(c - static_cast<float>(lo));
      }
      break;
    case PrescaleMethod::Bicubic:
    case PrescaleMethod::Lanczos4: {
      const bool cubic = method == PrescaleMethod::Bicubic;
      const int first = cubic ? -1 : -4;
      a.taps = cubic ? 4 : 9;
      for (int o = 0; o < dst; ++o) {
        const float c = resample_coordinate(o, ratio);
        const int c0 = static_cast<int>(std::floor(c));
        const float frac = c - static_cast<float>(c0);
        for (int t = 0; t < a.taps; ++t) {
          const int k = first + t;
          a.index.push_back(mirrored(c0 + k));
          const float x = static_cast<float>(k) - frac;
          a.weight.push_back(cubic ? bicubic_weight(x) : lanczos4_weight(x));
        }
      }
      break;
    }
  }
  return a;
}

void resample_row(PrescaleMethod method, const ResampleAxis& ax, const ResampleAxis& ay, const FloatImage& src,
                  unsigned y, unsigned dst_width, float* out) {
  const long stride = static_cast<long>(src.stride);
  const int* xi = ax.index.data();
  const float* xw = ax.weight.data();
  switch (method) {
    case PrescaleMethod::Nearest: {
      const float* s = src.row(static_cast<unsigned>(ay.index[y]));
      for (unsigned x = 0; x < dst_width; ++x) out[x] = s[xi[x]];
      break;
    }
    case PrescaleMethod::Bilinear: {
      const float* r1 = src.row(static_cast<unsigned>(ay.index[2 * y]));
      const float* r2 = src.row(static_cast<unsigned>(ay.index[2 * y + 1]));
      const float dy = ay.weight[y];
      for (unsigned x = 0; x < dst_width; ++x) {
        const int a = xi[2 * x], b = xi[2 * x + 1];
        out[x] = bilinear_blend(r1[a], r1[b], r2[a], r2[b], xw[x], dy);
      }
      break;
    }
    case PrescaleMethod::Bicubic: {
      const int* yi = &ay.index[4 * y];
      const float* yw = &ay.weight[4 * y];
      for (unsigned x = 0; x < dst_width; ++x)
        out[x] = bicubic_sample(src.data.data(), stride, xi + 4 * x, xw + 4 * x, yi, yw);
      break;
    }
    case PrescaleMethod::Lanczos4: {
      const int* yi = &ay.index[9 * y];
      const float* yw = &ay.weight[9 * y];
      for (unsigned x = 0; x < dst_width; ++x)
        out[x] = lanczos4_sample(src.data.data(), stride, xi + 9 * x, xw + 9 * x, yi, yw);
      break;
    }
  }
}

void resample_image(PrescaleMethod method, const ResampleAxis& x, const ResampleAxis& y, const FloatImage& src,
                    FloatImage& dst) {
  for (unsigned r = 0; r < dst.height; ++r) resample_row(method, x, y, src, r, dst.width, dst.row(r));
}

}  // namespace fastvmaf::common
