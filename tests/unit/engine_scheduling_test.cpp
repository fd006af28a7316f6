// The engine's scheduling guarantees, with test-only extractors: outputs do not depend
// on the thread count or on timing; temporal extractors see frames in order; PREV_REF
// extractors get the previous references; an extractor error ends the run cleanly.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "core/collector.hpp"
#include "core/registry.hpp"
#include "fastvmaf/engine.hpp"
#include "flat_y4m.hpp"
#include "io/video_source.hpp"

namespace fs = std::filesystem;

namespace fastvmaf {
namespace {

const std::vector<OptionSpec>& no_options() {
  static const std::vector<OptionSpec> s = {
      {.name = "fail_at", .type = OptType::Int, .default_value = -1, .min = -1, .max = 1000}};
  return s;
}

// Sleeps a random while, then reports a value derived from the pixels.
class Jitter final : public FeatureExtractor {
 public:
  explicit Jitter(const OptionSet& o) : fail_at_(o.get_int("fail_at")) {}
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput& f) override {
    thread_local std::mt19937 rng(std::random_device{}());
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 2000));
    if (static_cast<int>(f.index) == fail_at_) throw std::runtime_error("jitter failed at frame " + std::to_string(f.index));
    value_ = f.ref->plane(0).row<std::uint8_t>(0)[0] + 0.5 * f.index;
    has_prev_ = f.prev_ref != nullptr;
    prev_value_ = has_prev_ ? f.prev_ref->plane(0).row<std::uint8_t>(0)[0] : -1;
  }
  void collect(unsigned index, FeatureSink& sink) override {
    sink.append("jitter_a", index, value_);
    sink.append("jitter_prev", index, prev_value_);
  }

 private:
  int fail_at_;
  double value_ = 0, prev_value_ = -1;
  bool has_prev_ = false;
};

// Temporal: counts frames and fails loudly if they come out of order.
class Ordered final : public FeatureExtractor {
 public:
  explicit Ordered(const OptionSet&) {}
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput& f) override {
    if (f.index != next_) throw std::logic_error("temporal extractor got frames out of order");
    ++next_;
  }
  void collect(unsigned index, FeatureSink& sink) override { sink.append("ordered_count", index, next_); }
  void flush(FeatureCollector& c) override { c.aggregate("ordered_total", next_); }

 private:
  unsigned next_ = 0;
};

// Neither temporal nor PREV_REF: subsampled.
class Plain final : public FeatureExtractor {
 public:
  explicit Plain(const OptionSet&) {}
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput& f) override { index_ = f.index; }
  void collect(unsigned index, FeatureSink& sink) override { sink.append("plain", index, index_); }

 private:
  unsigned index_ = 0;
};

ExtractorInfo plain_info() {
  ExtractorInfo i;
  i.name = "test_plain";
  i.provided_features = {"plain"};
  i.options = &no_options();
  return i;
}
FASTVMAF_REGISTER_EXTRACTOR(plain_info());
FASTVMAF_REGISTER_BACKEND("test_plain", Backend::Cpu, [](const OptionSet& o) { return std::make_unique<Plain>(o); });

ExtractorInfo jitter_info() {
  ExtractorInfo i;
  i.name = "test_jitter";
  i.provided_features = {"jitter_a"};
  i.options = &no_options();
  i.needs_prev_ref = true;
  return i;
}
ExtractorInfo ordered_info() {
  ExtractorInfo i;
  i.name = "test_ordered";
  i.provided_features = {"ordered_count"};
  i.options = &no_options();
  i.temporal = true;
  return i;
}
FASTVMAF_REGISTER_EXTRACTOR(jitter_info());
FASTVMAF_REGISTER_EXTRACTOR(ordered_info());
FASTVMAF_REGISTER_BACKEND("test_jitter", Backend::Cpu, [](const OptionSet& o) { return std::make_unique<Jitter>(o); });
FASTVMAF_REGISTER_BACKEND("test_ordered", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<Ordered>(o); });

// PREV_REF with a declared history: records the previous references it gets (-1: none).
class PrevRefs final : public FeatureExtractor {
 public:
  explicit PrevRefs(std::string prefix) : prefix_(std::move(prefix)) {}
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput& f) override {
    prev_ = f.prev_ref ? f.prev_ref->plane(0).row<std::uint8_t>(0)[0] : -1;
    prev_prev_ = f.prev_prev_ref ? f.prev_prev_ref->plane(0).row<std::uint8_t>(0)[0] : -1;
  }
  void collect(unsigned index, FeatureSink& sink) override {
    sink.append(prefix_ + "_prev", index, prev_);
    sink.append(prefix_ + "_prev_prev", index, prev_prev_);
  }

 private:
  std::string prefix_;
  double prev_ = -1, prev_prev_ = -1;
};

