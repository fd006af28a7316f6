// Device-only CAMBI timing: the twin as the device strand drives it (twin_driver.hpp:
// frames resident on the device, several in flight), the latency of one frame, the host's
// enqueue time, the device work per frame from the counters; and a sweep of c-value
// block layouts: rows per block
// R (0: automatic), or bT for the automatic layout aiming at T blocks a scale; columns per
// block C (0: automatic; 16 or 32). The kernels are driven directly, and every layout is
// checked to give the twin's values.
//
//   cambi_gpu_bench [--iterations N] [--layouts R:C,bT:C,...] FILE.y4m ...
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "gpu/compat.hpp"

#include "core/options.hpp"
#include "core/registry.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/gpu/cambi_kernels.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/stream.hpp"
#include "io/video_source.hpp"
#include "twin_driver.hpp"

namespace fastvmaf {
namespace {

using bench::Clock;
using bench::ms_since;
constexpr const char* kWho = "cambi bench";
constexpr unsigned kMaxFrames = 4;

struct Clip {
  std::string name;
  VideoGeometry g;
  std::vector<Picture> pictures;
  gpu::FrameLayout layout;
  std::vector<gpu::DeviceBuffer<std::uint8_t>> frames;  // uploaded once
};

Clip load(const std::string& path, const gpu::StreamRef& stream) {
  Clip c;
  c.name = path.substr(path.find_last_of('/') + 1);
  auto src = io::open_video(path, false, {});
  c.g = src->geometry();
  for (unsigned k = 0; k < kMaxFrames; ++k) {
    Picture p = Picture::allocate(c.g.format, c.g.bpc, c.g.width, c.g.height);
    if (!src->read(p)) break;
    c.pictures.push_back(std::move(p));
  }
  c.layout = gpu::FrameLayout(c.g, gpu::plane_bit(gpu::Side::Dis, 0));
  gpu::PinnedBuffer<std::uint8_t> staging(c.layout.upload_bytes() * c.pictures.size(), kWho);
  for (std::size_t k = 0; k < c.pictures.size(); ++k) {
    std::uint8_t* s = staging.data() + k * c.layout.upload_bytes();
    c.layout.pack(c.pictures[k], c.pictures[k], s);
    c.frames.emplace_back(c.layout.upload_bytes(), kWho);
    stream.upload(c.frames.back().get(), s, c.layout.upload_bytes());
  }
  gpu::Event done(kWho);
  done.record(stream);
  done.wait_host();
  return c;
}

// The twin as the device strand drives it (bench/twin_driver.hpp); returns the values of
// the clip's frames, which every layout below must reproduce.
std::vector<double> bench_twin(const std::string& path, unsigned iterations) {
  bench::TwinDriver driver(path, path, {"cambi"}, kMaxFrames);
  bench::Values values;
  const bench::TwinTiming t = driver.run(iterations, values);
  const VideoGeometry& g = driver.geometry();
  const double n = t.iterations;
  std::printf("| %s | %ux%u | twin, device-only | %.4f ms/frame | latency %.4f ms | host enqueue %.4f ms/frame | "
              "per frame: %.1f launches, %.1f d2h, %.1f waits%s |\n",
              path.substr(path.find_last_of('/') + 1).c_str(), g.width, g.height, t.ms_per_frame, t.latency_ms,
              t.enqueue_ms, t.per_frame_total.launches / n, t.per_frame_total.d2h_copies / n,
              t.per_frame_total.host_waits / n, t.repeatable ? "" : "; ITERATIONS DIFFER");
  const std::vector<double>& v = values.series.at(0).second;
  return std::vector<double>(v.begin(), v.begin() + driver.frames());
}

// The kernels driven directly with a chosen chunk layout; back-to-back frames, one wait.
struct Layout {
  unsigned rows = 0, target = 0;
  int cols = 0;
};

void bench_layout(const Clip& c, unsigned iterations, const Layout& layout, const std::vector<double>& want) {
  const OptionSet options("cambi", &cambi::option_specs(), OptionDict{});
  const cambi::Settings settings = cambi::settings_from_options(options);
  const cambi::Plan plan = cambi::make_plan(settings, c.g);
  const cambi::twin::LaunchPlan lp = cambi::twin::make_launch_plan(
      plan, c.g, layout.rows, layout.cols, layout.target ? layout.target : cambi::twin::kCValueTargetBlocks);
  gpu::Counters counters;
  gpu::Stream stream(counters, kWho);
  cambi::TwinBuffers buffers(lp, plan.dis, kWho);
  buffers.upload_init(stream.ref());
  // Two results slots, zeroed by an upload before each frame as the frame pipeline's
  // upload zeroes them.
  gpu::PinnedBuffer<cambi::twin::Results> results(2, kWho), zeros(1, kWho);
  std::memset(zeros.data(), 0, sizeof(cambi::twin::Results));
  gpu::DeviceBuffer<cambi::twin::Results> slots(2, kWho);
  const unsigned n = static_cast<unsigned>(c.pictures.size());
  auto run = [&](unsigned i) {
    cambi::twin::FramePointers f = buffers.pointers();
    f.luma = c.frames[i % n].get() + c.layout.slot(gpu::Side::Dis, 0).offset;
    f.pitch = c.layout.slot(gpu::Side::Dis, 0).pitch;
    f.results = slots.get() + (i & 1u);
    stream.ref().upload(f.results, zeros.data(), sizeof(cambi::twin::Results));
    cambi::enqueue_frame(stream.ref(), lp, f);
    stream.ref().download(results.data() + (i & 1u), f.results, sizeof(cambi::twin::Results));
  };
  gpu::Event done(kWho);
  // Frame 0 and 1, checked against the twin's values.
  bool equal = true;
  for (unsigned i = 0; i < std::min(n, 2u); ++i) {
    run(i);
    done.record(stream.ref());
    done.wait_host();
    const double score = cambi::twin::score_of(results[i & 1u], lp, plan.dis.window);
    const double clipped = score < settings.max_val ? score : settings.max_val;
    equal = equal && std::memcmp(&clipped, &want[i], sizeof(double)) == 0;
  }
  const auto t0 = Clock::now();
  for (unsigned i = 0; i < iterations; ++i) run(i);
  done.record(stream.ref());
  done.wait_host();
  const double total = ms_since(t0);
  std::ostringstream chunks;
  for (int s = 0; s < cambi::twin::kScales; ++s)
    chunks << (s ? " " : "") << lp.scales[s].tiles << "x" << lp.scales[s].chunks << "x" << lp.scales[s].chunk_rows;
  const std::string rows = layout.rows ? std::to_string(layout.rows)
                                      : "auto/" + std::to_string(layout.target ? layout.target
                                                                               : cambi::twin::kCValueTargetBlocks);
  std::printf("| %s | %ux%u | kernels, rows %s, cols %d (tiles x chunks x rows: %s) | %.4f ms/frame | %u c-value "
              "blocks, %zu B shared | %s |\n",
              c.name.c_str(), c.g.width, c.g.height, rows.c_str(), lp.cols,
              chunks.str().c_str(), total / iterations, lp.cvalue_blocks, lp.hist_bytes,
              equal ? "values equal the twin's" : "VALUES DIFFER FROM THE TWIN'S");
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  using namespace fastvmaf;  // NOLINT(build/namespaces)
  unsigned iterations = 200;
  std::vector<Layout> layouts;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--iterations" && i + 1 < argc) {
      iterations = static_cast<unsigned>(std::atoi(argv[++i]));
    } else if (a == "--layouts" && i + 1 < argc) {
      std::stringstream ss(argv[++i]);
      for (std::string r; std::getline(ss, r, ',');) {
        const std::size_t colon = r.find(':');
        const std::string rows = r.substr(0, colon);
        Layout l;
        if (!rows.empty() && rows[0] == 'b')
          l.target = static_cast<unsigned>(std::atoi(rows.c_str() + 1));
        else
          l.rows = static_cast<unsigned>(std::atoi(rows.c_str()));
        l.cols = colon == std::string::npos ? 0 : std::atoi(r.substr(colon + 1).c_str());
        layouts.push_back(l);
      }
    } else {
      files.push_back(a);
    }
  }
  const gpu::Probe probe = gpu::Device::probe();
  if (!probe.usable) {
    std::printf("SKIP: %s\n", probe.detail.c_str());
    return 77;
  }
  std::printf("device: %s; %u iterations\n\n", probe.detail.c_str(), iterations);
  std::printf("| clip | size | what | time | | | |\n|---|---|---|---|---|---|---|\n");
  try {
    gpu::Counters counters;
    gpu::Stream stream(counters, kWho);
    for (const std::string& f : files) {
      const std::vector<double> values = bench_twin(f, iterations);
      if (layouts.empty()) continue;
      const Clip c = load(f, stream.ref());
      for (const Layout& l : layouts) bench_layout(c, iterations, l, values);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "cambi_gpu_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
