// What the GPU tests share: the skip code, the backend to test, the real frames of the
// device set (../shared/device-set, .y4m.xz decompressed with xz at test time), runs of
// the engine on the CPU and on the GPU, and exact comparison of their results.
//
// Every GPU test exits 77 (ctest: skipped) when its backend is not built or no device is
// usable, so CI, which has no GPU, shows them skipped.
//
// Environment: FASTVMAF_DEVICE_SET  the folder of .y4m or .y4m.xz pairs (default: the
//                                   build's ../shared/device-set)
//              FASTVMAF_NETFLIX_SET the folder of raw .yuv pairs with their pairs.tsv
//                                   (default: the build's ../shared/netflix), for the
//                                   tests that also take those (netflix_set())
//              FASTVMAF_DEVICE_SET_ALL  run the large pairs on a CPU device too
//              FASTVMAF_GPU_CACHE   where .xz files are decompressed (default: the build
//                                   tree's tests/gpu/device-set)
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "fastvmaf/engine.hpp"
#include "fastvmaf/result.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu/runtime.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::gputest {

inline constexpr int kSkip = 77;

// --backend=cuda (default), --backend=hip or --backend=sycl among the arguments.
inline Backend backend_from_args(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--backend=hip") == 0) return Backend::Hip;
    if (std::strcmp(argv[i], "--backend=sycl") == 0) return Backend::Sycl;
    if (std::strcmp(argv[i], "--backend=cuda") == 0) return Backend::Cuda;
  }
  return Backend::Cuda;
}

inline BackendChoice choice_of(Backend b) {
  return b == Backend::Hip ? BackendChoice::Hip : b == Backend::Sycl ? BackendChoice::Sycl : BackendChoice::Cuda;
}

// Empty when the backend is built and a device is usable; else why the test skips.
inline std::string why_skip(Backend b) {
  const gpu::Runtime* rt = gpu::find_runtime(b);
  if (!rt) return std::string("this build has no ") + to_string(b) + " backend";
  const gpu::Probe p = rt->probe();
  if (!p.usable) return p.detail;
  std::printf("device: %s (%s)\n", p.detail.c_str(), to_string(b));
  return "";
}

struct Pair {
  std::string name;  // "bridge_sky_zoom_576x324_8bit"
  std::string ref, dis;
  std::optional<VideoGeometry> raw;  // raw .yuv files: their geometry
  unsigned frames = 0;               // the first frames only (0: all)
  bool sample = false;               // a large pair's first frames (first_frames): a CPU device runs it whatever its size
  VideoFile ref_file() const { return {ref, raw}; }
  VideoFile dis_file() const { return {dis, raw}; }
};

inline std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

// The device set's pairs, decompressing .xz files into the cache folder on first use.
inline std::vector<Pair> device_set() {
  namespace fs = std::filesystem;
  const fs::path dir = env_or("FASTVMAF_DEVICE_SET", FASTVMAF_DEVICE_SET_DIR);
  const fs::path cache = env_or("FASTVMAF_GPU_CACHE", FASTVMAF_GPU_CACHE_DIR);
  std::vector<Pair> pairs;
  if (!fs::is_directory(dir)) return pairs;
  fs::create_directories(cache);
  auto materialise = [&](const fs::path& stem) -> std::string {  // stem: <name>_ref.y4m
    if (fs::exists(dir / stem)) return (dir / stem).string();
    const fs::path xz = dir / (stem.string() + ".xz");
    const fs::path out = cache / stem;
    if (!fs::exists(out)) {
      // Several test processes may decompress the same pair at once (ctest -j): each
      // into its own temporary, renamed over `out` (atomic; the contents are the same).
      const fs::path tmp = cache / (stem.string() + ".tmp." + std::to_string(::getpid()));
      const std::string cmd = "xz -dc '" + xz.string() + "' > '" + tmp.string() + "'";
      if (std::system(cmd.c_str()) != 0) throw std::runtime_error("could not decompress " + xz.string() + " with xz");
      fs::rename(tmp, out);
    }
    return out.string();
  };
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string f = e.path().filename().string();
    for (const char* suffix : {"_ref.y4m.xz", "_ref.y4m"}) {
      const std::string s = suffix;
      if (f.size() > s.size() && f.compare(f.size() - s.size(), s.size(), s) == 0) {
        const std::string name = f.substr(0, f.size() - s.size());
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
    }
  }
  std::sort(names.begin(), names.end());
  for (const auto& n : names)
    pairs.push_back({n, materialise(n + "_ref.y4m"), materialise(n + "_dis.y4m")});
  return pairs;
}

