#include "features/psnr_hvs/psnr_hvs.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/registry.hpp"
#include "features/psnr_hvs/psnr_hvs_math.hpp"
#include "features/psnr_hvs/psnr_hvs_options.hpp"

namespace fastvmaf::psnr_hvs {

namespace {

void terms8_c(const std::int32_t* s, const std::int32_t* d, const PlaneTables& t, float* terms) {
  for (int b = 0; b < 8; ++b) {
    std::int32_t sb[64], db[64];
    float tb[64];
    for (int k = 0; k < 64; ++k) {
      sb[k] = s[k * 8 + b];
      db[k] = d[k * 8 + b];
    }
    block_terms(sb, db, t, tb);
    for (int k = 0; k < 64; ++k) terms[k * 8 + b] = tb[k];
  }
}

template <typename Sample>
void load_block(const Plane& p, int x, int y, std::int32_t out[64]) {
  for (int i = 0; i < kBlock; ++i) {
    const Sample* row = p.row<Sample>(static_cast<unsigned>(y + i)) + x;
    for (int j = 0; j < kBlock; ++j) out[i * kBlock + j] = row[j];
  }
}

// Blocks b = 0..7 at x0 + 7 b, lane by lane.
template <typename Sample>
void load_blocks8(const Plane& p, int x0, int y, std::int32_t out[64 * 8]) {
  for (int i = 0; i < kBlock; ++i) {
    const Sample* row = p.row<Sample>(static_cast<unsigned>(y + i)) + x0;
    for (int b = 0; b < 8; ++b)
      for (int j = 0; j < kBlock; ++j) out[(i * kBlock + j) * 8 + b] = row[b * kStep + j];
  }
}

template <typename Sample>
float plane_sum(const Plane& ref, const Plane& dis, const PlaneTables& t, Terms8Fn terms8, int& coefficients) {
  const int w = static_cast<int>(ref.width), h = static_cast<int>(ref.height);
  float sum = 0;
  alignas(32) std::int32_t s8[64 * 8], d8[64 * 8];
  alignas(32) float terms[64 * 8];
  for (int y = 0; y < h - 7; y += kStep) {
    int x = 0;
    // Groups of 8 blocks, then the rest one by one; the terms join the sum in libvmaf's
    // order (block after block, coefficient after coefficient).
    for (; x + 7 * kStep < w - 7; x += 8 * kStep) {
      load_blocks8<Sample>(ref, x, y, s8);
      load_blocks8<Sample>(dis, x, y, d8);
      terms8(s8, d8, t, terms);
      for (int b = 0; b < 8; ++b)
        for (int k = 0; k < 64; ++k) sum += terms[k * 8 + b];
      coefficients += 64 * 8;
    }
    for (; x < w - 7; x += kStep) {
      std::int32_t s[64], d[64];
      load_block<Sample>(ref, x, y, s);
      load_block<Sample>(dis, x, y, d);
      block_terms(s, d, t, terms);
      for (int k = 0; k < 64; ++k) sum += terms[k];
      coefficients += 64;
    }
  }
  return sum;
}

}  // namespace

Terms8Fn terms8_scalar() { return &terms8_c; }

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane) {
  return plane_score(ref, dis, bpc, plane, terms8_scalar());
}

double plane_score(const Plane& ref, const Plane& dis, unsigned bpc, int plane, Terms8Fn terms8) {
  const PlaneTables& t = plane_tables(plane);
  int coefficients = 0;
  float ret = bpc > 8 ? plane_sum<std::uint16_t>(ref, dis, t, terms8, coefficients)
                      : plane_sum<std::uint8_t>(ref, dis, t, terms8, coefficients);
  ret /= static_cast<float>(coefficients);
  const std::int32_t peak = (1 << bpc) - 1;
  ret /= static_cast<float>(peak * peak);
  return ret;
}

PsnrHvsExtractor::PsnrHvsExtractor(const OptionSet&, bool force_scalar) {
  Terms8Fn avx2 = force_scalar ? nullptr : terms8_avx2();
  terms8_ = avx2 ? avx2 : terms8_scalar();
}

void PsnrHvsExtractor::init(const VideoGeometry& g) {
  if (g.bpc > kMaxBpc)
    throw std::invalid_argument(fmt::format(
        "psnr_hvs: bit depth {} is not supported: libvmaf's PSNR-HVS accepts at most {} bits", g.bpc, kMaxBpc));
  bpc_ = g.bpc;
}

void PsnrHvsExtractor::submit(const FrameInput& f) {
  for (int p = 0; p < 3; ++p) score_[p] = plane_score(f.ref->plane(p), f.dis->plane(p), bpc_, p, terms8_);
}

void PsnrHvsExtractor::collect(unsigned index, FeatureSink& sink) {
  const auto& names = provided_features();
  for (int p = 0; p < 3; ++p) sink.append(names[p], index, to_db(score_[p]));
  sink.append(names[3], index, to_db(combine(score_)));
}

FASTVMAF_REGISTER_BACKEND("psnr_hvs", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<PsnrHvsExtractor>(o); });

}  // namespace fastvmaf::psnr_hvs
