// Segments (fastvmaf/segment.hpp, docs/adr/0013-segments.md): a run cut into segments of
// 1, 2, 7 and 64 frames, each scored on its own and put back together in forward,
// reversed and shuffled order, equals the sequential run in every value, aggregate and
// model score, and renders the same XML, JSON, CSV and subtitles; so does a run cut by
// EngineOptions::segment_frames. Every extractor with its defaults and with the options
// that change its window, every built-in model, --subsample and the frame limits.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/registry.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/error.hpp"
#include "fastvmaf/session.hpp"
#include "io/output_writer.hpp"

namespace fs = std::filesystem;

namespace fastvmaf {
namespace {

unsigned plane_w(const VideoGeometry& g, int p) {
  return p ? (g.width + chroma_shift_x(g.format)) >> chroma_shift_x(g.format) : g.width;
}
unsigned plane_h(const VideoGeometry& g, int p) {
  return p ? (g.height + chroma_shift_y(g.format)) >> chroma_shift_y(g.format) : g.height;
}

// Frame k's plane p: texture that pans, with a scene change at frame 6, so motion and the
// temporal features move from frame to frame. `distort` adds noise.
std::vector<std::uint8_t> plane_bytes(const VideoGeometry& g, unsigned k, int p, bool distort) {
  const unsigned w = plane_w(g, p), h = plane_h(g, p), bytes = g.bpc > 8 ? 2 : 1;
  const unsigned maxv = (1u << g.bpc) - 1;
  std::vector<std::uint8_t> out(static_cast<std::size_t>(w) * h * bytes);
  std::mt19937 noise(k * 7 + p);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const unsigned sx = x + 3 * k, scene = k >= 6 ? 97 : 0;
      unsigned v = ((sx * 5 + y * 3 + scene) % 64) * 3 + ((sx / 8 + y / 8 + p) % 2) * 40 + (sx * y % 13);
      v = g.bpc == 8 ? v : (v << (g.bpc - 8)) + (x * 7 + k) % (1u << (g.bpc - 8));
      if (distort) v = std::min(maxv, v + static_cast<unsigned>(noise() % (4u << (g.bpc - 8))));
      if (bytes == 1)
        out[y * w + x] = static_cast<std::uint8_t>(v);
      else
        std::memcpy(&out[(static_cast<std::size_t>(y) * w + x) * 2], &v, 2);  // little-endian host
    }
  return out;
}

std::string write_y4m(const fs::path& path, const VideoGeometry& g, unsigned frames, bool distort) {
  std::string c = g.format == PixelFormat::YUV420 ? "420" : g.format == PixelFormat::YUV422 ? "422" : "444";
  c = g.bpc == 8 ? (c == "420" ? "420jpeg" : c) : c + "p" + std::to_string(g.bpc);
  std::ofstream f(path, std::ios::binary);
  f << "YUV4MPEG2 W" << g.width << " H" << g.height << " F25:1 Ip C" << c << "\n";
  for (unsigned k = 0; k < frames; ++k) {
    f << "FRAME\n";
    for (int p = 0; p < 3; ++p) {
      const auto b = plane_bytes(g, k, p, distort);
      f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
    }
  }
  return path.string();
}

// Every value bit for bit, series in the same order, and the same documents.
void expect_same(Result a, Result b) {
  ASSERT_EQ(a.frame_count, b.frame_count);
  ASSERT_EQ(a.series.size(), b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) {
    EXPECT_EQ(a.series[i].name, b.series[i].name);
    EXPECT_EQ(a.series[i].written, b.series[i].written) << a.series[i].name;
    ASSERT_EQ(a.series[i].values.size(), b.series[i].values.size()) << a.series[i].name;
    for (std::size_t k = 0; k < a.series[i].values.size(); ++k)
      EXPECT_EQ(std::bit_cast<std::uint64_t>(a.series[i].values[k]),
                std::bit_cast<std::uint64_t>(b.series[i].values[k]))
          << a.series[i].name << " frame " << k << ": " << a.series[i].values[k] << " vs " << b.series[i].values[k];
  }
  EXPECT_EQ(a.aggregates, b.aggregates);
  ASSERT_EQ(a.models.size(), b.models.size());
  for (std::size_t i = 0; i < a.models.size(); ++i) {
    EXPECT_EQ(a.models[i].mean, b.models[i].mean);
    EXPECT_EQ(a.models[i].bagging, b.models[i].bagging);
    EXPECT_EQ(a.models[i].stddev, b.models[i].stddev);
    EXPECT_EQ(a.models[i].ci_lo, b.models[i].ci_lo);
    EXPECT_EQ(a.models[i].ci_hi, b.models[i].ci_hi);
  }
  a.fps = b.fps = 0;
  a.profile.clear();
  b.profile.clear();
  io::NumberFormat max;
  max.kind = io::NumberFormat::Kind::Max;
  for (auto f : {io::OutputFormat::Xml, io::OutputFormat::Json, io::OutputFormat::Csv, io::OutputFormat::Sub})
    EXPECT_EQ(io::render_output(a, f, max, "test"), io::render_output(b, f, max, "test")) << io::to_string(f);
}

class SegmentTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("fastvmaf_segment_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write_pair(const VideoGeometry& g, unsigned frames) {
    ref_ = write_y4m(dir_ / "ref.y4m", g, frames, false);
    dis_ = write_y4m(dir_ / "dis.y4m", g, frames, true);
  }

