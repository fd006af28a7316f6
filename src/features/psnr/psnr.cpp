#include "features/psnr/psnr.hpp"

#include "core/registry.hpp"
#include "core/sample.hpp"

namespace fastvmaf::psnr {

PsnrExtractor::PsnrExtractor(const OptionSet& o) : scorer_(o), dsp_(make_dsp(cpu::active())) {}

void PsnrExtractor::init(const VideoGeometry& g) {
  bpc_ = g.bpc;
  scorer_.init(g);
}

std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc, const Dsp& dsp) {
  std::uint64_t sse = 0;
  with_sample_type(bpc, [&]<class T>() {
    for (unsigned y = 0; y < ref.height; ++y) {
      if constexpr (sizeof(T) == 1)
        sse += dsp.sse_row_8(ref.row<T>(y), dis.row<T>(y), ref.width);  // per-row uint32, as libvmaf
      else
        sse += dsp.sse_row_16(ref.row<T>(y), dis.row<T>(y), ref.width);
    }
  });
  return sse;
}

std::uint64_t plane_sse(const Plane& ref, const Plane& dis, unsigned bpc) {
  return plane_sse(ref, dis, bpc, make_dsp(cpu::active()));
}

namespace {
// Bands of rows of each plane (core/parallel.hpp): integer sums, any split adds up.
constexpr unsigned kMinBandRows = 128, kMaxBands = 8;
}  // namespace

void PsnrExtractor::submit(const FrameInput& f) {
  unsigned width[3], height[3], bands[3], first[3];
  unsigned total = 0;
  for (unsigned p = 0; p < scorer_.planes(); ++p) {
    const Plane& r = f.ref->plane(static_cast<int>(p));
    width[p] = r.width;
    height[p] = r.height;
    bands[p] = band_count(r.height, kMinBandRows, kMaxBands, f.ref->height());
    first[p] = total;
    total += bands[p];
  }
  std::uint64_t band_sse[3 * kMaxBands];
  parallel_for(f.parallel, total, [&](unsigned i) {
    unsigned p = 0;
    while (p + 1 < scorer_.planes() && i >= first[p + 1]) ++p;
    const unsigned b = i - first[p];
    const Plane& r = f.ref->plane(static_cast<int>(p));
    const Plane& d = f.dis->plane(static_cast<int>(p));
    const unsigned y0 = band_begin(r.height, bands[p], b), y1 = band_begin(r.height, bands[p], b + 1);
    auto rows = [&](const Plane& pl) { return Plane{pl.row<std::uint8_t>(y0), pl.stride, pl.width, y1 - y0}; };
    band_sse[i] = plane_sse(rows(r), rows(d), bpc_, dsp_);
  });
  std::uint64_t sse[3] = {0, 0, 0};
  for (unsigned p = 0; p < scorer_.planes(); ++p)
    for (unsigned b = 0; b < bands[p]; ++b) sse[p] += band_sse[first[p] + b];
  scorer_.score(sse, width, height);
}

void PsnrExtractor::collect(unsigned index, FeatureSink& sink) { scorer_.emit(index, sink); }

void PsnrExtractor::flush(FeatureCollector& collector) { scorer_.flush(collector); }

FASTVMAF_REGISTER_BACKEND("psnr", Backend::Cpu, [](const OptionSet& o) { return std::make_unique<PsnrExtractor>(o); });

}  // namespace fastvmaf::psnr
