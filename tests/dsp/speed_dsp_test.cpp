// speed_dsp: the covariance pair sums, the blur's vertical taps and the QR.
#include <cmath>
#include <random>

#include "dsp_check.hpp"
#include "features/speed/speed_covariance.hpp"
#include "features/speed/speed_dsp.hpp"
#include "features/speed/speed_params.hpp"

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
  t.entry("qr", &speed::Dsp::qr, [](auto ref, auto got, Rng& rng) {
    constexpr int kN = speed::kBlockElements;
    // A covariance as SpEED forms one (sum of outer products of random samples), scaled
    // like 8- to 16-bit pictures; now and then a NaN or an infinity, which takes the
    // decomposition's full-product path.
    std::normal_distribution<float> d(0.0f, rng() % 2 ? 40.0f : 0.05f);
    std::vector<float> a(kN * kN, 0.0f);
    const int samples = 1 + static_cast<int>(rng() % 60);
    for (int p = 0; p < samples; ++p) {
      float x[kN];
      for (float& v : x) v = d(rng);
      for (int i = 0; i < kN; ++i)
        for (int j = 0; j < kN; ++j) a[i * kN + j] += x[i] * x[j];
    }
    if (rng() % 8 == 0) a[rng() % (kN * kN)] = rng() % 2 ? std::nanf("") : INFINITY;
    Guarded<float> qa(kN * kN), ra(kN * kN), qb(kN * kN), rb(kN * kN);
    std::vector<float> z(kN * kN), scratch(kN * kN);
    ref(a.data(), qa.data(), ra.data(), z.data(), scratch.data());
    got(a.data(), qb.data(), rb.data(), z.data(), scratch.data());
    const std::string where = fmt::format("{} samples", samples);
    std::string e = compare("qt", qa, qb, where);
    return e.empty() ? compare("r", ra, rb, where) : e;
  });
}

}  // namespace fastvmaf::dsp_test
