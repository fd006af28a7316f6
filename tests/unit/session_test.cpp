// The push-frame API (fastvmaf/session.hpp): frames pushed from the caller's memory (any
// stride, bottom-up, 8 and 16-bit samples, every chroma format) give exactly what the
// file path gives for the same frames; frames are reported once, in order, when final;
// bad frames are clear errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "core/collector.hpp"
#include "core/extractor.hpp"
#include "core/registry.hpp"
#include "fastvmaf/engine.hpp"
#include "fastvmaf/error.hpp"
#include "fastvmaf/session.hpp"

namespace fs = std::filesystem;

namespace fastvmaf {
namespace {

// Sample (x, y) of plane p of frame k: texture that moves, so every feature has work.
unsigned sample(unsigned k, int p, unsigned x, unsigned y, unsigned bpc) {
  const unsigned v = (x * 7 + y * 13 + k * 5 + p * 31 + ((x * y + k) % 17) * 3) % 251;
  return bpc == 8 ? v : (v << (bpc - 8)) + (x + k) % (1u << (bpc - 8));
}

unsigned plane_w(const VideoGeometry& g, int p) { return p ? (g.width + chroma_shift_x(g.format)) >> chroma_shift_x(g.format) : g.width; }
unsigned plane_h(const VideoGeometry& g, int p) {
  return p ? (g.height + chroma_shift_y(g.format)) >> chroma_shift_y(g.format) : g.height;
}

// One frame as a caller might hold it: each plane in its own buffer with `pad` bytes of
// garbage after every row, rows bottom-up when `flip`. `distort` adds noise.
struct HeldFrame {
  std::vector<std::uint8_t> planes[3];
  FrameView view;
  HeldFrame(const VideoGeometry& g, unsigned k, bool distort, std::size_t pad, bool flip) {
    const unsigned bytes = g.bpc > 8 ? 2 : 1;
    for (int p = 0; p < 3; ++p) {
      const unsigned w = plane_w(g, p), h = plane_h(g, p);
      const std::size_t stride = w * bytes + pad;
      planes[p].assign(stride * h, 0xA5);
      for (unsigned y = 0; y < h; ++y)
        for (unsigned x = 0; x < w; ++x) {
          unsigned v = sample(k, p, x, y, g.bpc);
          if (distort) v = (v + (x * 3 + y + k) % 5) & ((1u << g.bpc) - 1);
          std::uint8_t* row = planes[p].data() + (flip ? h - 1 - y : y) * stride;
          if (bytes == 1) row[x] = static_cast<std::uint8_t>(v);
          else std::memcpy(row + 2 * x, &v, 2);  // little-endian host
        }
      view.planes[p].data = planes[p].data() + (flip ? (h - 1) * stride : 0);
      view.planes[p].stride = flip ? -static_cast<std::ptrdiff_t>(stride) : static_cast<std::ptrdiff_t>(stride);
    }
  }
};

std::string y4m_chroma(const VideoGeometry& g) {
  std::string c = g.format == PixelFormat::YUV420 ? "420" : g.format == PixelFormat::YUV422 ? "422" : "444";
  if (g.bpc == 8) return c == "420" ? "420jpeg" : c;
  return c + "p" + std::to_string(g.bpc);
}

// The same frames as a .y4m file.
std::string write_y4m(const fs::path& path, const VideoGeometry& g, unsigned frames, bool distort) {
  std::ofstream f(path, std::ios::binary);
  f << "YUV4MPEG2 W" << g.width << " H" << g.height << " F25:1 Ip C" << y4m_chroma(g) << "\n";
  for (unsigned k = 0; k < frames; ++k) {
    f << "FRAME\n";
    HeldFrame h(g, k, distort, 0, false);
    for (const auto& p : h.planes) f.write(reinterpret_cast<const char*>(p.data()), static_cast<std::streamsize>(p.size()));
  }
  return path.string();
}

class SessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("fastvmaf_session_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Pushes `frames` frames; returns the result and the frames reported before flush().
  Result push_all(const Engine& e, const VideoGeometry& g, unsigned frames, std::vector<FrameScores>* reports = nullptr,
                  unsigned* before_flush = nullptr, std::size_t pad = 3, bool flip = true) {
    SessionOptions so;
    if (reports) so.on_frame = [reports](const FrameScores& f) { reports->push_back(f); };
    Session s(e, g, so);
    for (unsigned k = 0; k < frames; ++k) {
      HeldFrame ref(g, k, false, pad, flip), dis(g, k, true, pad + 5, !flip);
      s.push(ref.view, dis.view);
      // The caller's buffers are reusable as soon as push() returns.
      std::memset(ref.planes[0].data(), 0, ref.planes[0].size());
    }
    EXPECT_EQ(s.frames(), frames);
    if (before_flush) *before_flush = reports ? static_cast<unsigned>(reports->size()) : 0;
    return s.flush();
  }

  static void expect_same(const Result& a, const Result& b) {
    ASSERT_EQ(a.frame_count, b.frame_count);
    ASSERT_EQ(a.series.size(), b.series.size());
    for (std::size_t i = 0; i < a.series.size(); ++i) {
      EXPECT_EQ(a.series[i].name, b.series[i].name);
      EXPECT_EQ(a.series[i].written, b.series[i].written) << a.series[i].name;
      EXPECT_EQ(a.series[i].values, b.series[i].values) << a.series[i].name;  // bit for bit
    }
    EXPECT_EQ(a.aggregates, b.aggregates);
    ASSERT_EQ(a.models.size(), b.models.size());
    for (std::size_t i = 0; i < a.models.size(); ++i) EXPECT_EQ(a.models[i].mean, b.models[i].mean);
  }

  fs::path dir_;
};

EngineOptions features(std::vector<std::string> names) {
  EngineOptions o;
  o.no_prediction = true;
  o.threads = 3;
  for (auto& n : names) o.features.push_back({n, {}});
  return o;
}

// Every depth and chroma format: the pushed frames score as the same frames read from a
// file, every value equal.
TEST_F(SessionTest, PushedFramesEqualTheFileRun) {
  for (const VideoGeometry g : {VideoGeometry{64, 48, PixelFormat::YUV420, 8}, VideoGeometry{63, 37, PixelFormat::YUV420, 10},
                                VideoGeometry{48, 40, PixelFormat::YUV422, 12}, VideoGeometry{40, 36, PixelFormat::YUV444, 16},
                                VideoGeometry{41, 33, PixelFormat::YUV422, 8}}) {
    SCOPED_TRACE(testing::Message() << g.width << "x" << g.height << " " << to_string(g.format) << " " << g.bpc);
    Engine e(features({"psnr", "motion", "adm", "vif"}));
    const unsigned frames = 7;
    const std::string ref = write_y4m(dir_ / "ref.y4m", g, frames, false);
    const std::string dis = write_y4m(dir_ / "dis.y4m", g, frames, true);
    const Result from_files = e.run({ref}, {dis});
    expect_same(push_all(e, g, frames), from_files);
    expect_same(push_all(e, g, frames, nullptr, nullptr, 0, false), from_files);
  }
}

TEST_F(SessionTest, ModelScoresEqualTheFileRun) {
  const VideoGeometry g{64, 64, PixelFormat::YUV420, 8};
  EngineOptions o;
  o.models.push_back({.version = "vmaf_v0.6.1"});
  o.features.push_back({"psnr", {}});
  Engine e(o);
  const std::string ref = write_y4m(dir_ / "ref.y4m", g, 5, false);
  const std::string dis = write_y4m(dir_ / "dis.y4m", g, 5, true);
  std::vector<FrameScores> reports;
  unsigned before = 99;
  const Result pushed = push_all(e, g, 5, &reports, &before);
  expect_same(pushed, e.run({ref}, {dis}));
  // Motion's motion2 is derived at the end: no frame is final before flush().
  EXPECT_EQ(before, 0u);
  ASSERT_EQ(reports.size(), 5u);
  for (unsigned i = 0; i < 5; ++i) {
    EXPECT_EQ(reports[i].index, i);
    ASSERT_EQ(reports[i].models.size(), 1u);
    EXPECT_EQ(reports[i].models[0].first, "vmaf");
    EXPECT_EQ(reports[i].models[0].second, pushed.find("vmaf")->values[i]);
    bool motion2 = false;
    for (const auto& [name, v] : reports[i].features) {
      EXPECT_NE(name, "vmaf");
      EXPECT_EQ(v, pushed.find(name)->values[i]) << name;
      motion2 = motion2 || name == "VMAF_integer_feature_motion2_score";
    }
    EXPECT_TRUE(motion2);
  }
}

// Without motion, frames are reported while frames are still being pushed, and a model's
// early score (predicted from the frame's values alone) is the run's score.
TEST_F(SessionTest, FramesWithoutMotionAreFinalEarly) {
  const fs::path model = dir_ / "spatial.json";
  std::ofstream(model) << R"({"model_dict": {"model_type": "LIBSVMNUSVR", "norm_type": "linear_rescale",
    "feature_names": ["VMAF_integer_feature_adm2_score", "VMAF_integer_feature_vif_scale0_score"],
    "slopes": [0.5, 2.0, 0.25], "intercepts": [-1.0, 0.125, -0.5], "score_clip": [0.0, 100.0],
    "model": "svm_type nu_svr\nkernel_type rbf\ngamma 0.5\nnr_class 2\ntotal_sv 2\nrho 0.25\nSV\n1.5 1:0.2 2:0.4 \n-0.75 1:0.9 2:0.1 \n"}})";
  EngineOptions o;
  o.models.push_back({.path = model.string(), .name = "spatial"});
  o.features.push_back({"psnr", {}});
  o.threads = 2;
  Engine e(o);
  const VideoGeometry g{48, 48, PixelFormat::YUV420, 8};
  std::vector<FrameScores> reports;
  unsigned before = 0;
  const unsigned frames = 40;
  const Result r = push_all(e, g, frames, &reports, &before);
  EXPECT_GT(before, 0u);
  EXPECT_LT(before, frames);
  ASSERT_EQ(reports.size(), frames);
  for (unsigned i = 0; i < frames; ++i) {
    EXPECT_EQ(reports[i].index, i);
    ASSERT_EQ(reports[i].models.size(), 1u);
    EXPECT_EQ(reports[i].models[0].second, r.find("spatial")->values[i]) << "frame " << i;
    EXPECT_EQ(reports[i].features.size(), r.series.size() - 1);
  }
}

