// ADM arithmetic against straightforward reference formulas: the DWT against a direct
// convolution, the decouple against its real-valued definition, the CSF weights
// against the published formulas, the masking threshold against libvmaf's 3x3
// neighbourhood written out term by term.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "common/adm_csf.hpp"
#include "features/adm/adm_math.hpp"
#include "features/adm/adm_params.hpp"
#include "features/adm/adm_dsp.hpp"

namespace fastvmaf::adm {
namespace {

std::int64_t floor_div(std::int64_t a, std::int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Mirror of an out-of-range DWT source index: -1 reflects to 1, n + k to n - 1 - k.
int mirror(int k, int n) { return k < 0 ? -k : (k >= n ? 2 * n - k - 1 : k); }

TEST(AdmMath, FiltersAreDaubechies2InQ15) {
  const double s3 = std::sqrt(3.0), d = 4 * std::sqrt(2.0);
  const double db2[4] = {(1 + s3) / d, (3 + s3) / d, (3 - s3) / d, (1 - s3) / d};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(kDwtLo[k], db2[k] * 32768, 0.6) << k;
    EXPECT_EQ(kDwtHi[k], (k % 2 ? -1 : 1) * kDwtLo[3 - k]) << k;  // quadrature mirror
  }
  EXPECT_EQ(kDwtLo[0] + kDwtLo[1] + kDwtLo[2] + kDwtLo[3], kDwtLoSum);
}

TEST(AdmMath, SourceIndicesMirrorAtBothEnds) {
  for (int n = 5; n < 60; ++n) {
    for (int out = 0; out < (n + 1) / 2; ++out)
      for (int t = 0; t < 4; ++t) EXPECT_EQ(dwt_source_index(out, t, n), mirror(2 * out - 1 + t, n)) << n;
  }
  // Inputs of 3 or 4 samples: libvmaf reads one element before the data.
  EXPECT_EQ(dwt_source_index(0, 0, 3), -1);
  EXPECT_EQ(dwt_source_index(0, 0, 4), -1);
  EXPECT_EQ(dwt_source_index(1, 3, 3), 1);
}

TEST(AdmMath, Scale0DwtIsADirectConvolution) {
  std::mt19937 rng(1);
  const Dsp& k = c_dsp();
  for (int bpc : {8, 10, 12, 16}) {
    const int n = 37, half = 1 << (bpc - 1);
    std::vector<std::vector<std::uint16_t>> rows(4, std::vector<std::uint16_t>(n));
    for (auto& r : rows)
      for (auto& v : r) v = static_cast<std::uint16_t>(rng() % (1u << bpc));
    // Vertical pass: taps over the four rows, the low band re-centred by 2^(bpc-1).
    std::vector<std::int16_t> lo(n + 3), hi(n + 3);
    if (bpc == 8) {
      std::vector<std::vector<std::uint8_t>> r8(4, std::vector<std::uint8_t>(n));
      for (int t = 0; t < 4; ++t) std::copy(rows[t].begin(), rows[t].end(), r8[t].begin());
      const std::uint8_t* src[4] = {r8[0].data(), r8[1].data(), r8[2].data(), r8[3].data()};
      k.dwt0_vertical_u8(src, n, bpc, lo.data() + 1, hi.data() + 1);
    } else {
      const std::uint16_t* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
      k.dwt0_vertical_u16(src, n, bpc, lo.data() + 1, hi.data() + 1);
    }
    for (int j = 0; j < n; ++j) {
      std::int64_t sl = 0, sh = 0;
      for (int t = 0; t < 4; ++t) {
        sl += std::int64_t{kDwtLo[t]} * rows[t][j];
        sh += std::int64_t{kDwtHi[t]} * rows[t][j];
      }
      ASSERT_EQ(lo[j + 1], floor_div(sl - std::int64_t{kDwtLoSum} * half + half, 1LL << bpc)) << bpc << " " << j;
      ASSERT_EQ(hi[j + 1], floor_div(sh + half, 1LL << bpc)) << bpc << " " << j;
    }
    // Horizontal pass over the mirrored row.
    for (auto* r : {&lo, &hi}) {
      (*r)[0] = (*r)[2];
      (*r)[n + 1] = (*r)[n];
      (*r)[n + 2] = (*r)[n - 1];
    }
    const int m = (n + 1) / 2;
    std::vector<std::int32_t> a(m);
    std::vector<std::int16_t> bands(3 * m);
    k.dwt0_horizontal(lo.data(), hi.data(), m, a.data(), 0, m, {bands.data(), bands.data() + m, bands.data() + 2 * m});
    for (int out = 0; out < m; ++out) {
      std::int64_t ll = 0, lh = 0, hl = 0, hh = 0;
      for (int t = 0; t < 4; ++t) {
        const int src = mirror(2 * out - 1 + t, n) + 1;
        ll += std::int64_t{kDwtLo[t]} * lo[src];
        lh += std::int64_t{kDwtHi[t]} * lo[src];
        hl += std::int64_t{kDwtLo[t]} * hi[src];
        hh += std::int64_t{kDwtHi[t]} * hi[src];
      }
      ASSERT_EQ(a[out], floor_div(ll + 32768, 65536));
      ASSERT_EQ(bands[m + out], floor_div(lh + 32768, 65536));      // v: low vertically, high horizontally
      ASSERT_EQ(bands[out], floor_div(hl + 32768, 65536));          // h
      ASSERT_EQ(bands[2 * m + out], floor_div(hh + 32768, 65536));  // d
    }
  }
}

TEST(AdmMath, Scale123DwtIsADirectConvolution) {
  std::mt19937 rng(2);
  for (const DwtRounding& rd : kDwtS123) {
    for (int iter = 0; iter < 2000; ++iter) {
      std::int64_t s[4];
      for (auto& v : s) v = static_cast<std::int32_t>(rng());
      std::int64_t lo = 0, hi = 0;
      for (int t = 0; t < 4; ++t) {
        lo += kDwtLo[t] * s[t];
        hi += kDwtHi[t] * s[t];
      }
      // Stored as int32: libvmaf's cast keeps the low 32 bits.
      const auto low32 = [](std::int64_t v) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(v)); };
      ASSERT_EQ(dwt123_lo(s[0], s[1], s[2], s[3], rd.v_add, rd.v_shift),
                low32(floor_div(lo + rd.v_add, 1LL << rd.v_shift)));
      ASSERT_EQ(dwt123_hi(s[0], s[1], s[2], s[3], rd.h_add, rd.h_shift),
                low32(floor_div(hi + rd.h_add, 1LL << rd.h_shift)));
    }
  }
}

