#include "features/psnr_hvs/psnr_hvs.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "core/sample.hpp"
#include "features/psnr_hvs/psnr_hvs_options.hpp"

namespace fastvmaf::psnr_hvs {

namespace {

template <typename Sample>
float sum_terms(const Plane& ref, const Plane& dis, const PlaneTables& t, TermsFn<Sample> terms_fn,
                int& coefficients) {
  const int w = static_cast<int>(ref.width), h = static_cast<int>(ref.height);
  float sum = 0;
  alignas(64) float terms[64 * kGroup];
  for (int y = 0; y < h - 7; y += kStep) {
    const Sample* r = ref.row<Sample>(static_cast<unsigned>(y));
    const Sample* d = dis.row<Sample>(static_cast<unsigned>(y));
    // Blocks start at x = 0, 7, 14, ... while x < w - 7, in groups of up to kGroup; the
    // terms join the sum in libvmaf's order (block after block, coefficient after
    // coefficient).
    for (int x = 0; x < w - 7; x += kGroup * kStep) {
      const int n = std::min(kGroup, (w - 7 - x + kStep - 1) / kStep);
      terms_fn(r + x, ref.stride, d + x, dis.stride, n, t, terms);
      for (int b = 0; b < n; ++b)
        for (int k = 0; k < 64; ++k) sum += terms[k * kGroup + b];
      coefficients += 64 * n;
    }
  }
  return sum;
}

}  // namespace

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane) {
  return plane_score(ref, dis, bpc, plane, make_dsp(cpu::active()));
}

float plane_sum(const Plane& ref, const Plane& dis, unsigned bpc, int plane, const Dsp& dsp, int& coefficients) {
  const PlaneTables& t = plane_tables(plane);
  coefficients = 0;
  return with_sample_type(bpc, [&]<class T>() {
    if constexpr (sizeof(T) == 1)
      return sum_terms<T>(ref, dis, t, dsp.terms_8, coefficients);
    else
      return sum_terms<T>(ref, dis, t, dsp.terms_16, coefficients);
  });
}

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane, const Dsp& dsp) {
  int coefficients = 0;
  const float sum = plane_sum(ref, dis, bpc, plane, dsp, coefficients);
  return plane_value(sum, coefficients, bpc);
}

double plane_value(float sum, int coefficients, unsigned bpc) {
  float ret = sum / static_cast<float>(coefficients);
  const std::int32_t peak = (1 << bpc) - 1;
  ret /= static_cast<float>(peak * peak);
  return ret;
}

void emit_scores(const double score[3], unsigned index, FeatureSink& sink) {
  const auto& names = provided_features();
  for (int p = 0; p < 3; ++p) sink.append(names[p], index, to_db(score[p]));
  sink.append(names[3], index, to_db(combine(score)));
}

PsnrHvsExtractor::PsnrHvsExtractor(const OptionSet&) : dsp_(make_dsp(cpu::active())) {}

void check_depth(unsigned bpc) {
  if (bpc > kMaxBpc)
    throw std::invalid_argument(fmt::format(
        "psnr_hvs: bit depth {} is not supported: libvmaf's PSNR-HVS accepts at most {} bits", bpc, kMaxBpc));
}

void PsnrHvsExtractor::init(const VideoGeometry& g) {
  check_depth(g.bpc);
  bpc_ = g.bpc;
}

void PsnrHvsExtractor::submit(const FrameInput& f) {
  for (int p = 0; p < 3; ++p) score_[p] = plane_score(f.ref->plane(p), f.dis->plane(p), bpc_, p, dsp_);
}

void PsnrHvsExtractor::collect(unsigned index, FeatureSink& sink) { emit_scores(score_, index, sink); }

FASTVMAF_REGISTER_BACKEND("psnr_hvs", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<PsnrHvsExtractor>(o); });

}  // namespace fastvmaf::psnr_hvs
