#include "common/float_filter.hpp"

#include "common/mirror.hpp"

namespace fastvmaf::common {

void reflected_rows(const FilterTaps& f, const FloatImage& img, unsigned i, const float** rows) {
  const int h = static_cast<int>(img.height), r = f.radius();
  for (int k = 0; k < f.size(); ++k)
    rows[k] = img.row(static_cast<unsigned>(reflect(static_cast<int>(i) - r + k, h)));
}

void filter_image(const FloatFilterDsp& dsp, const FilterTaps& f, const FloatImage& src, FloatImage& dst,
                  std::vector<float>& tmp) {
  if (dst.width != src.width || dst.height != src.height) dst.resize(src.width, src.height);
  tmp.resize(src.width);
  std::vector<const float*> rows(static_cast<std::size_t>(f.size()));
  for (unsigned i = 0; i < src.height; ++i) {
    reflected_rows(f, src, i, rows.data());
    dsp.vertical(f.taps.data(), f.size(), rows.data(), src.width, tmp.data());
    dsp.horizontal(f.taps.data(), f.size(), tmp.data(), src.width, dst.row(i));
  }
}

}  // namespace fastvmaf::common