// The angle test in exact arithmetic: cos(angle) >= cos(1 degree).
int exact_within_1deg(std::int64_t oh, std::int64_t ov, std::int64_t th, std::int64_t tv) {
  const long double dp = static_cast<long double>(oh) * th + static_cast<long double>(ov) * tv;
  const long double om = static_cast<long double>(oh) * oh + static_cast<long double>(ov) * ov;
  const long double tm = static_cast<long double>(th) * th + static_cast<long double>(tv) * tv;
  const long double c = std::cos(1.0L * 3.14159265358979323846264338327950288L / 180.0L);
  const long double lhs = dp * dp, rhs = c * c * om * tm;
  if (dp < 0) return 0;
  if (std::fabs(lhs - rhs) <= 1e-5L * (lhs + rhs)) return -1;  // too close to call in float
  return lhs >= rhs ? 1 : 0;
}

template <typename T>
void check_decouple(std::mt19937& rng, std::int64_t range, bool scale0) {
  const double gains[] = {1.0, 1.2, 100.0};
  int enhanced = 0;
  for (int iter = 0; iter < 20000; ++iter) {
    const auto rnd = [&] { return static_cast<T>(static_cast<std::int64_t>(rng() % (2 * range + 1)) - range); };
    const T oh = rnd(), ov = rnd(), o = rnd();
    // Half of the distorted samples point along the reference.
    const double f = std::uniform_real_distribution<double>(-0.3, 1.5)(rng);
    const bool along = rng() % 2;
    const T th = along ? static_cast<T>(std::clamp<double>(oh * f, -range, range)) : rnd();
    const T tv = along ? static_cast<T>(std::clamp<double>(ov * f, -range, range)) : rnd();
    const T t = along ? static_cast<T>(std::clamp<double>(o * f, -range, range)) : rnd();
    const bool ok = within_1deg(std::int64_t{oh} * th + std::int64_t{ov} * tv, std::int64_t{oh} * oh + std::int64_t{ov} * ov,
                                std::int64_t{th} * th + std::int64_t{tv} * tv, common::cos_1deg_sq());
    const int exact = exact_within_1deg(oh, ov, th, tv);
    if (exact >= 0) {
      ASSERT_EQ(ok, exact == 1) << oh << " " << ov << " " << th << " " << tv;
    }
    const double g = gains[rng() % 3];
    const Decoupled d = scale0 ? decouple0(static_cast<std::int16_t>(o), static_cast<std::int16_t>(t), ok, g, div_lookup())
                               : decouple123(static_cast<std::int32_t>(o), static_cast<std::int32_t>(t), ok, g, div_lookup());
    ASSERT_EQ(d.a, static_cast<std::int64_t>(t) - d.r);  // a = t - r
    // r = clamp(t / o, 0, 1) * o up to the fixed-point reciprocal's error.
    const double k = o == 0 ? 1.0 : std::clamp(static_cast<double>(t) / o, 0.0, 1.0);
    double r = k * o;
    // Scales 1..3 take the reciprocal of o's 15 leading bits: relative errors of 2^-15
    // in o and one unit of k (Q15) in r.
    const double tol = 3.0 + (scale0 ? 0.0 : std::fabs(static_cast<double>(t)) / 8192 + std::fabs(static_cast<double>(o)) / 16384);
    if (ok && o != 0 && k > 0) {
      r = o > 0 ? std::min(r * g, static_cast<double>(t)) : std::max(r * g, static_cast<double>(t));
      ASSERT_NEAR(d.r, r, tol * g) << o << " " << t << " gain " << g;
      ++enhanced;
    } else {
      ASSERT_NEAR(d.r, r, tol) << o << " " << t;
    }
  }
  EXPECT_GT(enhanced, 1000);
}

