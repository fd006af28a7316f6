// speed_dsp: the covariance pair sums and the blur's vertical taps.
#include <random>

#include "dsp_check.hpp"
#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_dsp.hpp"

namespace fastvmaf::dsp_test {

void check_speed(Suite& s) {
  TableCheck<speed::Dsp> t(s, "speed", speed::make_dsp);
  t.entry("pair_sums", &speed::Dsp::pair_sums, [](auto ref, auto got, Rng& rng) {
    const std::size_t n = 1 + rng() % 200;
    constexpr int kStride = speed::kPairStride;
    std::vector<double> c(n * kStride, 0.0);
    std::normal_distribution<double> d(0, rng() % 2 ? 30.0 : 1e-3);
    for (std::size_t p = 0; p < n; ++p)
      for (int o = 0; o < 25; ++o) c[p * kStride + o] = d(rng);
    Guarded<double> a(kStride * kStride), b(kStride * kStride);
    for (int i = 0; i < kStride * kStride; ++i) a[i] = b[i] = d(rng);  // accumulators carried from a previous chunk
    ref(c.data(), n, a.data());
    got(c.data(), n, b.data());
    return compare("acc", a, b, fmt::format("{} positions", n));
  });
  t.entry("tap_row", &speed::Dsp::tap_row, [](auto ref, auto got, Rng& rng) {
    const unsigned w = random_width(rng, 2000);
    std::normal_distribution<float> d(0.0f, 100.0f);
    std::vector<float> src(w);
    Guarded<float> a(w), b(w);
    for (unsigned j = 0; j < w; ++j) {
      src[j] = d(rng);
      a[j] = b[j] = d(rng);
    }
    const float f = std::normal_distribution<float>(0.0f, 0.2f)(rng);
    ref(a.data(), src.data(), f, w);
    got(b.data(), src.data(), f, w);
    return compare("acc", a, b, fmt::format("w {}", w));
  });
}

}  // namespace fastvmaf::dsp_test
