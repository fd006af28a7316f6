// The encoding ladder's engine side (engine/ladder_run.hpp): every encode's Result equals
// its single pair's (run_sources), value for value, with motion's SAD, VIF's and ADM's
// reference parts and SpEED's chroma analyses computed by one run and taken by the others (core/reference_memo.hpp), and the
// memo's own rules: computed once for every caller, computed again once forgotten or after
// a failure, blocks dropped once every sharer had them and reused when dropped.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
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

TEST(ReferenceMemo, BlockComputedOnceAndDroppedAfterItsSharers) {
  ReferenceMemo memo;
  memo.set_sharers(3);
  std::atomic<int> calls{0};
  std::vector<std::thread> threads;
  std::vector<std::shared_ptr<const void>> got(3);
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([&, t] {
      got[t] = memo.once_block("b", 7, [&] {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return std::static_pointer_cast<const void>(std::make_shared<const int>(11));
      });
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(calls.load(), 1);
  for (const auto& b : got) {
    ASSERT_EQ(b, got[0]);
    EXPECT_EQ(*static_cast<const int*>(b.get()), 11);
  }
  // All three sharers had it: the memo no longer holds it (the callers still do).
  EXPECT_EQ(memo.blocks_held(), 0u);
  // A fourth ask computes it again.
  EXPECT_EQ(*static_cast<const int*>(
                memo.once_block("b", 7, [] { return std::static_pointer_cast<const void>(std::make_shared<const int>(12)); })
                    .get()),
            12);
  EXPECT_EQ(memo.blocks_held(), 1u);
  memo.forget_below(8);
  EXPECT_EQ(memo.blocks_held(), 0u);
  // Without sharers, blocks stay until forgotten.
  ReferenceMemo keep;
  for (int i = 0; i < 4; ++i)
    keep.once_block("b", 1, [] { return std::static_pointer_cast<const void>(std::make_shared<const int>(1)); });
  EXPECT_EQ(keep.blocks_held(), 1u);
  EXPECT_EQ(keep.computed(), 1u);
}

TEST(ReferenceMemo, ReusableBlocksComeBackWhenDropped) {
  ReferenceMemo memo;
  int made = 0;
  auto make = [&] {
    ++made;
    return std::make_unique<std::vector<int>>(4, 0);
  };
  std::vector<int>* first = nullptr;
  {
    auto a = memo.reusable<std::vector<int>>("k", make);
    first = a.get();
    (*a)[0] = 5;
    auto b = memo.reusable<std::vector<int>>("k", make);  // a is held: a new one
    EXPECT_NE(b.get(), first);
  }
  EXPECT_EQ(made, 2);
  auto c = memo.reusable<std::vector<int>>("k", make);  // a spare, as it was left
  EXPECT_EQ(made, 2);
  EXPECT_TRUE(c.get() == first ? (*c)[0] == 5 : (*c)[0] == 0);
  auto d = memo.reusable<std::vector<int>>("other", make);  // another key: its own
  EXPECT_EQ(made, 3);
}

class LadderRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_ladder_run_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // An 8-bit 4:2:0 y4m of smooth noise (seeded) that moves from frame to frame.
  std::string video(const std::string& name, unsigned frames, unsigned seed, unsigned height = kH,
                    unsigned width = kW) {
    const std::string p = (dir_ / name).string();
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W" << width << " H" << height << " F25:1 Ip C420\n";
    std::mt19937 rng(seed);
    std::string bytes(width * height * 3 / 2, '\0');
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

  // A 4:2:0 y4m of a smooth pattern (moving from frame to frame) plus noise, every plane:
  // SpEED finds no structure in the noise video() makes (its scores are 0 there).
  std::string smooth_video(const std::string& name, unsigned frames, unsigned seed, unsigned width, unsigned height) {
    const std::string p = (dir_ / name).string();
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W" << width << " H" << height << " F25:1 Ip C420\n";
    std::mt19937 rng(seed);
    for (unsigned k = 0; k < frames; ++k) {
      std::string bytes;
      for (int plane = 0; plane < 3; ++plane) {
        const unsigned w = plane ? width / 2 : width, h = plane ? height / 2 : height;
        for (unsigned y = 0; y < h; ++y)
          for (unsigned x = 0; x < w; ++x) {
            const double v = 128 + 50 * std::sin(x * 0.05 + k * 0.3 + seed) * std::cos(y * 0.04 - seed) +
                             static_cast<int>(rng() % 41) - 20;
            bytes.push_back(static_cast<char>(std::clamp(static_cast<int>(v), 0, 255)));
          }
      }
      f << "FRAME\n" << bytes;
    }
    return p;
  }

  // Scores `dis` against `ref` as one ladder (each encode's run sized for
  // `threads_per_encode`, 0: the engine's share), checks that every encode's Result equals
  // its single pair's, and returns what the encodes shared.
  static LadderStats ladder_equals_pairs(const Engine& engine, const std::string& ref,
                                         const std::vector<std::string>& dis, unsigned threads_per_encode = 1,
                                         const std::function<void(unsigned)>& progress = {}) {
    auto r = io::open_y4m(ref);
    std::vector<std::unique_ptr<io::VideoSource>> d;
    std::vector<LadderEncode> encodes;
    for (const auto& p : dis) {
      d.push_back(io::open_y4m(p));
      encodes.push_back({d.back().get(), {}});
    }
    LadderStats stats;
    const auto out = run_ladder_sources(engine, *r, encodes, {}, threads_per_encode, progress, &stats);
    EXPECT_EQ(out.size(), dis.size());
    for (std::size_t k = 0; k < out.size(); ++k) {
      SCOPED_TRACE(dis[k]);
      EXPECT_TRUE(out[k].result.has_value());
      if (!out[k].result) continue;
      auto r1 = io::open_y4m(ref);
      auto d1 = io::open_y4m(dis[k]);
      expect_same(*out[k].result, run_sources(engine, *r1, *d1, {}));
    }
    return stats;
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
    const LadderStats stats = ladder_equals_pairs(engine, ref, dis);
    // Motion's SAD of frames 1..5 (2..5 with the five-frame window) asked by the two
    // 6-frame encodes and of frames 1..3 (2..3) by the 4-frame one: computed once a frame,
    // every other ask taken.
    const unsigned first = five ? 2 : 1;
    const unsigned asked = 2 * (6 - first) + (4 - first);
    EXPECT_EQ(stats.reference_values_computed, 6u - first);
    EXPECT_EQ(stats.reference_values_shared, asked - (6u - first));
  }
}

// VIF's reference part (every scale's sigma1_sq and mean, the decimated reference) is
// computed by one run a frame and taken by the others; every value equals the single
// pair's, with scale 0 and without, 8-bit here (the goldens' ladder checks cover 10 and
// 12 bits: tests/golden/ladder.sh).
TEST_F(LadderRunTest, VifReferencePartIsComputedOnceAFrame) {
  for (const bool skip0 : {false, true}) {
    SCOPED_TRACE(skip0 ? "vif_skip_scale0" : "all scales");
    EngineOptions o;
    o.no_prediction = true;
    o.threads = 3;
    o.features.push_back({"vif", {{"debug", "true"}, {"vif_skip_scale0", skip0 ? "true" : "false"}}});
    const Engine engine(o);
    const std::string ref = video("vref.y4m", 5, 21);
    const std::vector<std::string> dis{video("va.y4m", 5, 22), video("vb.y4m", 5, 23), video("vc.y4m", 3, 24)};
    const LadderStats stats = ladder_equals_pairs(engine, ref, dis);
    // Frames 0..4 asked by the two 5-frame encodes, 0..2 by the 3-frame one: once a frame.
    EXPECT_EQ(stats.reference_values_computed, 5u);
    EXPECT_EQ(stats.reference_values_shared, 2u * 5 + 3 - 5);
  }
}

// ADM's reference part (every scale's transform and denominators) likewise, with AIM and
// without, scale 0 skipped or not. At 32 rows scale 3 reads libvmaf's phantom row, which
// comes from the distorted picture's decoupling too: there nothing is shared, and the
// values are still the single pair's.
TEST_F(LadderRunTest, AdmReferencePartIsComputedOnceAFrame) {
  for (const unsigned height : {kH, 32u}) {
    for (const char* opts : {"", "aim", "skip0"}) {
      SCOPED_TRACE(fmt::format("{} rows, {}", height, opts));
      EngineOptions o;
      o.no_prediction = true;
      o.threads = 3;
      o.features.push_back({"adm",
                            {{"debug", "true"},
                             {"adm_skip_aim", std::string(opts) == "aim" ? "false" : "true"},
                             {"adm_skip_scale0", std::string(opts) == "skip0" ? "true" : "false"}}});
      const Engine engine(o);
      const std::string ref = video("aref.y4m", 5, 31, height);
      const std::vector<std::string> dis{video("aa.y4m", 5, 32, height), video("ab.y4m", 5, 33, height),
                                         video("ac.y4m", 3, 34, height)};
      const LadderStats stats = ladder_equals_pairs(engine, ref, dis);
      const bool shared = height == kH;
      EXPECT_EQ(stats.reference_values_computed, shared ? 5u : 0u);
      EXPECT_EQ(stats.reference_values_shared, shared ? 2u * 5 + 3 - 5 : 0u);
    }
  }
}

// SpEED's chroma analyses of the reference (U and V) likewise (on 352x320 frames: SpEED
// needs chroma planes of 80 samples and some blocks to compare).
TEST_F(LadderRunTest, SpeedChromaReferenceAnalysesAreMadeOnceAFrame) {
  EngineOptions o;
  o.no_prediction = true;
  o.threads = 3;
  o.features.push_back({"speed_chroma", {}});
  const Engine engine(o);
  const std::string ref = smooth_video("sref.y4m", 4, 41, 352, 320);
  const std::vector<std::string> dis{smooth_video("sa.y4m", 4, 42, 352, 320), smooth_video("sb.y4m", 2, 43, 352, 320)};
  // The scores this test compares are not all 0 (where a wrong reference would go unseen).
  {
    auto r1 = io::open_y4m(ref);
    auto d1 = io::open_y4m(dis[0]);
    const Result single = run_sources(engine, *r1, *d1, {});
    ASSERT_FALSE(single.series.empty());
    EXPECT_NE(single.series[0].values[0], 0.0);
  }
  const LadderStats stats = ladder_equals_pairs(engine, ref, dis);
  EXPECT_EQ(stats.reference_values_computed, 4u);
  EXPECT_EQ(stats.reference_values_shared, 2u);
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

// The threads this process runs now (Linux: /proc/self/task).
unsigned process_threads() {
  unsigned n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/task")) ++n;
  return n;
}

// --threads bounds a ladder on the CPU as it bounds a single pair: six encodes with two
// threads run on one pool of two workers, beside the readers (one per file), where a pool
// per encode ran six. Every encode's values are still its single pair's.
TEST_F(LadderRunTest, OnTheCpuTheEncodesShareTheEngineThreads) {
  if (!fs::exists("/proc/self/task")) GTEST_SKIP() << "no /proc/self/task to count threads";
  EngineOptions o;
  o.no_prediction = true;
  o.threads = 2;
  o.features.push_back({"vif", {}});
  o.features.push_back({"motion", {}});
  const Engine engine(o);
  // Longer than a reader reads ahead (16 small frames), so that every reader is still
  // running when the first frames are handed out: the count is then the pass's whole.
  const std::string ref = video("tref.y4m", 40, 31);
  std::vector<std::string> dis;
  for (int k = 0; k < 6; ++k) dis.push_back(video(fmt::format("t{}.y4m", k), 40, 32 + k));
  const unsigned before = process_threads();
  unsigned most = 0;
  ladder_equals_pairs(engine, ref, dis, 0, [&](unsigned) { most = std::max(most, process_threads()); });
  EXPECT_GT(most, before);  // the count saw the pass's threads
  // The engine's 2 workers and a reader per file (7), beside the threads there before.
  EXPECT_LE(most, before + 2 + 7);
}

}  // namespace
}  // namespace fastvmaf
