// ADM row kernels: the AVX2 kernels equal the scalar ones on random rows (full-range,
// small and extreme values, every bit depth, many widths and column ranges), and the
// whole CPU pipeline gives the same integer totals with and without them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "common/adm_csf.hpp"
#include "features/adm/adm_cpu.hpp"
#include "features/adm/adm_params.hpp"
#include "features/adm/adm_rows.hpp"

namespace fastvmaf::adm {
namespace {

const RowKernels& scalar_k() { return scalar_row_kernels(); }

// Values drawn from one of several distributions, so that edge cases (zeros, extremes,
// tiny values, equal neighbours) appear often.
template <typename T>
T draw(std::mt19937& rng, std::int64_t lo, std::int64_t hi) {
  switch (rng() % 6) {
    case 0:
      return 0;
    case 1:
      return static_cast<T>(rng() % 2 ? lo : hi);
    case 2:
      return static_cast<T>(
          std::uniform_int_distribution<std::int64_t>(std::max<std::int64_t>(lo, -40), std::min<std::int64_t>(hi, 40))(rng));
    default:
      return static_cast<T>(std::uniform_int_distribution<std::int64_t>(lo, hi)(rng));
  }
}

template <typename T>
std::vector<T> random_row(std::mt19937& rng, std::size_t n, std::int64_t lo, std::int64_t hi) {
  std::vector<T> v(n);
  for (auto& x : v) x = draw<T>(rng, lo, hi);
  return v;
}

class AdmRows : public ::testing::Test {
 protected:
  void SetUp() override {
    avx2_ = avx2_row_kernels();
    if (!avx2_) GTEST_SKIP() << "no AVX2 on this CPU";
  }
  const RowKernels* avx2_ = nullptr;
  std::mt19937 rng_{12345};
};

TEST_F(AdmRows, Int64ToFloatRoundsLikeACast) {
  std::vector<std::int64_t> v = {0, 1, -1, INT64_MIN, INT64_MAX, INT64_MIN + 1, (1LL << 24) + 1, (1LL << 25) + 1,
                                 (1LL << 25) + 2, (1LL << 25) + 6, -((1LL << 25) + 6), (1LL << 53) + 1};
  // Exact ties and their neighbours at every magnitude, and random values.
  for (int e = 25; e < 63; ++e) {
    for (std::int64_t q : {(1LL << 23), (1LL << 23) + 1, (1LL << 24) - 1}) {
      const std::int64_t base = q << (e - 23), half = 1LL << (e - 24);
      for (std::int64_t d : {-1LL, 0LL, 1LL}) {
        v.push_back(base + half + d);
        v.push_back(-(base + half + d));
      }
    }
  }
  for (int i = 0; i < 20000; ++i) {
    const int bits = static_cast<int>(rng_() % 64);
    const std::uint64_t r = (static_cast<std::uint64_t>(rng_()) << 32) | rng_();
    v.push_back(static_cast<std::int64_t>(bits == 0 ? r : r >> bits));
  }
  std::vector<float> out(v.size());
  int64_to_float_avx2(v.data(), out.data(), static_cast<int>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(out[i], static_cast<float>(v[i])) << v[i];
}

TEST_F(AdmRows, Dwt0VerticalMatchesScalar) {
  for (int iter = 0; iter < 400; ++iter) {
    const int n = 1 + static_cast<int>(rng_() % 100);
    const int bpc = std::vector<int>{8, 10, 12, 16}[rng_() % 4];
    // Samples beyond the bit depth too: the kernels must agree on any 16-bit value.
    const std::int64_t max = rng_() % 4 == 0 ? 65535 : (1 << bpc) - 1;
    std::vector<std::int16_t> lo_s(n), hi_s(n), lo_v(n), hi_v(n);
    const bool with_hi = rng_() % 4 != 0;
    if (bpc == 8) {
      std::vector<std::vector<std::uint8_t>> rows;
      for (int t = 0; t < 4; ++t) rows.push_back(random_row<std::uint8_t>(rng_, n, 0, 255));
      const std::uint8_t* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
      scalar_k().dwt0_vertical_u8(src, n, bpc, lo_s.data(), with_hi ? hi_s.data() : nullptr);
      avx2_->dwt0_vertical_u8(src, n, bpc, lo_v.data(), with_hi ? hi_v.data() : nullptr);
    } else {
      std::vector<std::vector<std::uint16_t>> rows;
      for (int t = 0; t < 4; ++t) rows.push_back(random_row<std::uint16_t>(rng_, n, 0, max));
      const std::uint16_t* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
      scalar_k().dwt0_vertical_u16(src, n, bpc, lo_s.data(), with_hi ? hi_s.data() : nullptr);
      avx2_->dwt0_vertical_u16(src, n, bpc, lo_v.data(), with_hi ? hi_v.data() : nullptr);
    }
    ASSERT_EQ(lo_s, lo_v) << "n " << n << " bpc " << bpc;
    ASSERT_EQ(hi_s, hi_v) << "n " << n << " bpc " << bpc;
  }
}

TEST_F(AdmRows, Dwt0HorizontalMatchesScalar) {
  for (int iter = 0; iter < 400; ++iter) {
    const int in = 3 + static_cast<int>(rng_() % 120);
    const int n = (in + 1) / 2;
    const auto lo = random_row<std::int16_t>(rng_, in + 3, -32768, 32767);
    const auto hi = random_row<std::int16_t>(rng_, in + 3, -32768, 32767);
    const int c0 = static_cast<int>(rng_() % n);
    const int c1 = c0 + static_cast<int>(rng_() % (n - c0 + 1));
    std::vector<std::int32_t> a_s(n), a_v(n);
    std::vector<std::int16_t> s(3 * n, 7), v(3 * n, 7);
    const bool with_hi = rng_() % 4 != 0;
    scalar_k().dwt0_horizontal(lo.data(), with_hi ? hi.data() : nullptr, n, a_s.data(), c0, c1,
                               {s.data(), s.data() + n, s.data() + 2 * n});
    avx2_->dwt0_horizontal(lo.data(), with_hi ? hi.data() : nullptr, n, a_v.data(), c0, c1,
                           {v.data(), v.data() + n, v.data() + 2 * n});
    ASSERT_EQ(a_s, a_v) << "in " << in;
    ASSERT_EQ(s, v) << "in " << in << " cols " << c0 << ".." << c1;
  }
}

TEST_F(AdmRows, Dwt123MatchesScalar) {
  for (int iter = 0; iter < 400; ++iter) {
    const DwtRounding& rd = kDwtS123[rng_() % 3];
    const int in = 3 + static_cast<int>(rng_() % 120);
    const int n = (in + 1) / 2;
    const std::int64_t range = rng_() % 2 ? 40000 : 2147483647;
    std::vector<std::vector<std::int32_t>> rows;
    for (int t = 0; t < 4; ++t) rows.push_back(random_row<std::int32_t>(rng_, in, -range - 1, range));
    const std::int32_t* src[4] = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data()};
    std::vector<std::int32_t> lo_s(in + 3), hi_s(in + 3), lo_v(in + 3), hi_v(in + 3);
    scalar_k().dwt123_vertical(src, in, rd.v_add, rd.v_shift, lo_s.data() + 1, hi_s.data() + 1);
    avx2_->dwt123_vertical(src, in, rd.v_add, rd.v_shift, lo_v.data() + 1, hi_v.data() + 1);
    ASSERT_EQ(lo_s, lo_v);
    ASSERT_EQ(hi_s, hi_v);
    for (auto* r : {&lo_s, &hi_s}) {
      (*r)[0] = (*r)[2];
      (*r)[in + 1] = (*r)[in];
      (*r)[in + 2] = (*r)[in - 1];
    }
    const int c0 = static_cast<int>(rng_() % n);
    const int c1 = c0 + static_cast<int>(rng_() % (n - c0 + 1));
    std::vector<std::int32_t> a_s(n), a_v(n), s(3 * n, 7), v(3 * n, 7);
    scalar_k().dwt123_horizontal(lo_s.data(), hi_s.data(), n, a_s.data(), c0, c1, rd.h_add, rd.h_shift,
                                 {s.data(), s.data() + n, s.data() + 2 * n});
    avx2_->dwt123_horizontal(lo_s.data(), hi_s.data(), n, a_v.data(), c0, c1, rd.h_add, rd.h_shift,
                             {v.data(), v.data() + n, v.data() + 2 * n});
    ASSERT_EQ(a_s, a_v);
    ASSERT_EQ(s, v);
  }
}

// Storage for one MaskRow of width n.
struct MaskBuf {
  explicit MaskBuf(int n) : data(static_cast<std::size_t>(n) * 10, -99) {
    std::int32_t* d = data.data();
    row = {d, d + n, d + 2 * n, d + 3 * n, {d + 4 * n, d + 5 * n, d + 6 * n}, {d + 7 * n, d + 8 * n, d + 9 * n}};
  }
  std::vector<std::int32_t> data;
  MaskRow row;
};

DecoupleParams random_decouple_params(std::mt19937& rng, bool scale0) {
  DecoupleParams p;
  for (auto& w : p.i_rfactor)
    w = scale0 ? static_cast<std::uint32_t>(rng() % 65536) : (rng() % 3 == 0 ? static_cast<std::uint32_t>(rng()) : rng() % 200000000u);
  p.gain_limit = std::vector<double>{1.0, 1.2, 1.7, 37.3, 100.0}[rng() % 5];
  p.cos_sq = common::cos_1deg_sq();
  p.div_lookup = div_lookup();
  p.aim = rng() % 4 != 0;
  return p;
}

// Distorted bands that often lie close to the reference direction, so the angle test
// and the enhancement are exercised, plus unrelated ones.
template <typename T>
std::vector<T> distorted(std::mt19937& rng, const std::vector<T>& o, std::int64_t lo, std::int64_t hi) {
  std::vector<T> t(o.size());
  for (std::size_t i = 0; i < o.size(); ++i) {
    if (rng() % 2) {
      const double f = std::uniform_real_distribution<double>(-0.2, 1.6)(rng);
      const double v = o[i] * f + std::uniform_int_distribution<int>(-3, 3)(rng);
      t[i] = static_cast<T>(std::clamp<double>(v, static_cast<double>(lo), static_cast<double>(hi)));
    } else {
      t[i] = draw<T>(rng, lo, hi);
    }
  }
  return t;
}

TEST_F(AdmRows, Decouple0MatchesScalar) {
  for (int iter = 0; iter < 600; ++iter) {
    const int n = 1 + static_cast<int>(rng_() % 80);
    const std::int64_t range = rng_() % 2 ? 300 : 32767;
    std::vector<std::vector<std::int16_t>> o, t;
    for (int b = 0; b < 3; ++b) {
      o.push_back(random_row<std::int16_t>(rng_, n, -range - 1, range));
      t.push_back(distorted(rng_, o.back(), -range - 1, range));
    }
    const DecoupleParams p = random_decouple_params(rng_, true);
    const int c0 = static_cast<int>(rng_() % n);
    const int c1 = c0 + static_cast<int>(rng_() % (n - c0 + 1));
    MaskBuf s(n), v(n);
    const BandRow<const std::int16_t> ob = {o[0].data(), o[1].data(), o[2].data()};
    const BandRow<const std::int16_t> tb = {t[0].data(), t[1].data(), t[2].data()};
    scalar_k().decouple0(ob, tb, c0, c1, p, s.row);
    avx2_->decouple0(ob, tb, c0, c1, p, v.row);
    ASSERT_EQ(s.data, v.data) << "iteration " << iter;
  }
}

TEST_F(AdmRows, Decouple123MatchesScalar) {
  for (int iter = 0; iter < 600; ++iter) {
    const int n = 1 + static_cast<int>(rng_() % 80);
    const std::int64_t range = std::vector<std::int64_t>{300, 40000, 80000000, 2147483647}[rng_() % 4];
    std::vector<std::vector<std::int32_t>> o, t;
    for (int b = 0; b < 3; ++b) {
      o.push_back(random_row<std::int32_t>(rng_, n, -range - 1, range));
      t.push_back(distorted(rng_, o.back(), -range - 1, range));
    }
    const DecoupleParams p = random_decouple_params(rng_, false);
    const int c0 = static_cast<int>(rng_() % n);
    const int c1 = c0 + static_cast<int>(rng_() % (n - c0 + 1));
    MaskBuf s(n), v(n);
    const BandRow<const std::int32_t> ob = {o[0].data(), o[1].data(), o[2].data()};
    const BandRow<const std::int32_t> tb = {t[0].data(), t[1].data(), t[2].data()};
    scalar_k().decouple123(ob, tb, c0, c1, p, s.row);
    avx2_->decouple123(ob, tb, c0, c1, p, v.row);
    ASSERT_EQ(s.data, v.data) << "iteration " << iter << " range " << range;
  }
}

TEST_F(AdmRows, MeasureMatchesScalar) {
  for (int iter = 0; iter < 600; ++iter) {
    const int w = 2 + static_cast<int>(rng_() % 90);
    const std::int64_t range = std::vector<std::int64_t>{60, 40000, 2147483647}[rng_() % 3];
    std::vector<std::vector<std::int32_t>> rows;
    for (int k = 0; k < 7; ++k) rows.push_back(random_row<std::int32_t>(rng_, w, -range - 1, range));
    const MeasureRow m = {rows[0].data(), rows[1].data(), rows[2].data(), rows[3].data(),
                          {rows[4].data(), rows[5].data(), rows[6].data()}};
    CubeRounding r[3];
    const bool scale0 = rng_() % 2;
    for (int b = 0; b < 3; ++b) {
      const std::uint32_t shift = static_cast<std::uint32_t>(rng_() % 14);
      const std::uint32_t add = shift ? 1u << (shift - 1) : 0u;
      r[b] = scale0 ? cube_rounding0(b, shift, add) : cube_rounding123(shift, add);
    }
    const int c0 = static_cast<int>(rng_() % w);
    const int c1 = c0 + static_cast<int>(rng_() % (w - c0 + 1));
    std::int64_t s[3] = {1, 2, 3}, v[3] = {1, 2, 3};
    scalar_k().measure(m, c0, c1, w, r, s);
    avx2_->measure(m, c0, c1, w, r, v);
    for (int b = 0; b < 3; ++b) ASSERT_EQ(s[b], v[b]) << "w " << w << " cols " << c0 << ".." << c1;
  }
}

TEST_F(AdmRows, DenMatchesScalar) {
  for (int iter = 0; iter < 300; ++iter) {
    const int n = 1 + static_cast<int>(rng_() % 80);
    const int c0 = static_cast<int>(rng_() % n);
    const int c1 = c0 + static_cast<int>(rng_() % (n - c0 + 1));
    std::vector<std::vector<std::int16_t>> o16;
    std::vector<std::vector<std::int32_t>> o32;
    for (int b = 0; b < 3; ++b) {
      o16.push_back(random_row<std::int16_t>(rng_, n, -32768, 32767));
      o32.push_back(random_row<std::int32_t>(rng_, n, -2147483648LL, 2147483647));
    }
    std::uint64_t s[3] = {5, 6, 7}, v[3] = {5, 6, 7};
    scalar_k().den0({o16[0].data(), o16[1].data(), o16[2].data()}, c0, c1, s);
    avx2_->den0({o16[0].data(), o16[1].data(), o16[2].data()}, c0, c1, v);
    for (int b = 0; b < 3; ++b) ASSERT_EQ(s[b], v[b]);
    const int scale = 1 + static_cast<int>(rng_() % 3);
    const std::uint32_t shift = 1 + static_cast<std::uint32_t>(rng_() % 12);
    scalar_k().den123({o32[0].data(), o32[1].data(), o32[2].data()}, c0, c1, scale, 1u << (shift - 1), shift, s);
    avx2_->den123({o32[0].data(), o32[1].data(), o32[2].data()}, c0, c1, scale, 1u << (shift - 1), shift, v);
    for (int b = 0; b < 3; ++b) ASSERT_EQ(s[b], v[b]);
  }
}

// A random plane with smooth areas, edges and noise.
Picture random_picture(std::mt19937& rng, unsigned w, unsigned h, unsigned bpc) {
  Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  const double fx = std::uniform_real_distribution<double>(0.01, 0.3)(rng);
  const double fy = std::uniform_real_distribution<double>(0.01, 0.3)(rng);
  const unsigned noise = std::uniform_int_distribution<unsigned>(0, max / 8)(rng) + 1;
  const Plane& y = pic.plane(0);
  for (unsigned r = 0; r < h; ++r) {
    for (unsigned c = 0; c < w; ++c) {
      double v = 0.5 + 0.35 * std::sin(fx * c) * std::cos(fy * r) + ((c / 7 + r / 5) % 3 == 0 ? 0.1 : 0.0);
      unsigned s = static_cast<unsigned>(std::clamp(v, 0.0, 1.0) * max);
      s = std::min(max, s + static_cast<unsigned>(rng() % noise));
      if (bpc == 8)
        y.row<std::uint8_t>(r)[c] = static_cast<std::uint8_t>(s);
      else
        y.row<std::uint16_t>(r)[c] = static_cast<std::uint16_t>(s);
    }
  }
  return pic;
}

Picture distort(std::mt19937& rng, const Picture& ref) {
  Picture d = Picture::allocate(ref.format(), ref.bpc(), ref.width(), ref.height());
  const unsigned max = (1u << ref.bpc()) - 1;
  const int blur = static_cast<int>(rng() % 3);
  const int noise = static_cast<int>(rng() % 9);
  const Plane& in = ref.plane(0);
  const Plane& out = d.plane(0);
  auto at = [&](unsigned r, unsigned c) -> int {
    return ref.bpc() == 8 ? in.row<std::uint8_t>(r)[c] : in.row<std::uint16_t>(r)[c];
  };
  for (unsigned r = 0; r < ref.height(); ++r) {
    for (unsigned c = 0; c < ref.width(); ++c) {
      int v = at(r, c);
      if (blur && c + 1 < ref.width()) v = (v * blur + at(r, c + 1)) / (blur + 1);
      v += noise ? static_cast<int>(rng() % (2 * noise + 1)) - noise : 0;
      v = std::clamp(v, 0, static_cast<int>(max));
      if (ref.bpc() == 8)
        out.row<std::uint8_t>(r)[c] = static_cast<std::uint8_t>(v);
      else
        out.row<std::uint16_t>(r)[c] = static_cast<std::uint16_t>(v);
    }
  }
  return d;
}

TEST(AdmCpu, SimdAndScalarPipelinesGiveTheSameTotals) {
  if (!avx2_row_kernels()) GTEST_SKIP() << "no AVX2 on this CPU";
  std::mt19937 rng(777);
  const unsigned sizes[][2] = {{17, 17}, {32, 32}, {17, 40}, {45, 19}, {64, 48}, {853, 480}, {121, 67}, {200, 33}};
  for (const auto& sz : sizes) {
    for (unsigned bpc : {8u, 10u, 12u, 16u}) {
      AdmConfig cfg;
      if (rng() % 2) cfg.enhn_gain_limit = 1.2;
      if (rng() % 3 == 0) cfg.csf_mode = CsfMode::Barten;
      cfg.skip_aim = rng() % 5 == 0;
      const Picture ref = random_picture(rng, sz[0], sz[1], bpc);
      const Picture dis = distort(rng, ref);
      AdmCpu scalar(cfg, sz[0], sz[1], bpc, false), simd(cfg, sz[0], sz[1], bpc, true);
      ScaleSums a[kScales], b[kScales];
      scalar.compute(ref.plane(0), dis.plane(0), a);
      simd.compute(ref.plane(0), dis.plane(0), b);
      for (int s = 0; s < kScales; ++s) {
        for (int k = 0; k < 3; ++k) {
          EXPECT_EQ(a[s].dlm[k], b[s].dlm[k]) << sz[0] << "x" << sz[1] << " bpc " << bpc << " scale " << s;
          EXPECT_EQ(a[s].aim[k], b[s].aim[k]) << sz[0] << "x" << sz[1] << " bpc " << bpc << " scale " << s;
          EXPECT_EQ(a[s].den[k], b[s].den[k]) << sz[0] << "x" << sz[1] << " bpc " << bpc << " scale " << s;
        }
        EXPECT_NE(a[s].den[0] + a[s].den[1] + a[s].den[2], 0u) << "a textured picture has CSF energy";
      }
    }
  }
}

}  // namespace
}  // namespace fastvmaf::adm