TEST(AdmMath, Decouple0FollowsItsDefinition) {
  std::mt19937 rng(3);
  check_decouple<std::int16_t>(rng, 32767, true);
  check_decouple<std::int16_t>(rng, 200, true);
}

TEST(AdmMath, Decouple123FollowsItsDefinition) {
  std::mt19937 rng(4);
  check_decouple<std::int32_t>(rng, 30000, false);
  check_decouple<std::int32_t>(rng, 300000000, false);
}

// Watson et al. 1997, formula (9) and Tables IV, V: the quantisation step of DWT
// level lambda, orientation theta, for the display's pixels per degree.
double watson_q(int lambda, int theta, double nvd, int rdh) {
  const double a = 0.495, k = 0.466, f0 = 0.401, g[4] = {1.501, 1.0, 0.534, 1.0};
  const double amp[4][4] = {{0.62171, 0.67234, 0.72709, 0.67234},
                            {0.34537, 0.41317, 0.49428, 0.41317},
                            {0.18004, 0.22727, 0.28688, 0.22727},
                            {0.091401, 0.11792, 0.15214, 0.11792}};
  const double r = nvd * rdh * M_PI / 180.0;
  const double l = std::log10(std::pow(2.0, lambda + 1) * f0 * g[theta] / r);
  return 2 * a * std::pow(10.0, k * l * l) / amp[lambda][theta];
}

TEST(AdmMath, WatsonWeightsFollowTheFormula) {
  for (auto [nvd, rdh] : {std::pair{3.0, 1080}, {5.0, 1080}, {1.5, 2160}, {24.0, 4320}}) {
    AdmConfig c;
    c.norm_view_dist = nvd;
    c.ref_display_height = rdh;
    for (int s = 0; s < kScales; ++s) {
      const auto w = csf_weights(c, s);
      // libvmaf evaluates in float; 1e-5 separates that from a wrong constant or term.
      EXPECT_NEAR(w[0], 1 / watson_q(s, 1, nvd, rdh), 1e-5 * w[0]);
      EXPECT_EQ(w[1], w[0]);
      EXPECT_NEAR(w[2], 1 / watson_q(s, 2, nvd, rdh), 1e-5 * w[2]);
    }
  }
  // libvmaf hard-codes scale 0's Q21/Q23 weights for 1080p at 3H; they are these
  // weights to a few units (computed in another precision).
  const ScaleParams p = make_scale_params(AdmConfig{}, 0, 1920, 1080);
  EXPECT_EQ(p.i_rfactor[0], 36453u);
  EXPECT_EQ(p.i_rfactor[2], 49417u);
  const auto w = csf_weights(AdmConfig{}, 0);
  EXPECT_NEAR(w[0] * std::pow(2.0, 21), 36453.0, 3.0);
  EXPECT_NEAR(w[2] * std::pow(2.0, 23), 49417.0, 3.0);
}

