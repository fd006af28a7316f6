#include "features/float_vif/float_vif_dsp.hpp"

#include "common/float_filter_dsp.hpp"

namespace fastvmaf::float_vif {

namespace {

// The separable filter's C entries, once per quantity.
void vertical5_c(const float* taps, int n, const float* const* a, const float* const* b, unsigned w,
                 float* const* out) {
  const common::FloatFilterDsp& f = common::c_float_filter_dsp();
  f.vertical(taps, n, a, w, out[0]);
  f.vertical(taps, n, b, w, out[1]);
  f.vertical_squares(taps, n, a, w, out[2]);
  f.vertical_squares(taps, n, b, w, out[3]);
  f.vertical_products(taps, n, a, b, w, out[4]);
}

void statistic_c(const float* const* in, unsigned w, const StatParams& p, float* __restrict num,
                 float* __restrict den) {
  const float* __restrict m1 = in[0];
  const float* __restrict m2 = in[1];
  const float* __restrict xx = in[2];
  const float* __restrict yy = in[3];
  const float* __restrict xy = in[4];
  for (unsigned j = 0; j < w; ++j) statistic(m1[j], m2[j], xx[j], yy[j], xy[j], p, num[j], den[j]);
}

constexpr Dsp kC = {&vertical5_c, &statistic_c};

}  // namespace

const Dsp& c_dsp() { return kC; }

Dsp make_dsp(cpu::Flags flags) {
  Dsp d = kC;
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::float_vif
