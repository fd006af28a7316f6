// A program built against an installed fastvmaf (C++ API only: include/fastvmaf/): scores
// frames it makes with the built-in default model through a Session, and the same frames
// from a .y4m file through Engine::run, requires the two results to be equal, and prints
// the pooled score. Also checks that a bad frame is the public error type.
//
//   session_consumer DIR [ENCODED lazy|linked]
//
// ENCODED: a lossless encode of DIR/dis.y4m (which the first run wrote); Engine::run on it
// must equal the y4m run. lazy: FFmpeg's libavcodec must not be mapped into the program
// until that run opens ENCODED (libfastvmaf.so loads its compressed-input module then),
// and must be after; linked: libfastvmaf.a links it, no check.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <fastvmaf/engine.hpp>
#include <fastvmaf/error.hpp>
#include <fastvmaf/session.hpp>

namespace {

constexpr unsigned W = 256, H = 256, FRAMES = 3, BPC = 10;

std::uint16_t sample(unsigned k, int p, unsigned x, unsigned y, bool dis) {
  unsigned v = ((x * 3 + y * 5 + k * 7 + p * 40 + (x * y + k) % 13 * 4) % 220 + 16) * 4 + (x + y) % 4;
  if (dis) v = (v + (x * 7 + y * 3 + k) % 29 * 5) % 1024;
  return static_cast<std::uint16_t>(v);
}

struct Frame {
  std::vector<std::uint16_t> planes[3];
  fastvmaf::FrameView view;
  Frame(unsigned k, bool dis) {
    for (int p = 0; p < 3; ++p) {
      const unsigned w = p ? W / 2 : W, h = p ? H / 2 : H;
      planes[p].resize(std::size_t{w} * h);
      for (unsigned y = 0; y < h; ++y)
        for (unsigned x = 0; x < w; ++x) planes[p][y * w + x] = sample(k, p, x, y, dis);
      view.planes[p] = {planes[p].data(), static_cast<std::ptrdiff_t>(w * 2)};
    }
  }
};

std::string write_y4m(const std::string& path, bool dis) {
  std::ofstream f(path, std::ios::binary);
  f << "YUV4MPEG2 W" << W << " H" << H << " F25:1 Ip C420p10\n";
  for (unsigned k = 0; k < FRAMES; ++k) {
    f << "FRAME\n";
    Frame fr(k, dis);
    for (const auto& p : fr.planes) f.write(reinterpret_cast<const char*>(p.data()), static_cast<std::streamsize>(p.size() * 2));
  }
  return path;
}

bool same(const fastvmaf::Result& a, const fastvmaf::Result& b, const char* what) {
  if (a.series.size() != b.series.size() || a.models.size() != 1 || b.models.size() != 1) {
    std::fprintf(stderr, "%s differ in what they computed\n", what);
    return false;
  }
  for (std::size_t i = 0; i < a.series.size(); ++i)
    if (a.series[i].name != b.series[i].name || a.series[i].values != b.series[i].values) {
      std::fprintf(stderr, "%s differ in %s\n", what, a.series[i].name.c_str());
      return false;
    }
  return true;
}

bool libavcodec_mapped() {
  std::ifstream maps("/proc/self/maps");
  const std::string all((std::istreambuf_iterator<char>(maps)), std::istreambuf_iterator<char>());
  return all.find("/libavcodec.so") != std::string::npos;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) return 2;
  const std::string dir = argv[1];
  const std::string encoded = argc == 4 ? argv[2] : "";
  const bool lazy = argc == 4 && std::strcmp(argv[3], "lazy") == 0;
  try {
    fastvmaf::EngineOptions o;
    o.models.push_back({.version = "vmaf_v1.0.16_3d0h"});  // built in: no model file
    o.threads = 2;
    const fastvmaf::Engine engine(o);

    fastvmaf::Session session(engine, {W, H, fastvmaf::PixelFormat::YUV420, BPC});
    for (unsigned k = 0; k < FRAMES; ++k) session.push(Frame(k, false).view, Frame(k, true).view);
    const fastvmaf::Result pushed = session.flush();

    const fastvmaf::Result read = engine.run({write_y4m(dir + "/ref.y4m", false)}, {write_y4m(dir + "/dis.y4m", true)});
    if (!same(pushed, read, "the session and the file run")) return 1;

    if (!encoded.empty()) {
      if (lazy && libavcodec_mapped()) {
        std::fprintf(stderr, "libavcodec is mapped before any compressed file was opened\n");
        return 1;
      }
      const fastvmaf::Result decoded = engine.run({dir + "/ref.y4m"}, {encoded});
      if (!same(read, decoded, "the y4m and the compressed file")) return 1;
      if (lazy && !libavcodec_mapped()) {
        std::fprintf(stderr, "a compressed file was decoded, but libavcodec is not mapped\n");
        return 1;
      }
    }

    // A sample above 10 bits is the public InputError.
    fastvmaf::Session bad(engine, {W, H, fastvmaf::PixelFormat::YUV420, BPC});
    Frame f(0, false);
    f.planes[0][7] = 1024;
    try {
      bad.push(f.view, f.view);
      std::fprintf(stderr, "a sample above the bit depth was accepted\n");
      return 1;
    } catch (const fastvmaf::InputError&) {
    }
    std::printf("%s %.17g\n", read.models[0].name.c_str(), read.models[0].mean);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
}