// Barten's CSF as in HDR-VDP 2.2.1 at 100 cd/m2 (between the 20 and 150 anchors).
double barten(int lambda, double nvd, int rdh) {
  const double rho = nvd * rdh * M_PI / 180.0 / std::pow(2.0, lambda + 1);
  const double lo[4] = {0.334278, 3.79542, 1.07327, 6.4635}, hi[4] = {0.394533, 2.7755, 1.16577, 7.45665};
  const double x = (std::log10(100.0) - std::log10(20.0)) / (std::log10(150.0) - std::log10(20.0));
  double p[4];
  for (int i = 0; i < 4; ++i) p[i] = lo[i] + (hi[i] - lo[i]) * x;
  const double ncsf = p[3] / std::sqrt((1 + std::pow(p[0] * rho, p[1])) /
                                       std::pow(1 - std::exp(-std::pow(rho / 7, 2)), p[2]));
  const double a[4] = {0.424838596301290, 0.572435103936480, 0.000167576239164937, 0.00255872352306433};
  const double b[4] = {0.028, 0.37, 37, 360};
  double mtf = 0;
  for (int i = 0; i < 4; ++i) mtf += a[i] * std::exp(-b[i] * rho);
  const double sa = 30.162 * std::pow(std::pow(4.0627 / 100.0, 1.6596) + 1, -0.2712);
  return ncsf * mtf * sa;
}

TEST(AdmMath, BartenWeightsFollowTheFormula) {
  AdmConfig c;
  c.csf_mode = CsfMode::Barten;
  c.csf_scale = 1.7;
  c.csf_diag_scale = 0.4;
  for (int s = 0; s < kScales; ++s) {
    const auto w = csf_weights(c, s);
    const double ref = barten(s, 3.0, 1080);
    EXPECT_NEAR(w[0], ref * 1.7, 2e-5 * w[0]) << s;
    EXPECT_NEAR(w[2], ref * 0.4, 2e-5 * w[2]) << s;
  }
}

TEST(AdmMath, BlendedWeightsComeFromTheirTables) {
  AdmConfig c;
  c.csf_mode = CsfMode::BartenWatsonBlend;
  c.norm_view_dist = 1.5;
  c.ref_display_height = 2160;
  AdmConfig same = c;
  same.norm_view_dist = 3.0;
  same.ref_display_height = 1080;
  for (int s = 0; s < kScales; ++s) EXPECT_EQ(csf_weights(c, s), csf_weights(same, s));  // same pixels per degree
  EXPECT_TRUE(config_error(c).empty());
  c.norm_view_dist = 4.0;
  EXPECT_FALSE(config_error(c).empty());
  EXPECT_EQ(blended_csf(false, 0, 0, 4.0, 2160), -22.0f);
}

TEST(AdmMath, CsfAndMaskingTermsFollowTheirFixedPoint) {
  std::mt19937 rng(5);
  for (int iter = 0; iter < 20000; ++iter) {
    const std::int32_t x = static_cast<std::int32_t>(rng() % 65536) - 32768;
    const std::uint32_t w = rng() % 65536;
    const int band = static_cast<int>(rng() % 3);
    const std::int64_t v = std::int64_t{x} * w;
    const std::int64_t c = band == 2 ? floor_div(v + 65535, 1 << 17) : floor_div(v + 16384, 1 << 15);
    ASSERT_EQ(csf0(x, w, band), static_cast<std::int16_t>(c));
    const std::int16_t c16 = static_cast<std::int16_t>(rng() % 65536 - 32768);
    // |c| * 32/30 and |c| * 32/15 rounded, stored as int16 (libvmaf's cast wraps the
    // largest values).
    const auto as16 = [](std::int64_t v) { return static_cast<std::int16_t>(static_cast<std::uint16_t>(v)); };
    ASSERT_EQ(masking0_neighbour(c16), as16((4369 * std::abs(c16) + 2048) >> 12));
    ASSERT_EQ(masking0_centre(c16), as16((8738 * std::abs(c16) + 2048) >> 12));
    if (std::abs(c16) < 15000) {
      ASSERT_NEAR(masking0_neighbour(c16), std::abs(c16) * 32.0 / 30.0, 1.0);
      ASSERT_NEAR(masking0_centre(c16), std::abs(c16) * 32.0 / 15.0, 1.0);
    }
    const std::int32_t c32 = static_cast<std::int32_t>(rng() % 2000000000) - 1000000000;
    const std::uint32_t w32 = static_cast<std::uint32_t>(rng());
    ASSERT_EQ(csf123(c32, w32), static_cast<std::int32_t>(floor_div(std::int64_t{c32} * w32 + (1 << 27), 1 << 28)));
    // libvmaf rounds these by subtracting 2^31 (half a unit) instead of adding it.
    ASSERT_EQ(masking123_neighbour(c32), floor_div(143165577LL * std::abs(c32) - (1LL << 31), 1LL << 32));
    ASSERT_NEAR(masking123_neighbour(c32), std::abs(c32) / 30.0 - 0.5, 1.0);
    ASSERT_NEAR(masking123_centre(c32), std::abs(c32) / 15.0 - 0.5, 1.0);
  }
}

