#include "features/ciede/ciede.hpp"

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "core/sample.hpp"
#include "features/ciede/ciede_math.hpp"
#include "features/ciede/ciede_options.hpp"

namespace fastvmaf::ciede {

ChromaShifts chroma_shifts(PixelFormat format) {
  switch (format) {
    case PixelFormat::YUV420: return {1, 1};
    case PixelFormat::YUV422: return {1, 0};
    case PixelFormat::YUV444: break;
  }
  return {0, 0};
}

std::size_t chroma_index(PixelFormat format, unsigned row, unsigned col, std::size_t stride) {
  const ChromaShifts s = chroma_shifts(format);
  return chroma_flat_index(s.row, s.col, row, col, stride);
}

void check_depth(unsigned bpc) {
  if (bpc != 8 && bpc != 10 && bpc != 12 && bpc != 16)
    throw std::invalid_argument(
        fmt::format("ciede: bit depth {} is not supported: libvmaf's CIEDE2000 reads 8, 10, 12 and 16 bits", bpc));
}

double score_of(double sum, unsigned width, unsigned height) { return 45. - 20. * std::log10(sum / (width * height)); }

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
double sum_differences(const Picture& ref, const Picture& dis, PixelFormat fmt, LabCache& labs,
                       DifferenceCache& differences) {
  const Plane& ry = ref.plane(0);
  const FlatPlane<Sample> ru(ref.plane(1)), rv(ref.plane(2)), du(dis.plane(1)), dv(dis.plane(2));
  const ChromaShifts shift = chroma_shifts(fmt);
  double sum = 0.;
  for (unsigned i = 0; i < ry.height; ++i) {
    const Sample* ref_y = ry.row<Sample>(i);
    const Sample* dis_y = dis.plane(0).row<Sample>(i);
    for (unsigned j = 0; j < ry.width; ++j) {
      // The row's part of the index is loop-invariant: the compiler keeps it out of the loop.
      const std::size_t c = chroma_flat_index(shift.row, shift.col, i, j, ru.stride);
      const std::uint64_t a = pack_triple(ref_y[j], ru.at(c), rv.at(c));
      const std::uint64_t b = pack_triple(dis_y[j], du.at(c), dv.at(c));
      // Equal samples give equal Lab colours, whose difference is exactly +0 (the
      // hue weight's denominator stays above 1): adding it leaves the sum as it is.
      if (a == b) continue;
      sum += differences.get(a, b, labs);
    }
  }
  return sum;
}

}  // namespace

double sum_of_differences(const Picture& ref, const Picture& dis, LabCache& labs, DifferenceCache& differences) {
  return with_sample_type(ref.bpc(), [&]<class T>() {
    return sum_differences<T>(ref, dis, ref.format(), labs, differences);
  });
}

LabCache::LabCache(unsigned bpc) : bpc_(bpc), table_(std::size_t{1} << kBits) {}

Lab LabCache::get(std::uint64_t key) {
  Entry& e = table_[(key * 0x9E3779B97F4A7C15ull) >> (64 - kBits)];
  if (e.key != key) {
    const auto y = static_cast<unsigned>(key & 0xffff), u = static_cast<unsigned>((key >> 16) & 0xffff),
               v = static_cast<unsigned>(key >> 32);
    e.lab = lab_color(y, u, v, bpc_);
    e.key = key;
  }
  return e.lab;
}

DifferenceCache::DifferenceCache() : table_(std::size_t{1} << kBits) {}

float DifferenceCache::get(std::uint64_t ref, std::uint64_t dis, LabCache& labs) {
  const std::uint64_t h = (ref * 0x9E3779B97F4A7C15ull) ^ (dis * 0xC2B2AE3D27D4EB4Full);
  Entry& e = table_[h >> (64 - kBits)];
  if (e.ref != ref || e.dis != dis) {
    e.value = ciede2000(labs.get(ref), labs.get(dis));
    e.ref = ref;
    e.dis = dis;
  }
  return e.value;
}

CiedeExtractor::CiedeExtractor(const OptionSet&) {}

void CiedeExtractor::init(const VideoGeometry& g) {
  check_depth(g.bpc);
  g_ = g;
  labs_ = LabCache(g.bpc);
}

void CiedeExtractor::submit(const FrameInput& f) {
  score_ = score_of(sum_of_differences(*f.ref, *f.dis, labs_, differences_), g_.width, g_.height);
}

void CiedeExtractor::collect(unsigned index, FeatureSink& sink) { sink.append("ciede2000", index, score_); }

FASTVMAF_REGISTER_BACKEND("ciede", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<CiedeExtractor>(o); });

}  // namespace fastvmaf::ciede
