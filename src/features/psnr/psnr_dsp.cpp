#include "features/psnr/psnr_dsp.hpp"

#include "features/psnr/psnr_math.hpp"

namespace fastvmaf::psnr {

namespace {

std::uint32_t sse_row_8_c(const std::uint8_t* r, const std::uint8_t* d, unsigned w) {
  std::uint32_t sum = 0;
  for (unsigned x = 0; x < w; ++x) sum += squared_error_8(r[x], d[x]);
  return sum;
}

std::uint64_t sse_row_16_c(const std::uint16_t* r, const std::uint16_t* d, unsigned w) {
  std::uint64_t sum = 0;
  for (unsigned x = 0; x < w; ++x) sum += squared_error_16(r[x], d[x]);
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