ExtractorInfo prev_refs_info(const std::string& name, HistoryFn history) {
  ExtractorInfo i;
  i.name = name;
  i.provided_features = {name + "_prev"};
  i.options = &no_options();
  i.needs_prev_ref = true;
  i.history = std::move(history);
  return i;
}
// Reads only frame i - 1's reference (motion without the five-frame window).
FASTVMAF_REGISTER_EXTRACTOR(prev_refs_info("test_prev1", [](const OptionSet&) { return 1u; }));
// The default history of PREV_REF: both previous references.
FASTVMAF_REGISTER_EXTRACTOR(prev_refs_info("test_prev2", nullptr));
FASTVMAF_REGISTER_BACKEND("test_prev1", Backend::Cpu,
                          [](const OptionSet&) { return std::make_unique<PrevRefs>("test_prev1"); });
FASTVMAF_REGISTER_BACKEND("test_prev2", Backend::Cpu,
                          [](const OptionSet&) { return std::make_unique<PrevRefs>("test_prev2"); });

// A y4m whose frame k has every sample equal to k.
std::string clip(unsigned frames) {
  const std::string p =
      (fs::temp_directory_path() / ("fastvmaf_sched_" + std::to_string(::getpid()) + ".y4m")).string();
  test::write_flat_y4m(p, 8, 8, frames, [](unsigned k) { return static_cast<unsigned char>(k); });
  return p;
}

Result run(unsigned threads, const std::string& path, int fail_at = -1, unsigned subsample = 1) {
  EngineOptions o;
  o.threads = threads;
  o.no_prediction = true;
  o.subsample = subsample;
  o.features.push_back({"test_jitter", {{"fail_at", std::to_string(fail_at)}}});
  o.features.push_back({"test_ordered", {}});
  o.features.push_back({"psnr", {}});
  o.features.push_back({"test_plain", {}});
  Engine e(o);
  return e.run({path}, {path});
}

TEST(EngineScheduling, OutputDoesNotDependOnThreads) {
  const std::string p = clip(40);
  const Result one = run(1, p);
  for (unsigned t : {2u, 3u, 8u}) {
    const Result many = run(t, p);
    ASSERT_EQ(many.series.size(), one.series.size());
    for (std::size_t s = 0; s < one.series.size(); ++s) {
      EXPECT_EQ(many.series[s].name, one.series[s].name);
      EXPECT_EQ(many.series[s].values, one.series[s].values);
      EXPECT_EQ(many.series[s].written, one.series[s].written);
    }
    EXPECT_EQ(many.aggregates, one.aggregates);
  }
  ASSERT_NE(one.find("jitter_a"), nullptr);
  EXPECT_EQ(one.find("jitter_a")->values[7], 7 + 3.5);
  EXPECT_EQ(one.find("jitter_prev")->values[0], -1);
  EXPECT_EQ(one.find("jitter_prev")->values[7], 6);
  EXPECT_EQ(one.find("ordered_count")->values[39], 40);
  EXPECT_EQ(one.aggregates.back().second, 40);
  fs::remove(p);
}

TEST(EngineScheduling, SubsampleSkipsFramesExceptForTemporalAndPrevRefExtractors) {
  const std::string p = clip(10);
  const Result r = run(2, p, -1, 3);
  EXPECT_TRUE(r.find("plain")->has(3));
  EXPECT_FALSE(r.find("plain")->has(4));
  EXPECT_TRUE(r.find("ordered_count")->has(4));  // temporal: every frame
  EXPECT_TRUE(r.find("jitter_a")->has(4));       // PREV_REF: every frame, as libvmaf
  fs::remove(p);
}

// The scheduler keeps the previous references only as far back as a PREV_REF extractor's
// history reaches (a 4K reference is 12 MB): one with history 1 alone gets frame i - 1's
// and no prev_prev_ref; beside one of history 2 both get both.
Result run_prev_refs(std::vector<std::string> names, const std::string& path) {
  EngineOptions o;
  o.threads = 2;
  o.no_prediction = true;
  for (auto& n : names) o.features.push_back({std::move(n), {}});
  Engine e(o);
  return e.run({path}, {path});
}

TEST(EngineScheduling, PreviousReferencesReachAsFarAsTheHistoryDeclared) {
  const std::string p = clip(10);
  const Result one = run_prev_refs({"test_prev1"}, p);
  EXPECT_EQ(one.find("test_prev1_prev")->values[0], -1);
  EXPECT_EQ(one.find("test_prev1_prev")->values[7], 6);
  for (unsigned i = 0; i < 10; ++i) EXPECT_EQ(one.find("test_prev1_prev_prev")->values[i], -1) << i;
  const Result both = run_prev_refs({"test_prev1", "test_prev2"}, p);
  for (const char* n : {"test_prev1", "test_prev2"}) {
    const std::string name = n;
    EXPECT_EQ(both.find(name + "_prev")->values[7], 6);
    EXPECT_EQ(both.find(name + "_prev_prev")->values[1], -1);
    EXPECT_EQ(both.find(name + "_prev_prev")->values[7], 5);
  }
  fs::remove(p);
}

TEST(EngineScheduling, ExtractorErrorEndsTheRunWithItsMessage) {
  const std::string p = clip(30);
  for (unsigned t : {1u, 4u}) {
    try {
      run(t, p, 17);
      FAIL() << "expected an error";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "jitter failed at frame 17");
    }
  }
  fs::remove(p);
}

}  // namespace
}  // namespace fastvmaf
