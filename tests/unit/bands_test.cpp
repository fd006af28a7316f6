// Bands of a frame (core/parallel.hpp): every extractor that cuts its frames into bands
// gives the same values whether the bands run in order, in reverse order or not at all
// as separate bands, with the C or the SIMD entries (core/cpu.hpp), on frames tall
// enough for several bands (kBandedFrameRows).
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/cpu.hpp"
#include "core/parallel.hpp"
#include "core/registry.hpp"

namespace fastvmaf {
namespace {

class Reversed final : public ParallelFor {
 public:
  void run(unsigned n, const std::function<void(unsigned)>& body) const override {
    for (unsigned i = n; i-- > 0;) body(i);
  }
};

// Textured frames with motion and noise, so that every path of every feature runs.
Picture frame(unsigned w, unsigned h, unsigned bpc, unsigned seed, unsigned shift) {
  Picture p = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
  std::mt19937 rng(seed);
  const unsigned max = (1u << bpc) - 1;
  for (int c = 0; c < 3; ++c) {
    const Plane& pl = p.plane(c);
    for (unsigned i = 0; i < pl.height; ++i)
      for (unsigned j = 0; j < pl.width; ++j) {
        unsigned v = ((i * 7 + (j + shift) * 3) / 5 + ((i / 9 + j / 13) % 3) * 40) % 220 + (rng() % 6);
        v = std::min(max, v << (bpc - 8));
        if (bpc == 8)
          pl.row<std::uint8_t>(i)[j] = static_cast<std::uint8_t>(v);
        else
          pl.row<std::uint16_t>(i)[j] = static_cast<std::uint16_t>(v);
      }
  }
  return p;
}

// Every value the extractor collects over three frames (bit patterns).
std::map<std::string, std::vector<std::uint64_t>> run(const std::string& name, unsigned w, unsigned h, unsigned bpc,
                                                      const ParallelFor* parallel) {
  const ExtractorInfo* info = Registry::instance().by_name(name);
  const ExtractorFactory* factory = Registry::instance().factory(name, Backend::Cpu);
  EXPECT_NE(factory, nullptr) << name;
  auto e = (*factory)(OptionSet(name, info->options, OptionDict{}));
  e->init({w, h, PixelFormat::YUV420, bpc});
  std::vector<Picture> refs, diss;
  for (unsigned k = 0; k < 3; ++k) {
    refs.push_back(frame(w, h, bpc, 11 * k + 1, 2 * k));
    diss.push_back(frame(w, h, bpc, 11 * k + 5, 2 * k + 1));
  }
  RecordingSink sink;
  for (unsigned k = 0; k < 3; ++k) {
    FrameInput in;
    in.index = k;
    in.ref = &refs[k];
    in.dis = &diss[k];
    in.prev_ref = k > 0 ? &refs[k - 1] : nullptr;
    in.prev_prev_ref = k > 1 ? &refs[k - 2] : nullptr;
    in.parallel = parallel;
    e->submit(in);
    e->collect(k, sink);
  }
  std::map<std::string, std::vector<std::uint64_t>> out;
  for (const auto& entry : sink.entries()) {
    std::uint64_t bits;
    std::memcpy(&bits, &entry.value, sizeof bits);
    out[entry.name].push_back(bits);
  }
  return out;
}

class Bands : public ::testing::TestWithParam<const char*> {};

TEST_P(Bands, ValuesDoNotDependOnBandsOrTheirOrder) {
  const std::string name = GetParam();
  const Reversed reversed;
  for (auto [w, h, bpc] : {std::array{400u, 800u, 8u}, {240u, 1080u, 10u}}) {
    std::map<std::string, std::vector<std::uint64_t>> want;
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
