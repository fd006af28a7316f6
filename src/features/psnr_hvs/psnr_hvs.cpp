#include "features/psnr_hvs/psnr_hvs.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "features/psnr_hvs/psnr_hvs_math.hpp"
#include "features/psnr_hvs/psnr_hvs_options.hpp"

namespace fastvmaf::psnr_hvs {

namespace {

template <typename Sample>
void load_block(const Plane& p, int x, int y, std::int32_t out[64]) {
  for (int i = 0; i < kBlock; ++i) {
    const Sample* row = p.row<Sample>(static_cast<unsigned>(y + i)) + x;
    for (int j = 0; j < kBlock; ++j) out[i * kBlock + j] = row[j];
  }
}

template <typename Sample>
float plane_sum(const Plane& ref, const Plane& dis, const PlaneTables& t, int& coefficients) {
  const int w = static_cast<int>(ref.width), h = static_cast<int>(ref.height);
  float sum = 0;
  std::int32_t s[64], d[64];
  for (int y = 0; y < h - 7; y += kStep)
    for (int x = 0; x < w - 7; x += kStep) {
      load_block<Sample>(ref, x, y, s);
      load_block<Sample>(dis, x, y, d);
      accumulate_block(s, d, t, sum);
      coefficients += 64;
    }
  return sum;
}

}  // namespace

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane) {
  const PlaneTables& t = plane_tables(plane);
  int coefficients = 0;
  float ret = bpc > 8 ? plane_sum<std::uint16_t>(ref, dis, t, coefficients)
                      : plane_sum<std::uint8_t>(ref, dis, t, coefficients);
  ret /= static_cast<float>(coefficients);
  const std::int32_t peak = (1 << bpc) - 1;
  ret /= static_cast<float>(peak * peak);
  return ret;
}

PsnrHvsExtractor::PsnrHvsExtractor(const OptionSet&) {}

void PsnrHvsExtractor::init(const VideoGeometry& g) {
  if (g.bpc > kMaxBpc)
    throw std::invalid_argument(fmt::format(
        "psnr_hvs: bit depth {} is not supported: libvmaf's PSNR-HVS accepts at most {} bits", g.bpc, kMaxBpc));
  bpc_ = g.bpc;
}

void PsnrHvsExtractor::submit(const FrameInput& f) {
  for (int p = 0; p < 3; ++p) score_[p] = plane_score(f.ref->plane(p), f.dis->plane(p), bpc_, p);
}

void PsnrHvsExtractor::collect(unsigned index, FeatureSink& sink) {
  const auto& names = provided_features();
  for (int p = 0; p < 3; ++p) sink.append(names[p], index, to_db(score_[p]));
  sink.append(names[3], index, to_db(combine(score_)));
}

FASTVMAF_REGISTER_BACKEND("psnr_hvs", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<PsnrHvsExtractor>(o); });

}  // namespace fastvmaf::psnr_hvs
