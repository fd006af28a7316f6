// CAMBI's C entries (cambi_stages_tmpl.hpp for this unit's baseline target) and make_dsp.
#include "features/cambi/cambi_dsp.hpp"

#include "features/cambi/cambi_stages_tmpl.hpp"

namespace fastvmaf::cambi {

namespace {
struct C {};
}  // namespace

void Histograms::plan(int band_size, unsigned w) {
  const std::size_t n = static_cast<std::size_t>(band_size > 0 ? band_size : 0) * w;
  if (counts.size() < n) {
    counts.assign(n, 0);
    dirty_lo = 0;
    dirty_hi = -1;
  }
  if (slide.size() < 2 * static_cast<std::size_t>(w)) slide.assign(2 * static_cast<std::size_t>(w), 0);
  if (row_values.size() < w) {
    row_values.assign(w, 0.0f);
    row_positions.assign(w, 0);
  }
}

Dsp make_dsp(cpu::Flags flags) {
  Dsp d{};
  Stages<C>::fill(d);
  const cpu::Level level = cpu::level_of(flags);
  if (level >= cpu::Level::Avx2) fill_dsp_avx2(d);
  if (level >= cpu::Level::Avx512) fill_dsp_avx512(d);
  return d;
}

}  // namespace fastvmaf::cambi
