// psnr_dsp: the SSE rows.
#include "dsp_check.hpp"
#include "features/psnr/psnr_dsp.hpp"

namespace fastvmaf::dsp_test {

void check_psnr(Suite& s) {
  TableCheck<psnr::Dsp> t(s, "psnr", psnr::make_dsp);
  t.entry("sse_row_8", &psnr::Dsp::sse_row_8, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 5000);
    Guarded<std::uint8_t> r(w), d(w);
    fill_samples(rng, r.data(), w, 255);
    fill_samples(rng, d.data(), w, 255);
    return compare_value("sum", ref(r.data(), d.data(), w), got(r.data(), d.data(), w), fmt::format("w {}", w));
  });
  t.entry("sse_row_16", &psnr::Dsp::sse_row_16, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 5000);
    const unsigned bpc = 9 + static_cast<unsigned>(rng() % 8);
    Guarded<std::uint16_t> r(w), d(w);
    fill_samples(rng, r.data(), w, (1u << bpc) - 1);
    fill_samples(rng, d.data(), w, (1u << bpc) - 1);
    return compare_value("sum", ref(r.data(), d.data(), w), got(r.data(), d.data(), w),
                         fmt::format("w {} bpc {}", w, bpc));
  });
}

}  // namespace fastvmaf::dsp_test
