// CIEDE2000: libvmaf's chroma indexing for each format, the Lab conversion at known
// colours, the colour difference against hand-computed cases, the premise of the
// equal-pixel shortcut (equal colours differ by exactly +0), the Lab memo's values,
// and the bit-depth refusal.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

#include "features/ciede/ciede.hpp"
#include "features/ciede/ciede_math.hpp"
#include "features/ciede/ciede_options.hpp"

namespace fastvmaf::ciede {
namespace {

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(Ciede, ChromaIndexAsLibvmafReadsIt) {
  // 4:2:0: row and column halved.
  EXPECT_EQ(chroma_index(PixelFormat::YUV420, 5, 7, 32), 2u * 32 + 3);
  // 4:2:2: row halved, column as is (libvmaf's scale_chroma_planes).
  EXPECT_EQ(chroma_index(PixelFormat::YUV422, 5, 7, 32), 2u * 32 + 7);
  EXPECT_EQ(chroma_index(PixelFormat::YUV422, 1, 40, 32), 40u);  // runs into the next chroma row
  EXPECT_EQ(chroma_index(PixelFormat::YUV444, 5, 7, 32), 5u * 32 + 7);
}

TEST(Ciede, LabOfKnownColours) {
  // Limited-range white and black.
  const Lab white = lab_color(235, 128, 128, 8), black = lab_color(16, 128, 128, 8);
  EXPECT_NEAR(white.l, 100.0, 0.01);
  EXPECT_NEAR(white.a, 0.0, 0.05);
  EXPECT_NEAR(white.b, 0.0, 0.05);
  EXPECT_NEAR(black.l, 0.0, 1e-6);
  // The same colour at 10 bits is the same Lab.
  const Lab white10 = lab_color(235 * 4, 128 * 4, 128 * 4, 10);
  EXPECT_TRUE(same_bits(white.l, white10.l));
  // More Cr: redder (a up), darker than white.
  const Lab red = lab_color(63, 102, 240, 8);
  EXPECT_GT(red.a, 40.0);
  EXPECT_LT(red.l, 60.0);
}

TEST(Ciede, DifferencesOfHandComputedCases) {
  // Lightness only: |dL| / (kL S_L), kL = 0.65, S_L = 1 + 0.015 (L-50)^2 / sqrt(20 + (L-50)^2).
  const double s_l = 1 + 0.015 * 25 / std::sqrt(45.0);
  EXPECT_NEAR(ciede2000({50, 0, 0}, {60, 0, 0}), 10 / (0.65 * s_l), 1e-4);
  // Chroma only, along +a: a' = a (1 + G), G = 0.5 (1 - sqrt(C^7 / (C^7 + 25^7))),
  // C the mean chroma; dC' / S_C with S_C = 1 + 0.045 C'. The hue angles are equal.
  const double g = 0.5 * (1 - std::sqrt(std::pow(1.5, 7) / (std::pow(1.5, 7) + std::pow(25.0, 7))));
  const double a1 = 1.0 * (1 + g), a2 = 2.0 * (1 + g);
  EXPECT_NEAR(ciede2000({50, 1.0f, 0}, {50, 2.0f, 0}), (a2 - a1) / (1 + 0.045 * (a1 + a2) / 2), 1e-5);
}

TEST(Ciede, EqualColoursDifferByExactlyPositiveZero) {
  std::mt19937 rng(1);
  for (unsigned bpc : {8u, 10u, 12u, 16u}) {
    std::uniform_int_distribution<unsigned> d(0, (1u << bpc) - 1);
    for (int n = 0; n < 20000; ++n) {
      const Lab c = lab_color(d(rng), d(rng), d(rng), bpc);
      const float e = ciede2000(c, c);
      ASSERT_TRUE(same_bits(e, 0.0f)) << bpc << " " << c.l << " " << c.a << " " << c.b << " -> " << e;
    }
  }
}

TEST(Ciede, LabCacheReturnsLabColoursBits) {
  std::mt19937 rng(2);
  for (unsigned bpc : {8u, 10u, 16u}) {
    LabCache cache(bpc);
    std::uniform_int_distribution<unsigned> d(0, (1u << bpc) - 1);
    for (int n = 0; n < 50000; ++n) {
      // Few distinct values, so entries are hit, missed and replaced.
      const unsigned y = d(rng) % 64, u = d(rng) % 64, v = d(rng) % 64;
      const Lab a = cache.get(y, u, v), b = lab_color(y, u, v, bpc);
      ASSERT_TRUE(same_bits(a.l, b.l) && same_bits(a.a, b.a) && same_bits(a.b, b.b)) << y << " " << u << " " << v;
    }
  }
}

TEST(Ciede, DifferenceCacheReturnsCiede2000sBits) {
  std::mt19937 rng(4);
  for (unsigned bpc : {8u, 12u}) {
    LabCache labs(bpc);
    DifferenceCache diffs;
    std::uniform_int_distribution<unsigned> d(0, 15);
    for (int n = 0; n < 100000; ++n) {
      // 4096 triples, so pairs repeat, collide and are replaced.
      const std::uint64_t a = pack_triple(d(rng) << (bpc - 4), d(rng) << (bpc - 4), d(rng) << (bpc - 4));
      const std::uint64_t b = pack_triple(d(rng) << (bpc - 4), d(rng) << (bpc - 4), d(rng) << (bpc - 4));
      const auto lab = [&](std::uint64_t t) {
        return lab_color(static_cast<unsigned>(t & 0xffff), static_cast<unsigned>((t >> 16) & 0xffff),
                         static_cast<unsigned>(t >> 32), bpc);
      };
      const float want = ciede2000(lab(a), lab(b));
      ASSERT_TRUE(same_bits(diffs.get(a, b, labs), want)) << a << " " << b;
    }
  }
}

// ciede_math.hpp writes libvmaf's pow(25.0, 7.0) and powf(25.0f, 7.0f) as constants (its
// compiler folds them): they are the host libm's values.
TEST(Ciede, TheFoldedPowersAreLibmsValues) {
  double (*volatile pow_d)(double, double) = &::pow;
  float (*volatile pow_f)(float, float) = &::powf;
  EXPECT_EQ(std::bit_cast<std::uint64_t>(detail::kTwentyFive7), std::bit_cast<std::uint64_t>(pow_d(25.0, 7.0)));
  EXPECT_TRUE(same_bits(detail::kTwentyFive7f, pow_f(25.0f, 7.0f)));
}

TEST(Ciede, RefusesOtherDepths) {
  const OptionSet none("ciede", &option_specs(), OptionDict{});
  for (unsigned bpc : {9u, 11u, 14u}) {
    CiedeExtractor e(none);
    try {
      e.init({64, 48, PixelFormat::YUV420, bpc});
      ADD_FAILURE() << bpc;
    } catch (const std::invalid_argument& ex) {
      EXPECT_NE(std::string(ex.what()).find("bit depth " + std::to_string(bpc)), std::string::npos) << ex.what();
    }
  }
  CiedeExtractor e(none);
  EXPECT_NO_THROW(e.init({64, 48, PixelFormat::YUV422, 16}));
}

}  // namespace
}  // namespace fastvmaf::ciede
