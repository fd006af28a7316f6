// Fuzz target for the raw .yuv reader (-w -h -p -b): the first four bytes choose the
// geometry (width and height 1-64, 4:2:0 / 4:2:2 / 4:4:4, 8 / 10 / 12 / 16 bits), the
// rest is the file. Frames or an InputError, nothing else.
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "fuzz_input.hpp"
#include "io/video_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace fastvmaf;
  fuzz::FuzzInput in(data, size);
  static const PixelFormat kFormats[] = {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444};
  static const unsigned kDepths[] = {8, 10, 12, 16};
  VideoGeometry g;
  g.width = 1u + in.byte() % 64u;
  g.height = 1u + in.byte() % 64u;
  g.format = kFormats[in.byte() % 3];
  g.bpc = kDepths[in.byte() % 4];
  const std::string file = in.rest();
  std::vector<char> bytes(file.begin(), file.end());
  std::FILE* f = fuzz::memory_file(bytes);
  if (!f) return 0;
  try {
    auto src = io::open_yuv(f, "fuzz.yuv", g);
    auto pic = Picture::allocate(g.format, g.bpc, g.width, g.height);
    for (int i = 0; i < 4 && src->read(pic); ++i) {
    }
  } catch (const InputError&) {
  }
  return 0;
}
