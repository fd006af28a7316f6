// Bands of a frame (core/parallel.hpp): every extractor that cuts its frames into bands
// gives the same values whether the bands run in order, in reverse order or not at all
// as separate bands, with the C or the SIMD entries (core/cpu.hpp), on frames tall
// enough for several bands (kBandedFrameRows).
#include <gtest/gtest.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "core/cpu.hpp"
#include "extractor_values.hpp"

namespace fastvmaf {
namespace {

// Every value the extractor collects over three frames (bit patterns), each frame's
// noise from its own seed.
test::ValueBits run(const std::string& name, unsigned w, unsigned h, unsigned bpc, const ParallelFor* parallel) {
  EXPECT_NE(Registry::instance().factory(name, Backend::Cpu), nullptr) << name;
  std::vector<Picture> refs, diss;
  for (unsigned k = 0; k < 3; ++k) {
    std::mt19937 ref_rng(11 * k + 1), dis_rng(11 * k + 5);
    refs.push_back(test::textured_frame(ref_rng, w, h, bpc, 2 * k));
    diss.push_back(test::textured_frame(dis_rng, w, h, bpc, 2 * k + 1));
  }
  return test::collect_value_bits(name, refs, diss, parallel);
}

class Bands : public ::testing::TestWithParam<const char*> {};

TEST_P(Bands, ValuesDoNotDependOnBandsOrTheirOrder) {
  const std::string name = GetParam();
  const test::ReversedBands reversed;
  for (auto [w, h, bpc] : {std::array{400u, 800u, 8u}, {240u, 1080u, 10u}}) {
    test::ValueBits want;
    {
      cpu::ScopedFlags c(0);
      want = run(name, w, h, bpc, nullptr);
    }
    ASSERT_FALSE(want.empty()) << name;
    EXPECT_EQ(run(name, w, h, bpc, nullptr), want) << name << " " << w << "x" << h << " SIMD";
    EXPECT_EQ(run(name, w, h, bpc, &reversed), want) << name << " " << w << "x" << h << " SIMD, bands reversed";
    cpu::ScopedFlags c(0);
    EXPECT_EQ(run(name, w, h, bpc, &reversed), want) << name << " " << w << "x" << h << " C, bands reversed";
  }
}

INSTANTIATE_TEST_SUITE_P(Extractors, Bands,
                         ::testing::Values("psnr", "motion", "vif", "adm", "cambi", "speed_chroma", "speed_temporal"));

}  // namespace
}  // namespace fastvmaf
