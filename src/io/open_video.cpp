// Which reader a file needs: y4m, raw yuv, or a decoder (io/av_source.hpp).
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string_view>

#include <fmt/format.h>

#include "core/error.hpp"
#include "io/av_source.hpp"
#include "io/video_source.hpp"

namespace fastvmaf::io {

namespace {

std::string extension(const std::string& path) {
  const auto slash = path.find_last_of('/');
  const auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  std::string e = path.substr(dot + 1);
  std::transform(e.begin(), e.end(), e.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

// Names that say "compressed" even beside -w -h -p -b (which otherwise make every input
// raw, as libvmaf's -w -h -p -b do): containers and elementary streams.
bool container_extension(const std::string& ext) {
  static constexpr std::string_view kContainers[] = {
      "mp4", "m4v", "mov", "qt",  "mkv", "webm", "ivf",  "obu",  "avi", "nut",  "mxf",  "ts",
      "m2ts", "mts", "flv", "3gp", "ogv", "mpg",  "mpeg", "m2v",  "wmv", "asf",  "h264", "264",
      "avc", "h265", "265", "hevc", "vvc", "266",  "av1",  "y4v",
  };
  return std::find(std::begin(kContainers), std::end(kContainers), ext) != std::end(kContainers);
}

// Does a regular file start with the YUV4MPEG2 magic? Pipes are not looked into (that
// would consume their bytes): they stay y4m, or raw with -w -h -p -b, as before.
bool y4m_magic(const std::string& path, bool& regular) {
  struct stat st {};
  regular = ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
  if (!regular) return false;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
  char magic[9] = {};
  const std::size_t n = std::fread(magic, 1, sizeof magic, f);
  std::fclose(f);
  return n == sizeof magic && std::memcmp(magic, "YUV4MPEG2", sizeof magic) == 0;
}

// A compressed file is being opened: NVDEC (Cuda) when asked and the run takes device
// pictures, else the CPU (None); the module sees no Auto.
DecodeOptions on_gpu_or_cpu(const DecodeOptions& asked) {
  DecodeOptions d = asked;
  d.hwdec = asked.hwdec != HwDecode::None && asked.device_run && asked.device_run(d.hw_device) ? HwDecode::Cuda
                                                                                             : HwDecode::None;
  return d;
}

}  // namespace

std::unique_ptr<VideoSource> open_video(const std::string& path, bool raw, const VideoGeometry& g,
                                        const DecodeOptions& decode) {
  const std::string ext = extension(path);
  if (ext == "y4m") return open_y4m(path);
  bool regular = false;
  const bool magic = y4m_magic(path, regular);
  if (magic) return open_y4m(path);
  if (raw) return container_extension(ext) ? open_compressed(path, on_gpu_or_cpu(decode)) : open_yuv(path, g);
  if (!regular) return open_y4m(path);  // a missing file or a pipe: the y4m reader says what is wrong
  if (ext == "yuv")
    throw InputError(fmt::format("{}: raw video needs --width/-w, --height/-h, --pixel_format/-p and --bitdepth/-b",
                                 path));
  return open_compressed(path, on_gpu_or_cpu(decode));
}

}  // namespace fastvmaf::io
