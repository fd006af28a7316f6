#include "features/ciede/ciede.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "features/ciede/ciede_math.hpp"
#include "features/ciede/ciede_options.hpp"

namespace fastvmaf::ciede {

std::size_t chroma_index(PixelFormat format, unsigned row, unsigned col, std::size_t stride) {
  switch (format) {
    case PixelFormat::YUV420: return static_cast<std::size_t>(row / 2) * stride + col / 2;
    case PixelFormat::YUV422: return static_cast<std::size_t>(row / 2) * stride + col;
    case PixelFormat::YUV444: break;
  }
  return static_cast<std::size_t>(row) * stride + col;
}

namespace {

// A plane read as libvmaf's flat buffer: `index` counts samples with the stride. Past
// the plane's last row (libvmaf's 4:2:2 path with a one-row frame) there is no sample;
// it reads as 0.
template <typename Sample>
struct FlatPlane {
  const Sample* data;
  std::size_t stride;  // samples
  std::size_t size;    // samples
  explicit FlatPlane(const Plane& p)
      : data(reinterpret_cast<const Sample*>(p.data)),
        stride(static_cast<std::size_t>(p.stride) / sizeof(Sample)),
        size(stride * p.height) {}
  unsigned at(std::size_t index) const { return index < size ? data[index] : 0u; }
};

template <typename Sample>
double sum_differences(const Picture& ref, const Picture& dis, PixelFormat fmt, LabCache& cache) {
  const Plane& ry = ref.plane(0);
  const FlatPlane<Sample> ru(ref.plane(1)), rv(ref.plane(2)), du(dis.plane(1)), dv(dis.plane(2));
  double sum = 0.;
  for (unsigned i = 0; i < ry.height; ++i) {
    const Sample* ref_y = ry.row<Sample>(i);
    const Sample* dis_y = dis.plane(0).row<Sample>(i);
    for (unsigned j = 0; j < ry.width; ++j) {
      const std::size_t c = chroma_index(fmt, i, j, ru.stride);
      const unsigned y1 = ref_y[j], u1 = ru.at(c), v1 = rv.at(c);
      const unsigned y2 = dis_y[j], u2 = du.at(c), v2 = dv.at(c);
      // Equal samples give equal Lab colours, whose difference is exactly +0 (the
      // hue weight's denominator stays above 1): adding it leaves the sum as it is.
      if (y1 == y2 && u1 == u2 && v1 == v2) continue;
      sum += ciede2000(cache.get(y1, u1, v1), cache.get(y2, u2, v2));
    }
  }
  return sum;
}

}  // namespace

LabCache::LabCache(unsigned bpc) : bpc_(bpc), table_(std::size_t{1} << kBits) {}

Lab LabCache::get(unsigned y, unsigned u, unsigned v) {
  const std::uint64_t key = y | (std::uint64_t{u} << 16) | (std::uint64_t{v} << 32);
  Entry& e = table_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kBits)];
  if (e.key != key) {
    // The samples as libvmaf passes them: integer to float, widened to double.
    e.lab = lab_color(static_cast<float>(y), static_cast<float>(u), static_cast<float>(v), bpc_);
    e.key = key;
  }
  return e.lab;
}

CiedeExtractor::CiedeExtractor(const OptionSet&) {}

void CiedeExtractor::init(const VideoGeometry& g) {
  if (g.bpc != 8 && g.bpc != 10 && g.bpc != 12 && g.bpc != 16)
    throw std::invalid_argument(
        fmt::format("ciede: bit depth {} is not supported: libvmaf's CIEDE2000 reads 8, 10, 12 and 16 bits", g.bpc));
  g_ = g;
  cache_ = LabCache(g.bpc);
}

void CiedeExtractor::submit(const FrameInput& f) {
  const double sum = g_.bpc == 8 ? sum_differences<std::uint8_t>(*f.ref, *f.dis, g_.format, cache_)
                                 : sum_differences<std::uint16_t>(*f.ref, *f.dis, g_.format, cache_);
  score_ = 45. - 20. * std::log10(sum / (g_.width * g_.height));
}

void CiedeExtractor::collect(unsigned index, FeatureSink& sink) { sink.append("ciede2000", index, score_); }

FASTVMAF_REGISTER_BACKEND("ciede", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<CiedeExtractor>(o); });

}  // namespace fastvmaf::ciede