  // The sequential run against: runs cut by segment_frames, and segments scored through
  // Engine::score_segment in a shuffled order, assembled in three orders.
  void check(EngineOptions o, const RunLimits& limits = {}) {
    o.threads = 2;
    const Engine whole(o);
    const Result expected = whole.run({ref_}, {dis_}, limits);
    const unsigned n = expected.frame_count;
    ASSERT_GT(n, 0u);
    std::mt19937 rng(n);
    for (unsigned len : {1u, 2u, 7u, 64u}) {
      SCOPED_TRACE(testing::Message() << "segments of " << len << " frames");
      EngineOptions cut = o;
      cut.segment_frames = len;
      {
        SCOPED_TRACE("segment_frames");
        expect_same(Engine(cut).run({ref_}, {dis_}, limits), expected);
      }
      std::vector<std::pair<unsigned, unsigned>> cuts;
      for (unsigned s = 0; s < n; s += len) cuts.emplace_back(s, std::min(n, s + len));
      // The last segment open-ended (end 0: to the end of the run).
      std::vector<SegmentScores> parts(cuts.size());
      std::vector<std::size_t> order(cuts.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::shuffle(order.begin(), order.end(), rng);
      for (std::size_t i : order) {
        const bool last = i + 1 == cuts.size();
        parts[i] = whole.score_segment({ref_}, {dis_}, cuts[i].first, last ? 0 : cuts[i].second, limits);
        EXPECT_EQ(parts[i].first, cuts[i].first);
        EXPECT_EQ(parts[i].end, cuts[i].second);
      }
      {
        SCOPED_TRACE("forward");
        expect_same(whole.assemble(parts), expected);
      }
      {
        SCOPED_TRACE("reversed");
        expect_same(whole.assemble({parts.rbegin(), parts.rend()}), expected);
      }
      {
        SCOPED_TRACE("shuffled");
        std::vector<SegmentScores> shuffled = parts;
        std::shuffle(shuffled.begin(), shuffled.end(), rng);
        expect_same(whole.assemble(std::move(shuffled)), expected);
      }
    }
  }

  fs::path dir_;
  std::string ref_, dis_;
};

EngineOptions feature(const std::string& name, std::vector<std::pair<std::string, std::string>> options = {}) {
  EngineOptions o;
  o.no_prediction = true;
  o.features.push_back({name, std::move(options)});
  return o;
}

EngineOptions model(const std::string& version) {
  EngineOptions o;
  o.models.push_back({.version = version, .name = "m"});
  return o;
}

// Every extractor with a CPU implementation, with its defaults.
TEST_F(SegmentTest, EveryExtractorEqualsTheSequentialRun) {
  write_pair({224, 176, PixelFormat::YUV420, 8}, 11);  // CAMBI needs 216, MS-SSIM 176
  const Registry& reg = Registry::instance();
  unsigned checked = 0;
  for (const ExtractorInfo* e : reg.all()) {
    // The test binary's own extractors ("test_*") are not the library's.
    if (!reg.factory(e->name, Backend::Cpu) || e->name.starts_with("test_")) continue;
    SCOPED_TRACE(e->name);
    check(feature(e->name));
    ++checked;
  }
  EXPECT_GE(checked, 15u);
}

// The options that change a window or what is carried to the flush.
TEST_F(SegmentTest, WindowOptionsEqualTheSequentialRun) {
  write_pair({96, 88, PixelFormat::YUV422, 10}, 13);  // SpEED needs 80x80
  const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> cases = {
      {"motion", {{"motion_five_frame_window", "true"}}},
      {"motion", {{"motion_moving_average", "true"}, {"debug", "true"}}},
      {"motion", {{"motion_five_frame_window", "true"}, {"motion_moving_average", "true"}}},
      {"motion", {{"motion_force_zero", "true"}}},
      {"float_motion", {{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}}},
      {"float_motion", {{"motion_force_zero", "true"}}},
      {"float_motion", {{"debug", "false"}}},
      {"psnr", {{"enable_apsnr", "true"}, {"enable_mse", "true"}, {"enable_chroma", "true"}}},
      {"speed_temporal", {{"speed_use_ref_diff", "true"}}},
  };
  for (const auto& [name, opts] : cases) {
    SCOPED_TRACE(testing::Message() << name << " with " << opts.front().first);
    check(feature(name, opts));
  }
  // Several at once: the engine's warm-up is the longest window, the others see less.
  EngineOptions o = feature("motion", {{"motion_five_frame_window", "true"}});
  o.features.push_back({"speed_temporal", {}});
  o.features.push_back({"psnr", {{"enable_apsnr", "true"}}});
  o.features.push_back({"float_motion", {}});
  o.features.push_back({"vif", {}});
  check(o);
}

// Every built-in model (bootstrap collections, float models, the hfr models).
TEST_F(SegmentTest, EveryModelEqualsTheSequentialRun) {
  write_pair({320, 320, PixelFormat::YUV420, 8}, 9);  // the 2160 models' SpEED chroma needs 318x318
  for (const char* m : {"vmaf_v0.6.1", "vmaf_v0.6.1neg", "vmaf_4k_v0.6.1", "vmaf_4k_v0.6.1neg", "vmaf_b_v0.6.3",
                        "vmaf_float_v0.6.1", "vmaf_float_v0.6.1neg", "vmaf_float_4k_v0.6.1", "vmaf_float_b_v0.6.3",
                        "vmaf_v1.0.16_3d0h", "vmaf_v1.0.16_5d0h", "vmaf_v1.0.16_1d5h_2160", "vmaf_v1.0.16_3d0h_2160",
                        "vmaf_v1.0.16_hfr_3d0h", "vmaf_v1.0.16_hfr_5d0h", "vmaf_v1.0.16_hfr_1d5h_2160",
                        "vmaf_v1.0.16_hfr_3d0h_2160"}) {
    SCOPED_TRACE(m);
    check(model(m));
  }
}

// Subsampling, and frame limits: the run's frame 0 is the files' frame skip.
TEST_F(SegmentTest, SubsampleAndLimitsEqualTheSequentialRun) {
  write_pair({64, 48, PixelFormat::YUV420, 8}, 16);
  EngineOptions o = model("vmaf_v0.6.1");
  o.features.push_back({"psnr", {{"enable_apsnr", "true"}}});
  o.features.push_back({"float_motion", {}});
  o.subsample = 3;
  check(o);
  o.subsample = 1;
  check(o, RunLimits{.frame_cnt = 9, .frame_skip_ref = 3, .frame_skip_dist = 2});
  check(o, RunLimits{.frame_cnt = 0, .frame_skip_ref = 5, .frame_skip_dist = 5});
}

// A pushed session cut by segment_frames: frames are reported once, in order, with the
// values of the sequential session.
TEST_F(SegmentTest, CutSessionReportsEveryFrameOnce) {
  const VideoGeometry g{48, 48, PixelFormat::YUV420, 8};
  auto push_all = [&](const EngineOptions& o, std::vector<FrameScores>& reports) {
    Engine e(o);
    SessionOptions so;
    so.on_frame = [&reports](const FrameScores& f) { reports.push_back(f); };
    Session s(e, g, so);
    for (unsigned k = 0; k < 10; ++k) {
      std::vector<std::uint8_t> r[3], d[3];
      FrameView rv, dv;
      for (int p = 0; p < 3; ++p) {
        r[p] = plane_bytes(g, k, p, false);
        d[p] = plane_bytes(g, k, p, true);
        rv.planes[p] = {r[p].data(), static_cast<std::ptrdiff_t>(plane_w(g, p))};
        dv.planes[p] = {d[p].data(), static_cast<std::ptrdiff_t>(plane_w(g, p))};
      }
      s.push(rv, dv);
    }
    return s.flush();
  };
  for (const bool with_motion : {false, true}) {
    EngineOptions o = feature("psnr", {{"enable_apsnr", "true"}});
    o.features.push_back({"speed_temporal", {}});
    if (with_motion) o.features.push_back({"motion", {}});
    std::vector<FrameScores> seq, cut;
    const Result expected = push_all(o, seq);
    o.segment_frames = 3;
    expect_same(push_all(o, cut), expected);
    ASSERT_EQ(cut.size(), seq.size());
    for (std::size_t i = 0; i < cut.size(); ++i) {
      EXPECT_EQ(cut[i].index, i);
      EXPECT_EQ(cut[i].features, seq[i].features);
    }
  }
}

// What assemble() refuses: overlaps, gaps, another geometry, another engine.
TEST_F(SegmentTest, AssembleRefusesBadSegments) {
  write_pair({64, 48, PixelFormat::YUV420, 8}, 8);
  const Engine e(feature("motion"));
  const SegmentScores a = e.score_segment({ref_}, {dis_}, 0, 4);
  const SegmentScores b = e.score_segment({ref_}, {dis_}, 4, 8);
  const SegmentScores c = e.score_segment({ref_}, {dis_}, 3, 6);
  const SegmentScores tail = e.score_segment({ref_}, {dis_}, 6, 0);
  EXPECT_EQ(tail.end, 8u);
  EXPECT_THROW(e.assemble({a, c}), std::invalid_argument);     // overlap
  EXPECT_THROW(e.assemble({a, b, a}), std::invalid_argument);  // twice
  EXPECT_THROW(e.assemble({b}), std::invalid_argument);        // frames [0, 4) missing
  EXPECT_THROW(e.assemble({a, tail}), std::invalid_argument);  // frames [4, 6) missing
  EXPECT_THROW(e.assemble({}), std::invalid_argument);
  const Engine other(feature("psnr"));
  EXPECT_THROW(other.assemble({other.score_segment({ref_}, {dis_}, 0, 4), b}), std::invalid_argument);
  EXPECT_THROW(e.score_segment({ref_}, {dis_}, 8, 0), InputError);  // past the end
  EXPECT_THROW(e.score_segment({ref_}, {dis_}, 4, 4), std::invalid_argument);
  EXPECT_EQ(e.segment_history(), 1u);
  // An engine that cuts its runs scores a segment whole.
  EngineOptions cut = feature("motion");
  cut.segment_frames = 1;
  const Engine cutting(cut);
  const SegmentScores head = cutting.score_segment({ref_}, {dis_}, 0, 5);
  expect_same(cutting.assemble({head, cutting.score_segment({ref_}, {dis_}, 5, 0)}), e.run({ref_}, {dis_}));
  EXPECT_EQ(Engine(feature("motion", {{"motion_five_frame_window", "true"}})).segment_history(), 2u);
  EXPECT_EQ(Engine(feature("adm")).segment_history(), 0u);
}

// A temporal extractor that bounds nothing: its runs are not cut, and say so.
class Unbounded final : public FeatureExtractor {
 public:
  explicit Unbounded(const OptionSet&) {}
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput& f) override { sum_ += f.ref->plane(0).row<std::uint8_t>(0)[0]; }
  void collect(unsigned index, FeatureSink& sink) override { sink.append("unbounded_sum", index, sum_); }