// The device set's pair `name` limited to its first `frames` frames, named
// "<name>_first<frames>" (none, said on stdout, when the set carried lacks the pair).
inline std::vector<Pair> first_frames(const std::string& name, unsigned frames) {
  for (Pair p : device_set())
    if (p.name == name) {
      p.name += "_first" + std::to_string(frames);
      p.frames = frames;
      p.sample = true;
      return {p};
    }
  std::printf("not in the device set: %s\n", name.c_str());
  return {};
}

// The raw pairs of pairs.tsv (name, ref, dis, "W H P B") in FASTVMAF_NETFLIX_SET; none
// when the folder is absent.
inline std::vector<Pair> netflix_set() {
  namespace fs = std::filesystem;
  const fs::path dir = env_or("FASTVMAF_NETFLIX_SET", FASTVMAF_NETFLIX_SET_DIR);
  std::vector<Pair> pairs;
  std::ifstream tsv(dir / "pairs.tsv");
  std::string line;
  for (bool header = true; std::getline(tsv, line); header = false) {
    if (header || line.empty()) continue;
    std::istringstream fields(line);
    std::string name, ref, dis, geometry;
    std::getline(fields, name, '\t');
    std::getline(fields, ref, '\t');
    std::getline(fields, dis, '\t');
    std::getline(fields, geometry);
    std::istringstream g(geometry);
    VideoGeometry vg;
    std::string format;
    if (!(g >> vg.width >> vg.height >> format >> vg.bpc) || !pixel_format_from(format, vg.format))
      throw std::runtime_error("pairs.tsv: bad line: " + line);
    pairs.push_back({name, (dir / ref).string(), (dir / dis).string(), vg});
  }
  return pairs;
}

// The run of `pair`: its first `frames` frames when limited.
inline RunLimits limits_of(const Pair& pair) {
  RunLimits limits;
  limits.frame_cnt = pair.frames;
  return limits;
}

inline Result run_engine(const Pair& pair, BackendChoice backend, const FeatureRequest& feature,
                         unsigned threads = 2, std::vector<std::string>* notes = nullptr) {
  EngineOptions o;
  o.features = {feature};
  o.no_prediction = true;
  o.threads = threads;
  o.backend = backend;
  Engine engine(o);
  if (notes) *notes = engine.notes();
  return engine.run({pair.ref}, {pair.dis}, limits_of(pair));
}

// A value the GPU is allowed, and required, to differ in (series name, frame): where
// the CPU's double sum is inexact (docs/conformance.md, "Known differences").
using KnownDifference = std::function<bool(const std::string& series, unsigned frame)>;

// CAMBI at its default options: the frames of the device set where the CPU's (libvmaf's)
// double top-K sum is inexact, so its value is not the exact mean the twin computes.
inline bool cambi_default_known_difference(const std::string& pair, unsigned frame) {
  return pair == "bridge_sky_pan_3840x2160_8bit" && (frame == 1 || frame == 2);
}

