// Fuzz target for compressed input (io/av_source.cpp, the module's code linked in): byte 0
// chooses the file's extension (libavformat's probing takes it as a hint), the rest is
// written to a file of this process and opened as the CLI opens a compressed input (one
// decoder thread); every frame is read (at most 8, frames of at most 2^22 samples), then
// the source is closed. It must end in frames or an InputError (std::invalid_argument
// for a size the engine refuses), never a crash, a hang or a sanitizer report in our code.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "core/error.hpp"
#include "fuzz_input.hpp"
#include "io/av_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const char* const kExtensions[] = {".mp4", ".mkv", ".ivf", ".h264", ".nut", ".avi", ".webm", ".bin"};
  fastvmaf::fuzz::FuzzInput input(data, size);
  const std::string ext = kExtensions[input.byte() % 8];
  const std::string bytes = input.rest();
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("fastvmaf_av_fuzz_" + std::to_string(::getpid()) + ext))
                               .string();
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  } else {
    return 0;
  }
  try {
    fastvmaf::io::DecodeOptions options;
    options.threads = 1;
    auto src = fastvmaf::io::open_compressed(path, options);
    const auto& g = src->geometry();
    if (static_cast<std::size_t>(g.width) * g.height <= (1u << 22)) {
      auto pic = fastvmaf::Picture::allocate(g.format, g.bpc, g.width, g.height);
      for (int i = 0; i < 8 && src->read(pic); ++i) {
      }
    }
  } catch (const fastvmaf::InputError&) {
  } catch (const std::invalid_argument&) {
  }
  std::remove(path.c_str());
  return 0;
}
