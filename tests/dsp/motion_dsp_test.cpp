// motion_dsp: differences, the vertical pass and the horizontal SAD.
#include "dsp_check.hpp"
#include "features/motion/motion_dsp.hpp"

namespace fastvmaf::dsp_test {

namespace {

// Filtered rows as the vertical pass leaves them: |y| <= 65536, often small or zero.
void fill_filtered(Rng& rng, std::int32_t* y, unsigned w) {
  const int shape = static_cast<int>(rng() % 5);
  for (unsigned j = 0; j < w; ++j) {
    switch (shape) {
      case 0: y[j] = static_cast<std::int32_t>(rng() % 131073) - 65536; break;
      case 1: y[j] = static_cast<std::int32_t>(rng() % 9) - 4; break;
      case 2: y[j] = (rng() & 1) ? 65536 : -65536; break;
      case 3: y[j] = rng() % 6 ? 0 : static_cast<std::int32_t>(rng() % 2001) - 1000; break;
      // Multiples of 128: the rounding of the split pass lands on its boundaries.
      default: y[j] = (static_cast<std::int32_t>(rng() % 1025) - 512) * 128; break;
    }
  }
}

}  // namespace

void check_motion(Suite& s) {
  TableCheck<motion::Dsp> t(s, "motion", motion::make_dsp);
  t.entry("diff_row_8", &motion::Dsp::diff_row_8, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 3000);
    Guarded<std::uint8_t> p(w), c(w);
    fill_samples(rng, p.data(), w, 255);
    fill_samples(rng, c.data(), w, 255);
    Guarded<std::int16_t> a(w), b(w);
    ref(p.data(), c.data(), w, a.data());
    got(p.data(), c.data(), w, b.data());
    return compare("d", a, b, fmt::format("w {}", w));
  });
  t.entry("diff_row_16", &motion::Dsp::diff_row_16, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 3000);
    const unsigned bpc = 9 + static_cast<unsigned>(rng() % 7);  // up to 15 bits
    Guarded<std::uint16_t> p(w), c(w);
    fill_samples(rng, p.data(), w, (1u << bpc) - 1);
    fill_samples(rng, c.data(), w, (1u << bpc) - 1);
    Guarded<std::int16_t> a(w), b(w);
    ref(p.data(), c.data(), w, a.data());
    got(p.data(), c.data(), w, b.data());
    return compare("d", a, b, fmt::format("w {} bpc {}", w, bpc));
  });
  t.entry("vertical", &motion::Dsp::vertical, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 3000);
    const unsigned bpc = 8 + static_cast<unsigned>(rng() % 8);  // 8..15
    const int max = (1 << bpc) - 1;
    Guarded<std::int16_t> rows[motion::kTaps];
    const std::int16_t* d[motion::kTaps];
    const bool zero = rng() % 8 == 0;  // the skipped rows
    for (int k = 0; k < motion::kTaps; ++k) {
      rows[k] = Guarded<std::int16_t>(w);
      for (unsigned j = 0; j < w; ++j)
        rows[k][j] = zero ? 0 : static_cast<std::int16_t>(static_cast<int>(rng() % (2 * max + 1)) - max);
      d[k] = rows[k].data();
    }
    Guarded<std::int32_t> a(w), b(w);
    const bool na = ref(d, w, bpc, a.data());
    const bool nb = got(d, w, bpc, b.data());
    const std::string where = fmt::format("w {} bpc {}", w, bpc);
    if (na != nb) return fmt::format("non-zero: C {}, SIMD {} ({})", na, nb, where);
    return compare("y", a, b, where);
  });
  t.entry("horizontal_sad", &motion::Dsp::horizontal_sad, [](auto ref, auto got, Rng& rng) {
    const unsigned w = 3 + random_width(rng, 3000);
    Guarded<std::int32_t> y(w);
    fill_filtered(rng, y.data(), w);
    Guarded<std::int16_t> sa(2 * (w + motion::kRowPad)), sb(2 * (w + motion::kRowPad));
    return compare_value("sad", ref(y.data(), w, sa.data()), got(y.data(), w, sb.data()), fmt::format("w {}", w));
  });
}

}  // namespace fastvmaf::dsp_test
