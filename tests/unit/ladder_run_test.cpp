// The encoding ladder's engine side (engine/ladder_run.hpp): every encode's Result equals
// its single pair's (run_sources), value for value, with motion's SAD computed by one run
// and taken by the others (core/reference_memo.hpp), and the memo's own rules: computed
// once for every caller, computed again once forgotten or after a failure.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/reference_memo.hpp"
#include "engine/ladder_run.hpp"
#include "engine/source_run.hpp"
#include "fastvmaf/engine.hpp"
#include "io/video_source.hpp"

namespace fs = std::filesystem;

namespace fastvmaf {
namespace {

TEST(ReferenceMemo, ComputedOnceForEveryCaller) {
  ReferenceMemo memo;
  std::atomic<int> calls{0};
  std::vector<std::thread> threads;
  std::vector<std::uint64_t> got(8);
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      got[t] = memo.once("k", 3, [&] {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return std::uint64_t{42};
      });
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(calls.load(), 1);
  for (auto v : got) EXPECT_EQ(v, 42u);
  EXPECT_EQ(memo.computed(), 1u);
  EXPECT_EQ(memo.shared(), 7u);
  // Another key or another frame is another value.
  EXPECT_EQ(memo.once("other", 3, [] { return std::uint64_t{1}; }), 1u);
  EXPECT_EQ(memo.once("k", 4, [] { return std::uint64_t{2}; }), 2u);
  EXPECT_EQ(memo.computed(), 3u);
}

TEST(ReferenceMemo, ForgottenOrFailedIsComputedAgain) {
  ReferenceMemo memo;
  EXPECT_EQ(memo.once("k", 1, [] { return std::uint64_t{5}; }), 5u);
  EXPECT_EQ(memo.once("k", 2, [] { return std::uint64_t{6}; }), 6u);
  memo.forget_below(2);
  EXPECT_EQ(memo.once("k", 1, [] { return std::uint64_t{7}; }), 7u);  // frame 1 forgotten
  EXPECT_EQ(memo.once("k", 2, [] { return std::uint64_t{8}; }), 6u);  // frame 2 kept
  EXPECT_THROW(memo.once("f", 1, []() -> std::uint64_t { throw std::runtime_error("x"); }), std::runtime_error);
  EXPECT_EQ(memo.once("f", 1, [] { return std::uint64_t{9}; }), 9u);
}

class LadderRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_ladder_run_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // An 8-bit 4:2:0 y4m of smooth noise (seeded) that moves from frame to frame.
  std::string video(const std::string& name, unsigned frames, unsigned seed) {
    const std::string p = (dir_ / name).string();
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W" << kW << " H" << kH << " F25:1 Ip C420\n";
    std::mt19937 rng(seed);
    std::string bytes(kW * kH * 3 / 2, '\0');
    for (unsigned k = 0; k < frames; ++k) {
      for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 7 + k * 13 + rng() % 32) & 0xff);
      f << "FRAME\n" << bytes;
    }
    return p;
  }

  static void expect_same(const Result& a, const Result& b) {
    ASSERT_EQ(a.series.size(), b.series.size());
    for (std::size_t s = 0; s < a.series.size(); ++s) {
      SCOPED_TRACE(a.series[s].name);
      EXPECT_EQ(a.series[s].name, b.series[s].name);
      ASSERT_EQ(a.series[s].values.size(), b.series[s].values.size());
      EXPECT_EQ(0, std::memcmp(a.series[s].values.data(), b.series[s].values.data(),
                               a.series[s].values.size() * sizeof(double)));
      EXPECT_EQ(a.series[s].written, b.series[s].written);
    }
    ASSERT_EQ(a.models.size(), b.models.size());
    for (std::size_t m = 0; m < a.models.size(); ++m) EXPECT_EQ(0, std::memcmp(&a.models[m].mean, &b.models[m].mean, 8));
  }

  static constexpr unsigned kW = 64, kH = 48;
  fs::path dir_;
};

TEST_F(LadderRunTest, EachEncodeEqualsItsPairAndMotionIsComputedOnce) {
  for (const bool five : {false, true}) {
    SCOPED_TRACE(five ? "five-frame window" : "three-frame window");
    EngineOptions o;
    o.no_prediction = true;
    o.threads = 2;
    o.features.push_back({"motion", {{"motion_five_frame_window", five ? "true" : "false"}}});
    o.features.push_back({"psnr", {}});
    const Engine engine(o);
    const std::string ref = video("ref.y4m", 6, 1);
    const std::vector<std::string> dis{video("a.y4m", 6, 2), video("b.y4m", 6, 3), video("c.y4m", 4, 4)};
    auto r = io::open_y4m(ref);
    std::vector<std::unique_ptr<io::VideoSource>> d;
    std::vector<LadderEncode> encodes;
    for (const auto& p : dis) {
      d.push_back(io::open_y4m(p));
      encodes.push_back({d.back().get(), {}});
    }
    LadderStats stats;
    const auto out = run_ladder_sources(engine, *r, encodes, {}, 1, {}, &stats);
    ASSERT_EQ(out.size(), 3u);
    for (std::size_t k = 0; k < dis.size(); ++k) {
      SCOPED_TRACE(dis[k]);
      ASSERT_TRUE(out[k].result.has_value());
      auto r1 = io::open_y4m(ref);
      auto d1 = io::open_y4m(dis[k]);
      expect_same(*out[k].result, run_sources(engine, *r1, *d1, {}));
    }
    // Motion's SAD of frames 1..5 (2..5 with the five-frame window) asked by the two
    // 6-frame encodes and of frames 1..3 (2..3) by the 4-frame one: computed once a frame,
    // every other ask taken.
    const unsigned first = five ? 2 : 1;
    const unsigned asked = 2 * (6 - first) + (4 - first);
    EXPECT_EQ(stats.reference_values_computed, 6u - first);
    EXPECT_EQ(stats.reference_values_shared, asked - (6u - first));
  }
}

TEST_F(LadderRunTest, OneEncodeSharesNothing) {
  EngineOptions o;
  o.no_prediction = true;
  o.features.push_back({"motion", {}});
  const Engine engine(o);
  auto r = io::open_y4m(video("ref.y4m", 3, 5));
  auto d = io::open_y4m(video("d.y4m", 3, 6));
  LadderStats stats;
  const auto out = run_ladder_sources(engine, *r, {{d.get(), {}}}, {}, 0, {}, &stats);
  ASSERT_TRUE(out[0].result.has_value());
  EXPECT_EQ(stats.reference_values_computed, 0u);
  EXPECT_EQ(stats.reference_values_shared, 0u);
}

}  // namespace
}  // namespace fastvmaf
