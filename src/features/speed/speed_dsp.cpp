// SpEED's C entries (speed_covariance.hpp for this unit's baseline target) and make_dsp.
#include "features/speed/speed_dsp.hpp"

#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_qr.hpp"

namespace fastvmaf::speed {

namespace {
struct C {};
}  // namespace

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{&accumulate_pair_sums<C>, &tap_row<C>, &householder_qr_entry<C>};
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::speed
