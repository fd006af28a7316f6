// Fuzz target for the y4m reader: any bytes must end in frames or an InputError,
// never a crash, a hang or an out-of-bounds access (run it under ASan/UBSan).
//
// Built two ways: with clang -fsanitize=fuzzer it is a libFuzzer target
// (FASTVMAF_LIBFUZZER); otherwise main() below replays seeds and a fixed number of
// deterministic mutations of them, which is what ctest runs (label fuzz).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/video_source.hpp"

namespace {

void read_all(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  // fmemopen needs a mutable buffer that outlives the stream.
  std::vector<std::uint8_t> copy(data, data + size);
  std::FILE* f = fmemopen(copy.data(), copy.size(), "rb");
  if (!f) return;
  try {
    auto src = fastvmaf::io::open_y4m(f, "fuzz.y4m");
    const auto& g = src->geometry();
    // Keep allocations small: the reader already refuses > 16384; the fuzzer's
    // memory limit would still trip on 16384x16384, which is legitimate.
    if (static_cast<std::size_t>(g.width) * g.height > (1u << 22)) return;
    auto pic = fastvmaf::Picture::allocate(g.format, g.bpc, g.width, g.height);
    for (int i = 0; i < 4 && src->read(pic); ++i) {
    }
  } catch (const fastvmaf::InputError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  read_all(data, size);
  return 0;
}

#ifndef FASTVMAF_LIBFUZZER
namespace {

std::string seed(const std::string& header, std::size_t frame_bytes, int frames, std::uint8_t value) {
  std::string s = header + "\n";
  for (int i = 0; i < frames; ++i) s += "FRAME\n" + std::string(frame_bytes, static_cast<char>(value));
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const int iterations = argc > 1 ? std::atoi(argv[1]) : 3000;
  const std::vector<std::string> seeds = {
      seed("YUV4MPEG2 W8 H6 F25:1 Ip A1:1 C420jpeg XYSCSS=420JPEG", 8 * 6 + 2 * 4 * 3, 2, 16),
      seed("YUV4MPEG2 W7 H5 C422p10", (7 * 5 + 2 * 4 * 5) * 2, 2, 3),
      seed("YUV4MPEG2 W4 H4 C444p16", 4 * 4 * 3 * 2, 1, 200),
      seed("YUV4MPEG2 W5 H3 Cmono12", 5 * 3 * 2, 2, 7),
      seed("YUV4MPEG2 W3 H3 C444", 27, 3, 255),
  };
  std::mt19937 rng(12345);
  std::size_t runs = 0;
  for (const auto& s : seeds) {
    read_all(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
    ++runs;
  }
  const char* tokens[] = {"W", "H", "C", "I", "F", " ", "\n", "FRAME", "0", "99999999", "-1", "p10", "mono", "t"};
  for (int i = 0; i < iterations; ++i) {
    std::string s = seeds[rng() % seeds.size()];
    const int edits = 1 + static_cast<int>(rng() % 6);
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const std::size_t pos = rng() % s.size();
      switch (rng() % 5) {
        case 0: s[pos] = static_cast<char>(rng()); break;                                   // flip a byte
        case 1: s.resize(pos); break;                                                          // truncate
        case 2: s.insert(pos, tokens[rng() % (sizeof tokens / sizeof *tokens)]); break;      // insert a token
        case 3: s.erase(pos, 1 + rng() % 8); break;                                           // delete a run
        default: s.insert(pos, std::string(1 + rng() % 64, static_cast<char>(rng()))); break;  // insert bytes
      }
    }
    read_all(reinterpret_cast<const std::uint8_t*>(s.data()), s.size());
    ++runs;
  }
  std::printf("y4m fuzz replay: %zu inputs, no crash\n", runs);
  return 0;
}
#endif
