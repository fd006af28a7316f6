// ssim_dsp: the map's horizontal and vertical 11-tap passes and per-pixel terms, and
// MS-SSIM's 9x9 low-pass, on random rows of the values they meet (luma at every depth
// libvmaf converts, squares and products, filtered and low-passed values, negative ones)
// and the terms' edge cases (zero, negative and NaN variances, flat windows).
#include <cmath>
#include <limits>
#include <vector>

#include "dsp_check.hpp"
#include "features/ssim/ssim_dsp.hpp"

namespace fastvmaf::dsp_test {

namespace {

using namespace fastvmaf::ssim;

// One row of n floats of one of the shapes the passes are given.
void fill_floats(Rng& rng, float* p, std::size_t n) {
  const int shape = static_cast<int>(rng() % 7);
  const float scaler = std::vector<float>{1.0f, 4.0f, 16.0f, 256.0f}[rng() % 4];
  const std::uint32_t max = scaler == 1.0f ? 255 : scaler == 4.0f ? 1023 : scaler == 16.0f ? 4095 : 65535;
  std::vector<std::uint32_t> s(n);
  fill_samples(rng, s.data(), n, max);
  std::uniform_real_distribution<float> any(-40.0f, 300.0f);
  for (std::size_t i = 0; i < n; ++i) {
    const float luma = static_cast<float>(s[i]) / scaler;
    switch (shape) {
      case 0:
      case 1: p[i] = luma; break;                          // picture_copy's values
      case 2: p[i] = luma * luma; break;                   // ref^2, dis^2
      case 3: p[i] = luma * (static_cast<float>(rng() % (max + 1)) / scaler); break;  // ref*dis
      case 4: p[i] = any(rng); break;                      // filtered or low-passed values
      case 5: p[i] = std::ldexp(any(rng), -static_cast<int>(rng() % 30)); break;  // tiny
      default: p[i] = i % 3 ? luma : -luma; break;
    }
  }
}

// The five filtered quantities of n pixels, near the cases the terms single out.
void fill_moments(Rng& rng, std::vector<Guarded<float>>& q, int n) {
  std::uniform_real_distribution<float> mean(0.0f, 255.0f), dev(-60.0f, 900.0f), small(-0.01f, 0.01f);
  const bool wide = rng() % 2;
  for (int i = 0; i < n; ++i) {
    const float m1 = mean(rng), m2 = rng() % 3 == 0 ? m1 : mean(rng);
    q[0][i] = m1;
    q[1][i] = m2;
    switch (rng() % 6) {
      case 0:  // a flat window: exact squares, the covariance rounding either way
        q[2][i] = m1 * m1;
        q[3][i] = m2 * m2;
        q[4][i] = m1 * m2 + small(rng);
        break;
      case 1:  // identical windows
        q[1][i] = m1;
        q[2][i] = q[3][i] = q[4][i] = m1 * m1 + (wide ? dev(rng) : small(rng));
        break;
      case 2:  // a NaN now and then
        q[2][i] = m1 * m1 + dev(rng);
        q[3][i] = m2 * m2 + dev(rng);
        q[4][i] = std::numeric_limits<float>::quiet_NaN();
        break;
      default:
        q[2][i] = m1 * m1 + (wide ? dev(rng) : small(rng));
        q[3][i] = m2 * m2 + (wide ? dev(rng) : small(rng));
        q[4][i] = m1 * m2 + dev(rng) * (rng() % 2 ? 1.0f : -1.0f);
        break;
    }
  }
}

}  // namespace

void check_ssim(Suite& s) {
  TableCheck<ssim::Dsp> t(s, "ssim", ssim::make_dsp);

  t.entry("hpass", &ssim::Dsp::hpass, [](auto ref, auto got, Rng& rng) {
    const int n = static_cast<int>(random_width(rng, 2000));
    Guarded<float> src(n + kWindow - 1), a(n), b(n);
    fill_floats(rng, src.data(), src.size());
    ref(src.data(), n, a.data());
    got(src.data(), n, b.data());
    return compare("out", a, b, fmt::format("n {}", n));
  });

  t.entry("vpass", &ssim::Dsp::vpass, [](auto ref, auto got, Rng& rng) {
    const int n = static_cast<int>(random_width(rng, 2000));
    std::vector<Guarded<float>> rows;
    const float* p[kWindow];
    for (int k = 0; k < kWindow; ++k) {
      rows.emplace_back(n);
      fill_floats(rng, rows.back().data(), n);
      p[k] = rows.back().data();
    }
    Guarded<float> a(n), b(n);
    ref(p, n, a.data());
    got(p, n, b.data());
    return compare("out", a, b, fmt::format("n {}", n));
  });

  t.entry("terms", &ssim::Dsp::terms, [](auto ref, auto got, Rng& rng) {
    const int n = static_cast<int>(random_width(rng, 1000));
    std::vector<Guarded<float>> q;
    for (int k = 0; k < 5; ++k) q.emplace_back(n);
    fill_moments(rng, q, n);
    std::vector<Guarded<double>> a, b;
    for (int k = 0; k < 4; ++k) {
      a.emplace_back(n);
      b.emplace_back(n);
    }
    ref(q[0].data(), q[1].data(), q[2].data(), q[3].data(), q[4].data(), n, a[0].data(), a[1].data(), a[2].data(),
        a[3].data());
    got(q[0].data(), q[1].data(), q[2].data(), q[3].data(), q[4].data(), n, b[0].data(), b[1].data(), b[2].data(),
        b[3].data());
    const char* names[4] = {"l", "c", "s", "lcs"};
    for (int k = 0; k < 4; ++k) {
      std::string f = compare(names[k], a[k], b[k], fmt::format("n {}", n));
      if (!f.empty()) return f;
    }
    return std::string();
  });

  t.entry(
      "lpf_run", &ssim::Dsp::lpf_run,
      [](auto ref, auto got, Rng& rng) {
        // A w x h image and a run of interior centres (2 x, cy): 4 <= 2 x <= w - 5.
        const int w = 2 * kLpfHalf + 2 + static_cast<int>(random_width(rng, 600));
        const int h = kLpf + static_cast<int>(rng() % 12);
        Guarded<float> img(static_cast<std::size_t>(w) * h);
        fill_floats(rng, img.data(), img.size());
        const int cy = kLpfHalf + static_cast<int>(rng() % (h - 2 * kLpfHalf));
        const int x_lo = 2, x_hi = (w - kLpfHalf + 1) / 2;
        const int x0 = x_lo + static_cast<int>(rng() % (x_hi - x_lo + 1));
        const int n = x0 == x_hi ? 0 : static_cast<int>(rng() % 3 ? x_hi - x0 : 1 + rng() % (x_hi - x0));
        Guarded<float> a(n), b(n);
        ref(img.data(), w, cy, x0, n, a.data());
        got(img.data(), w, cy, x0, n, b.data());
        return compare("out", a, b, fmt::format("w {} h {} cy {} x0 {} n {}", w, h, cy, x0, n));
      },
      0.5);
}

}  // namespace fastvmaf::dsp_test
