// Fuzz target for the y4m reader: any bytes must end in frames or an InputError,
// never a crash, a hang or an out-of-bounds access (run it under ASan/UBSan).
// Built with clang -fsanitize=fuzzer it is a libFuzzer target (FASTVMAF_LIBFUZZER);
// otherwise fuzz_replay.cpp replays its seed corpus (corpus/y4m) and mutations.
#include <cstdint>
#include <vector>

#include "core/error.hpp"
#include "fuzz_input.hpp"
#include "io/video_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<char> bytes(data, data + size);
  std::FILE* f = fastvmaf::fuzz::memory_file(bytes);
  if (!f) return 0;
  try {
    auto src = fastvmaf::io::open_y4m(f, "fuzz.y4m");
    const auto& g = src->geometry();
    // Keep allocations small: the reader accepts up to 16384x16384, which is
    // legitimate but would trip the fuzzer's memory limit on any stream it cannot size.
    if (static_cast<std::size_t>(g.width) * g.height > (1u << 22)) return 0;
    auto pic = fastvmaf::Picture::allocate(g.format, g.bpc, g.width, g.height);
    for (int i = 0; i < 4 && src->read(pic); ++i) {
    }
  } catch (const fastvmaf::InputError&) {
  }
  return 0;
}
