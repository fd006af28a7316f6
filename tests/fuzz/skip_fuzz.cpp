// Fuzz target for frame skipping (--frame_skip_ref / --frame_skip_dist): the first byte
// chooses the reader (bit 0: y4m or raw .yuv) and how many frames to skip (0-7); for
// raw .yuv four more bytes choose the geometry as in yuv_fuzz.cpp. Then skip() that
// many times and read what follows.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/error.hpp"
#include "fuzz_input.hpp"
#include "io/video_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fastvmaf;
  fuzz::FuzzInput in(data, size);
  const std::uint8_t first = in.byte();
  const bool raw = first & 1;
  const int skips = (first >> 1) % 8;
  static const PixelFormat kFormats[] = {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444};
  static const unsigned kDepths[] = {8, 10, 12, 16};
  VideoGeometry g;
  if (raw) {
    g.width = 1u + in.byte() % 64u;
    g.height = 1u + in.byte() % 64u;
    g.format = kFormats[in.byte() % 3];
    g.bpc = kDepths[in.byte() % 4];
  }
  const std::string file = in.rest();
  std::vector<char> bytes(file.begin(), file.end());
  std::FILE* f = fuzz::memory_file(bytes);
  if (!f) return 0;
  try {
    std::unique_ptr<io::VideoSource> src = raw ? io::open_yuv(f, "fuzz.yuv", g) : io::open_y4m(f, "fuzz.y4m");
    const VideoGeometry& sg = src->geometry();
    if (static_cast<std::size_t>(sg.width) * sg.height > (1u << 22)) return 0;
    for (int i = 0; i < skips && src->skip(); ++i) {
    }
    auto pic = Picture::allocate(sg.format, sg.bpc, sg.width, sg.height);
    for (int i = 0; i < 2 && src->read(pic); ++i) {
    }
  } catch (const InputError&) {
  }
  return 0;
}