TEST_F(SessionTest, BadFramesAreClearErrors) {
  Engine e(features({"psnr"}));
  const VideoGeometry g{32, 32, PixelFormat::YUV420, 10};
  HeldFrame ok(g, 0, false, 0, false);
  auto message = [&](auto&& f) {
    try {
      f();
    } catch (const std::exception& ex) {
      return std::string(ex.what());
    }
    return std::string("no error");
  };
  {
    Session s(e, g);
    FrameView missing = ok.view;
    missing.planes[2].data = nullptr;
    EXPECT_THROW(s.push(ok.view, missing), std::invalid_argument);
    EXPECT_NE(message([&] { s.push(ok.view, ok.view); }).find("failed earlier"), std::string::npos);
  }
  {
    Session s(e, g);
    FrameView narrow = ok.view;
    narrow.planes[0].stride = 63;  // 32 samples of 2 bytes
    EXPECT_NE(message([&] { s.push(narrow, ok.view); }).find("stride of 63 bytes"), std::string::npos);
  }
  {
    Session s(e, g);
    HeldFrame high(g, 0, false, 0, false);
    const std::uint16_t v = 1024;  // above 10 bits
    std::memcpy(high.planes[1].data() + 2 * (3 * 16 + 5), &v, 2);
    try {
      s.push(ok.view, high.view);
      FAIL() << "no error";
    } catch (const InputError& ex) {
      EXPECT_NE(std::string(ex.what()).find("distorted picture, plane Cb row 3 column 5: sample value 1024"),
                std::string::npos)
          << ex.what();
    }
  }
  {
    Session s(e, g);
    EXPECT_NE(message([&] { s.flush(); }).find("no frames"), std::string::npos);
    s.push(ok.view, ok.view);
    EXPECT_EQ(s.flush().frame_count, 1u);
    EXPECT_NE(message([&] { s.push(ok.view, ok.view); }).find("flushed"), std::string::npos);
  }
  EXPECT_THROW(Session(e, VideoGeometry{0, 32, PixelFormat::YUV420, 8}), std::invalid_argument);
  EXPECT_THROW(Session(e, VideoGeometry{32, 32, PixelFormat::YUV420, 17}), std::invalid_argument);
  EXPECT_THROW(Session(e, VideoGeometry{20000, 32, PixelFormat::YUV420, 8}), std::invalid_argument);
}

