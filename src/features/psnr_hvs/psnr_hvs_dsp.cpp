#include "features/psnr_hvs/psnr_hvs_dsp.hpp"

#include "features/psnr_hvs/psnr_hvs_math.hpp"

namespace fastvmaf::psnr_hvs {

namespace {

template <typename Sample>
void load_block(const Sample* p, std::ptrdiff_t stride, std::int32_t out[64]) {
  for (int i = 0; i < kBlock; ++i) {
    const Sample* row = reinterpret_cast<const Sample*>(reinterpret_cast<const std::uint8_t*>(p) + i * stride);
    for (int j = 0; j < kBlock; ++j) out[i * kBlock + j] = row[j];
  }
}

template <typename Sample>
void terms_c(const Sample* ref, std::ptrdiff_t ref_stride, const Sample* dis, std::ptrdiff_t dis_stride, int n,
             const PlaneTables& t, float* terms) {
  for (int b = 0; b < n; ++b) {
    std::int32_t s[64], d[64];
    float tb[64];
    load_block(ref + kStep * b, ref_stride, s);
    load_block(dis + kStep * b, dis_stride, d);
    block_terms(s, d, t, tb);
    for (int k = 0; k < 64; ++k) terms[k * kGroup + b] = tb[k];
  }
}

}  // namespace

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{&terms_c<std::uint8_t>, &terms_c<std::uint16_t>};
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::psnr_hvs