// libvmaf's masking threshold written out: for each band, the eight neighbours' |c|/30
// terms (rows and columns mirrored: -1 -> 1, h -> h-1, w -> w-1) plus the centre's
// |c|/15 term, summed over the three bands.
TEST(AdmMath, ContrastRowSumsMatchTheNeighbourhoodDefinition) {
  std::mt19937 rng(6);
  for (int iter = 0; iter < 300; ++iter) {
    const int w = 2 + static_cast<int>(rng() % 20), h = 2 + static_cast<int>(rng() % 6);
    std::vector<std::int16_t> csf[3];
    for (auto& c : csf) {
      c.resize(static_cast<std::size_t>(w) * h);
      for (auto& v : c) v = static_cast<std::int16_t>(static_cast<int>(rng() % 4001) - 2000);
    }
    std::vector<std::int32_t> x[3];
    for (auto& xb : x) {
      xb.resize(static_cast<std::size_t>(w) * h);
      for (auto& v : xb) v = static_cast<std::int32_t>(rng() % 200000001) - 100000000;
    }
    // Folded per-sample terms, as the decouple kernels store them.
    std::vector<std::int32_t> nb(static_cast<std::size_t>(w) * h), ce(nb.size());
    for (std::size_t i = 0; i < nb.size(); ++i)
      for (int b = 0; b < 3; ++b) {
        nb[i] += masking0_neighbour(csf[b][i]);
        ce[i] += masking0_centre(csf[b][i]);
      }
    CubeRounding r[3];
    for (int b = 0; b < 3; ++b) r[b] = cube_rounding0(b, 3, 4);
    for (int i = 0; i < h; ++i) {
      const int up = i == 0 ? 1 : i - 1, down = i == h - 1 ? h - 1 : i + 1;
      const std::int32_t* xs[3] = {x[0].data() + i * w, x[1].data() + i * w, x[2].data() + i * w};
      std::int64_t sums[3] = {0, 0, 0};
      contrast_row_sums(nb.data() + up * w, nb.data() + i * w, nb.data() + down * w, ce.data() + i * w, xs, 0, w, w, r,
                        sums);
      std::int64_t ref[3] = {0, 0, 0};
      for (int j = 0; j < w; ++j) {
        const int left = j == 0 ? 1 : j - 1, right = j == w - 1 ? w - 1 : j + 1;
        std::int32_t thr = 0;
        for (int b = 0; b < 3; ++b) {
          const auto at = [&](int rr, int cc) { return std::int32_t{masking0_neighbour(csf[b][rr * w + cc])}; };
          thr += at(up, left) + at(up, j) + at(up, right) + at(i, left) + at(i, right) + at(down, left) +
                 at(down, j) + at(down, right) + masking0_centre(csf[b][i * w + j]);
        }
        for (int b = 0; b < 3; ++b) {
          std::int64_t v = std::abs(static_cast<std::int64_t>(x[b][i * w + j])) - (std::int64_t{thr} << r[b].sub_shift);
          v = std::max<std::int64_t>(v, 0);
          const std::int64_t sq = (v * v + r[b].sq_add) >> r[b].sq_shift;
          ref[b] += (sq * v + r[b].cub_add) >> r[b].cub_shift;
        }
      }
      for (int b = 0; b < 3; ++b) ASSERT_EQ(sums[b], ref[b]) << "w " << w << " h " << h << " row " << i;
    }
  }
}

}  // namespace
}  // namespace fastvmaf::adm