// Pictures in device memory (push_device) reach twins only: a session with an extractor on
// the CPU refuses them with a message that says so, nothing is pushed, and the caller's
// pictures are given back (`keep` released) at once.
TEST_F(SessionTest, DeviceFramesNeedAGpuSession) {
  Engine e(features({"psnr"}));
  const VideoGeometry g{32, 32, PixelFormat::YUV420, 8};
  Session s(e, g);
  EXPECT_FALSE(s.device_reads_chroma());
  int never_read = 0;  // refused before any copy
  DeviceFrameView v;
  for (int p = 0; p < 3; ++p) v.planes[p] = {&never_read, 32, p ? 16u : 32u, p ? 16u : 32u};
  bool released = false;
  std::shared_ptr<void> keep(nullptr, [&](void*) { released = true; });
  try {
    s.push_device(v, v, std::move(keep));
    FAIL() << "no error";
  } catch (const std::invalid_argument& ex) {
    EXPECT_NE(std::string(ex.what()).find("GPU session whose extractors all run on the device"), std::string::npos)
        << ex.what();
  }
  EXPECT_TRUE(released);
  EXPECT_EQ(s.frames(), 0u);
}

// ExtractorInfo::values_at_flush says exactly which extractors append per-frame values in
// flush(): a Session relies on it to know when a frame is final.
TEST(SessionFinality, ValuesAtFlushDeclarationsAreTruthful) {
  const VideoGeometry g{256, 256, PixelFormat::YUV420, 8};
  unsigned checked = 0;
  for (const ExtractorInfo* info : Registry::instance().all()) {
    const ExtractorFactory* f = Registry::instance().factory(info->name, Backend::Cpu);
    if (!f) continue;
    OptionSet options(info->name, info->options, OptionDict{});
    auto e = (*f)(options);
    try {
      e->init(g);
    } catch (const std::invalid_argument&) {
      continue;  // refuses the size or its default options: nothing to declare here
    }
    std::vector<Picture> refs, diss;
    for (unsigned k = 0; k < 4; ++k) {
      refs.push_back(Picture::allocate(g.format, g.bpc, g.width, g.height));
      diss.push_back(Picture::allocate(g.format, g.bpc, g.width, g.height));
      for (int p = 0; p < 3; ++p)
        for (unsigned y = 0; y < refs[k].plane(p).height; ++y)
          for (unsigned x = 0; x < refs[k].plane(p).width; ++x) {
            refs[k].plane(p).row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(sample(k, p, x, y, 8));
            diss[k].plane(p).row<std::uint8_t>(y)[x] = static_cast<std::uint8_t>(sample(k, p, x, y, 8) ^ (x & 3));
          }
    }
    FeatureCollector c;
    for (unsigned k = 0; k < 4; ++k) {
      FrameInput in;
      in.index = k;
      in.ref = &refs[k];
      in.dis = &diss[k];
      in.prev_ref = k ? &refs[k - 1] : nullptr;
      in.prev_prev_ref = k > 1 ? &refs[k - 2] : nullptr;
      e->submit(in);
      e->collect(k, c);
    }
    auto count = [&] {
      std::size_t n = 0;
      for (const auto& s : c.series())
        for (char w : s.written) n += w;
      return n;
    };
    const std::size_t before = count();
    e->flush(c);
    EXPECT_EQ(count() > before, info->values_at_flush) << info->name;
    ++checked;
  }
  EXPECT_GT(checked, 5u);
}

}  // namespace
}  // namespace fastvmaf