 private:
  double sum_ = 0;
};

const std::vector<OptionSpec>& no_options() {
  static const std::vector<OptionSpec> s;
  return s;
}

FASTVMAF_REGISTER_EXTRACTOR(extractor_info("test_unbounded", {"unbounded_sum"}, no_options(),
                                           {.temporal = true}));
FASTVMAF_REGISTER_BACKEND("test_unbounded", Backend::Cpu,
                          [](const OptionSet& o) { return std::make_unique<Unbounded>(o); });

TEST_F(SegmentTest, UnboundedHistoryIsNotCut) {
  write_pair({32, 32, PixelFormat::YUV420, 8}, 7);
  EngineOptions o = feature("test_unbounded");
  o.features.push_back({"psnr", {}});
  const Engine whole(o);
  EXPECT_THROW(whole.segment_history(), std::invalid_argument);
  EXPECT_THROW(whole.score_segment({ref_}, {dis_}, 0, 3), std::invalid_argument);
  o.segment_frames = 2;
  const Engine cut(o);
  bool said = false;
  for (const auto& n : cut.notes()) said = said || n.find("test_unbounded") != std::string::npos;
  EXPECT_TRUE(said);
  expect_same(cut.run({ref_}, {dis_}), whole.run({ref_}, {dis_}));
}

}  // namespace
}  // namespace fastvmaf
