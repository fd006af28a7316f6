#include "features/psnr/psnr_dsp.hpp"

#include <cstdlib>

namespace fastvmaf::psnr {

namespace {

std::uint32_t sse_row_8_c(const std::uint8_t* r, const std::uint8_t* d, unsigned w) {
  std::uint32_t sum = 0;
  for (unsigned x = 0; x < w; ++x) {
    const std::int16_t e = static_cast<std::int16_t>(r[x] - d[x]);
    sum += static_cast<std::uint32_t>(e * e);
  }
  return sum;
}

std::uint64_t sse_row_16_c(const std::uint16_t* r, const std::uint16_t* d, unsigned w) {
  std::uint64_t sum = 0;
  for (unsigned x = 0; x < w; ++x) {
    const std::uint32_t e = static_cast<std::uint32_t>(std::abs(r[x] - d[x]));
    sum += e * e;
  }
  return sum;
}

}  // namespace

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{&sse_row_8_c, &sse_row_16_c};
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::psnr
