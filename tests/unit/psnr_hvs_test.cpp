// PSNR-HVS: Daala's integer DCT against a float DCT-II, the tables, block and plane
// edge cases (no whole block: NaN; equal planes: +inf dB), the bit-depth refusal, the
// output names, and the SIMD level's scores against the C entries'.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <map>
#include <numbers>
#include <random>
#include <string>
#include <vector>

#include "core/cpu.hpp"
#include "features/psnr_hvs/psnr_hvs.hpp"
#include "features/psnr_hvs/psnr_hvs_math.hpp"
#include "features/psnr_hvs/psnr_hvs_options.hpp"
#include "features/psnr_hvs/psnr_hvs_params.hpp"
#include "value_sink.hpp"

namespace fastvmaf::psnr_hvs {
namespace {

// The orthonormal 2-D DCT-II, which Daala's lifting approximates in integers.
double dct_ii(const std::int32_t x[64], int u, int v) {
  double sum = 0;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      sum += x[i * 8 + j] * std::cos((2 * i + 1) * u * std::numbers::pi / 16) *
             std::cos((2 * j + 1) * v * std::numbers::pi / 16);
  const double cu = u == 0 ? std::sqrt(0.125) : 0.5, cv = v == 0 ? std::sqrt(0.125) : 0.5;
  return cu * cv * sum;
}

// The lifting's roundings leave a few units of error whatever the magnitude (at most
// 4.7 here for 8 to 12 bits); a wrong constant or step would grow with the samples.
TEST(PsnrHvsMath, IntegerDctFollowsTheDctII) {
  std::mt19937 rng(5);
  for (int max : {255, 1023, 4095}) {
    std::uniform_int_distribution<int> d(0, max);
    for (int n = 0; n < 200; ++n) {
      std::int32_t x[64], y[64];
      for (int i = 0; i < 64; ++i) x[i] = y[i] = d(rng);
      fdct8x8(y);
      for (int u = 0; u < 8; ++u)
        for (int v = 0; v < 8; ++v) ASSERT_NEAR(y[u * 8 + v], dct_ii(x, u, v), 6.0) << u << "," << v;
    }
  }
}

TEST(PsnrHvsMath, UnbiasedShiftRoundsTowardZero) {
  EXPECT_EQ(unbiased_rshift(5, 1), 2);
  EXPECT_EQ(unbiased_rshift(-5, 1), -2);
  EXPECT_EQ(unbiased_rshift(-4, 1), -2);
  EXPECT_EQ(unbiased_rshift(-1, 1), 0);
}

// mask_strength is libvmaf's (float)(sqrt((double)x) / 32.f) computed in float (the GPU
// twin's kernels have no fp64). The argument holds for every float x >= 0; checked on
// every float of the binades at the ends of the range and around 1 (subnormals included),
// +inf, and every 29th float of the rest (all 2^31 took 10 s of CPU here, too long for
// the sanitizer runs).
TEST(PsnrHvsMath, MaskStrengthEqualsTheDoubleSquareRoot) {
  std::uint32_t differ = 0, first = 0, checked = 0;
  auto check = [&](std::uint32_t b) {
    const float x = std::bit_cast<float>(b);
    const float want = static_cast<float>(std::sqrt(static_cast<double>(x)) / 32.f);
    if (std::bit_cast<std::uint32_t>(mask_strength(x)) != std::bit_cast<std::uint32_t>(want) && differ++ == 0) first = b;
    ++checked;
  };
  for (std::uint32_t e : {0u, 1u, 2u, 125u, 126u, 127u, 128u, 252u, 253u, 254u})
    for (std::uint32_t m = 0; m < (1u << 23); ++m) check(e << 23 | m);
  check(0x7f800000u);
  for (std::uint32_t b = 0; b < 0x7f800000u; b += 29) check(b);
  EXPECT_EQ(differ, 0u) << "first at bits 0x" << std::hex << first << " of " << std::dec << checked;
}

TEST(PsnrHvsParams, MaskIsTheScaledCsfSquared) {
  for (int p = 0; p < 3; ++p) {
    const PlaneTables& t = plane_tables(p);
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) {
        const double m = t.csf[i][j] * 0.3885746225901003;
        EXPECT_EQ(t.mask[i][j], static_cast<float>(m * m));
      }
  }
  EXPECT_NE(plane_tables(1).csf[0][0], plane_tables(2).csf[0][0]);  // Cb and Cr differ
  const double s[3] = {1e-4, 2e-4, 4e-4};
  EXPECT_EQ(combine(s), 1e-4 * .8 + .1 * (2e-4 + 4e-4));
  EXPECT_NEAR(to_db(1e-4), 40.0, 1e-12);
}

Plane plane_of(std::vector<std::uint16_t>& buf, unsigned w, unsigned h) {
  Plane p;
  p.data = reinterpret_cast<std::uint8_t*>(buf.data());
  p.stride = static_cast<std::ptrdiff_t>(w * sizeof(std::uint16_t));
  p.width = w;
  p.height = h;
  return p;
}

Plane plane_of8(std::vector<std::uint8_t>& buf, unsigned w, unsigned h) {
  Plane p;
  p.data = buf.data();
  p.stride = static_cast<std::ptrdiff_t>(w);
  p.width = w;
  p.height = h;
  return p;
}

TEST(PsnrHvs, PlaneEdgeCases) {
  std::vector<std::uint16_t> a(40 * 7, 100), b(40 * 7, 90);
  // Fewer than 8 rows: no block, 0/0 as in libvmaf.
  EXPECT_TRUE(std::isnan(plane_score(plane_of(a, 40, 7), plane_of(b, 40, 7), 10, 0)));
  std::vector<std::uint16_t> c(40 * 30), d(40 * 30);
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = d[i] = static_cast<std::uint16_t>((i * 37) % 1000);
  EXPECT_EQ(plane_score(plane_of(c, 40, 30), plane_of(d, 40, 30), 10, 0), 0.0);
  EXPECT_TRUE(std::isinf(to_db(0.0)));
  d[5 * 40 + 5] += 40;
  const double one = plane_score(plane_of(c, 40, 30), plane_of(d, 40, 30), 10, 0);
  EXPECT_GT(one, 0.0);
  d[20 * 40 + 30] += 40;
  EXPECT_GT(plane_score(plane_of(c, 40, 30), plane_of(d, 40, 30), 10, 0), one);
}

// Whole planes under this CPU's level (core/cpu.hpp) give the C entries' scores: widths
// that leave whole groups, partial groups and single blocks, at 8, 10 and 12 bits. Each
// entry alone is checked by tests/dsp.
TEST(PsnrHvsLevels, PlaneScoresEqualTheCEntries) {
  if (cpu::level_of(cpu::active()) == cpu::Level::C) GTEST_SKIP() << "no SIMD level on this CPU";
  const Dsp c = make_dsp(0), best = make_dsp(cpu::active());
  std::mt19937 rng(9);
  for (unsigned w : {8u, 57u, 63u, 64u, 121u, 200u, 241u})
    for (unsigned bpc : {8u, 10u, 12u}) {
      std::vector<std::uint16_t> a(w * 40), b(w * 40);
      std::uniform_int_distribution<int> d(0, (1 << bpc) - 1);
      for (std::size_t i = 0; i < a.size(); ++i) {
        a[i] = static_cast<std::uint16_t>((i * 13) % (1u << bpc));
        b[i] = static_cast<std::uint16_t>(i % 5 ? a[i] : d(rng));
      }
      std::vector<std::uint8_t> a8(a.begin(), a.end()), b8(b.begin(), b.end());
      const Plane pa = bpc == 8 ? plane_of8(a8, w, 40) : plane_of(a, w, 40);
      const Plane pb = bpc == 8 ? plane_of8(b8, w, 40) : plane_of(b, w, 40);
      for (int plane = 0; plane < 3; ++plane) {
        const double x = plane_score(pa, pb, bpc, plane, c);
        const double y = plane_score(pa, pb, bpc, plane, best);
        EXPECT_EQ(std::memcmp(&x, &y, sizeof x), 0) << w << " " << bpc << "-bit: " << x << " vs " << y;
      }
    }
}

using Sink = ::fastvmaf::test::ValueSink;

TEST(PsnrHvs, RefusesMoreThan12BitsAndNamesItsOutputs) {
  const OptionSet none("psnr_hvs", &option_specs(), OptionDict{});
  for (unsigned bpc : {13u, 16u}) {
    PsnrHvsExtractor e(none);
    try {
      e.init({64, 48, PixelFormat::YUV420, bpc});
      ADD_FAILURE() << bpc;
    } catch (const std::invalid_argument& ex) {
      EXPECT_NE(std::string(ex.what()).find("at most 12 bits"), std::string::npos) << ex.what();
    }
  }
  PsnrHvsExtractor e(none);
  e.init({64, 48, PixelFormat::YUV420, 12});
  Picture r = Picture::allocate(PixelFormat::YUV420, 12, 64, 48),
          d = Picture::allocate(PixelFormat::YUV420, 12, 64, 48);
  for (int p = 0; p < 3; ++p)
    for (unsigned y = 0; y < r.plane(p).height; ++y)
      for (unsigned x = 0; x < r.plane(p).width; ++x) {
        r.plane(p).row<std::uint16_t>(y)[x] = static_cast<std::uint16_t>((x * 50 + y * 30) % 4000);
        d.plane(p).row<std::uint16_t>(y)[x] = static_cast<std::uint16_t>((x * 50 + y * 30 + (x % 3) * 9) % 4000);
      }
  FrameInput in;
  in.ref = &r;
  in.dis = &d;
  e.submit(in);
  Sink s;
  e.collect(0, s);
  EXPECT_EQ(s.names, (std::vector<std::string>{"psnr_hvs_y", "psnr_hvs_cb", "psnr_hvs_cr", "psnr_hvs"}));
  double score[3];
  for (int p = 0; p < 3; ++p) {
    score[p] = plane_score(r.plane(p), d.plane(p), 12, p);
    EXPECT_EQ(s.values[s.names[p]], to_db(score[p]));
  }
  EXPECT_EQ(s.values["psnr_hvs"], to_db(combine(score)));
  EXPECT_GT(s.values["psnr_hvs_y"], 20.0);
}

}  // namespace
}  // namespace fastvmaf::psnr_hvs