// Every series and aggregate of `gpu` equals `cpu` bit for bit (NaN included), except
// the values `known` names, which must differ (a listed value that starts agreeing
// fails, so the list stays true).
inline void expect_identical(const Result& cpu, const Result& gpu, const KnownDifference& known = {}) {
  ASSERT_EQ(cpu.frame_count, gpu.frame_count);
  ASSERT_EQ(cpu.series.size(), gpu.series.size());
  unsigned compared = 0;
  for (std::size_t i = 0; i < cpu.series.size(); ++i) {
    const auto& a = cpu.series[i];
    const auto& b = gpu.series[i];
    ASSERT_EQ(a.name, b.name);
    ASSERT_EQ(a.written, b.written) << a.name;
    ASSERT_EQ(a.values.size(), b.values.size()) << a.name;
    for (std::size_t k = 0; k < a.values.size(); ++k) {
      if (!a.has(static_cast<unsigned>(k))) continue;
      if (known && known(a.name, static_cast<unsigned>(k))) {
        EXPECT_NE(std::bit_cast<std::uint64_t>(a.values[k]), std::bit_cast<std::uint64_t>(b.values[k]))
            << a.name << " frame " << k << " is listed as differing but agrees: update the list";
        continue;
      }
      EXPECT_EQ(std::bit_cast<std::uint64_t>(a.values[k]), std::bit_cast<std::uint64_t>(b.values[k]))
          << a.name << " frame " << k << ": cpu " << a.values[k] << " gpu " << b.values[k];
      ++compared;
    }
  }
  ASSERT_EQ(cpu.aggregates.size(), gpu.aggregates.size());
  for (std::size_t i = 0; i < cpu.aggregates.size(); ++i) {
    EXPECT_EQ(cpu.aggregates[i].first, gpu.aggregates[i].first);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(cpu.aggregates[i].second),
              std::bit_cast<std::uint64_t>(gpu.aggregates[i].second))
        << cpu.aggregates[i].first;
    ++compared;
  }
  ASSERT_EQ(cpu.models.size(), gpu.models.size());
  for (std::size_t i = 0; i < cpu.models.size(); ++i) {
    const Result::ModelScore& a = cpu.models[i];
    const Result::ModelScore& b = gpu.models[i];
    EXPECT_EQ(a.label, b.label);
    EXPECT_EQ(a.bootstrap, b.bootstrap) << a.label;
    for (auto [x, y, what] : {std::tuple{a.mean, b.mean, "mean"}, std::tuple{a.bagging, b.bagging, "bagging"},
                              std::tuple{a.stddev, b.stddev, "stddev"}, std::tuple{a.ci_lo, b.ci_lo, "ci_lo"},
                              std::tuple{a.ci_hi, b.ci_hi, "ci_hi"}}) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(x), std::bit_cast<std::uint64_t>(y)) << a.label << " " << what;
      ++compared;
    }
  }
  EXPECT_GT(compared, 0u);
  ::testing::Test::RecordProperty("values_compared", static_cast<int>(compared));
}

inline std::string describe(const DeviceCounts& c) {
  return "launches " + std::to_string(c.launches) + ", h2d " + std::to_string(c.h2d_copies) + " (" +
         std::to_string(c.h2d_bytes) + " B), d2h " + std::to_string(c.d2h_copies) + " (" +
         std::to_string(c.d2h_bytes) + " B), host waits " + std::to_string(c.host_waits);
}

// The run of `feature` on the device, after the same run on the CPU: each ran where it was
// asked to, and every value of the device run equals the CPU's (expect_identical).
inline Result run_beside_cpu(const Pair& pair, Backend backend, const FeatureRequest& feature) {
  const Result cpu = run_engine(pair, BackendChoice::Cpu, feature);
  Result gpu = run_engine(pair, choice_of(backend), feature);
  EXPECT_EQ(cpu.backend, "cpu");
  EXPECT_EQ(gpu.backend, to_string(backend));
  expect_identical(cpu, gpu);
  return gpu;
}

// What one frame of a run of one twin costs (DESIGN.md, the frame pipeline): `launches`
// kernels, one upload of the planes `layout` holds, one download of its results block,
// one host wait.
inline DeviceCounts frame_counts(const gpu::FrameLayout& layout, std::uint64_t launches) {
  DeviceCounts c;
  c.launches = launches;
  c.h2d_copies = 1;
  c.h2d_bytes = layout.upload_bytes();
  c.d2h_copies = 1;
  c.d2h_bytes = layout.results_bytes();
  c.host_waits = 1;
  return c;
}

// Every one of the run's `frame_count` frames had device work, and cost between `least`
// and `most` (per field: the per-frame minimum is `least`, the maximum `most`).
inline void expect_frame_counts(const DeviceStats& d, unsigned frame_count, const DeviceCounts& least,
                                const DeviceCounts& most) {
  EXPECT_EQ(d.frames, frame_count);
  EXPECT_EQ(d.per_frame_min, least) << describe(d.per_frame_min);
  EXPECT_EQ(d.per_frame_max, most) << describe(d.per_frame_max);
}

// A twin with no options against its CPU extractor on `pair`: every value equal, and each
// frame's device work exactly the plan's: `launches` kernels, one upload of `planes`, one
// readback of the results block (`results_bytes` of the twin's slot), one host wait.
inline void check_one_run(const Pair& pair, Backend backend, const char* feature, gpu::PlaneMask planes,
                          std::size_t results_bytes, const std::function<unsigned(unsigned bpc)>& launches) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  const Result gpu = run_beside_cpu(pair, backend, {feature, {}});
  ASSERT_TRUE(gpu.device.has_value());
  const DeviceStats& d = *gpu.device;
  const gpu::FrameLayout layout(geometry, planes, results_bytes);
  const DeviceCounts want = frame_counts(layout, launches(geometry.bpc));
  expect_frame_counts(d, gpu.frame_count, want, want);
  EXPECT_EQ(d.total.launches, want.launches * d.frames);
  EXPECT_EQ(d.total.host_waits, want.host_waits * d.frames);
  std::printf("  %-40s %2u frames, per frame: %s\n", pair.name.c_str(), d.frames, describe(d.per_frame_max).c_str());
}

// A frame's pixels: the raw geometry, else the .y4m header's W and H (0 when unreadable).
inline unsigned pixels_of(const Pair& pair) {
  if (pair.raw) return pair.raw->width * pair.raw->height;
  std::ifstream in(pair.ref, std::ios::binary);
  std::string header;
  std::getline(in, header);
  unsigned w = 0, h = 0;
  std::istringstream fields(header);
  for (std::string f; fields >> f;) {
    if (f[0] == 'W') w = static_cast<unsigned>(std::strtoul(f.c_str() + 1, nullptr, 10));
    if (f[0] == 'H') h = static_cast<unsigned>(std::strtoul(f.c_str() + 1, nullptr, 10));
  }
  return w * h;
}

// On a CPU device (SYCL's OpenMP one, which CI runs) a kernel is a host loop, a hundred
// times a GPU's time: the pairs above this size (the 853x480, 720p, 1080p and 4K ones) are
// left out there, the 1920x128 strip kept for its width. A GPU runs every pair, and so
// does a CPU device with FASTVMAF_DEVICE_SET_ALL set. A test whose twin is cheap there may
// raise its cap (`cpu_device_pixels`), or add a large pair's first frames (`first_frames`,
// run there whatever its size): the chains' tiles (ADR 0213) start at 1080p.
inline constexpr unsigned kCpuDevicePixels = 1920 * 128;

// On a CPU device the pairs it runs stop after this many frames: enough for every
// temporal window (motion's five frames, SpEED's) and frames past it, while a GPU runs
// every frame through the same kernel bodies. The three 576x324 pairs have 24 frames, and
// run whole they took 1080 of the 1396 s the SYCL device-set tests spent in a CI run.
inline constexpr unsigned kCpuDeviceFrames = 8;

// The main() of a test over the device set, after InitGoogleTest: exits kSkip without a
// usable `backend` device, fails without the device set, else runs `check` once per pair
// (of the device set, then `more`) that `keep` accepts (every pair without one) as the test `suite`.<pair>. `before` and
// `after` bracket the run once a device is known to be there (a CUPTI subscriber); on a
// CPU device the pairs above `cpu_device_pixels` are left out, unless samples (`first_frames`),
// and the rest stop after kCpuDeviceFrames frames.
inline int run_over_device_set(Backend backend, const char* suite, const std::function<void(const Pair&)>& check,
                               const std::function<bool(const Pair&)>& keep = {},
                               const std::function<void()>& before = {}, const std::function<void()>& after = {},
                               const std::vector<Pair>& more = {}, unsigned cpu_device_pixels = kCpuDevicePixels) {
  const std::string skip = why_skip(backend);
  if (!skip.empty()) {
    std::printf("SKIP: %s\n", skip.c_str());
    return kSkip;
  }
  std::vector<Pair> pairs = device_set();
  if (pairs.empty()) {
    std::fprintf(stderr, "no device set found (set FASTVMAF_DEVICE_SET)\n");
    return 1;
  }
  pairs.insert(pairs.end(), more.begin(), more.end());
  const bool on_cpu = !gpu::find_runtime(backend)->probe().gpu && !std::getenv("FASTVMAF_DEVICE_SET_ALL");
  if (before) before();
  for (Pair pair : pairs) {
    if (keep && !keep(pair)) continue;
    if (on_cpu && !pair.sample && pixels_of(pair) > cpu_device_pixels) {
      std::printf("left out on a CPU device: %s (%u pixels)\n", pair.name.c_str(), pixels_of(pair));
      continue;
    }
    if (on_cpu && (pair.frames == 0 || pair.frames > kCpuDeviceFrames)) pair.frames = kCpuDeviceFrames;
    struct T : ::testing::Test {
      T(std::function<void(const Pair&)> c, Pair q) : check(std::move(c)), p(std::move(q)) {}
      void TestBody() override { check(p); }
      std::function<void(const Pair&)> check;
      Pair p;
    };
    ::testing::RegisterTest(suite, pair.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [check, pair]() -> ::testing::Test* { return new T(check, pair); });
  }
  const int rc = RUN_ALL_TESTS();
  if (after) after();
  return rc;
}

}  // namespace fastvmaf::gputest
