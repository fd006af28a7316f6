// io/av_source.hpp in a build without FFmpeg's libraries (the device preset, or a
// machine without libavformat-dev/libavcodec-dev/libswscale-dev): .y4m and raw .yuv are
// read as always; a compressed file or --scale is a clear error.
#include <fmt/format.h>

#include "core/error.hpp"
#include "io/av_source.hpp"

namespace fastvmaf::io {

namespace {

constexpr const char* kNoSupport =
    "this build of fastvmaf has no compressed-input support (it was built without libavformat, libavcodec "
    "and libswscale)";

}  // namespace

bool compressed_input_supported() { return false; }

std::unique_ptr<VideoSource> open_compressed(const std::string& path, const DecodeOptions&) {
  throw InputError(fmt::format("{}: not a YUV4MPEG2 file, and {}: decode it to .y4m first (ffmpeg -i FILE "
                               "-f yuv4mpegpipe -strict -1 FILE.y4m)",
                               path, kNoSupport));
}

const std::vector<std::string>& scale_filters() {
  static const std::vector<std::string> none;
  return none;
}

std::unique_ptr<VideoSource> scale_video(std::unique_ptr<VideoSource> source, unsigned width, unsigned height,
                                         const std::string&) {
  const VideoGeometry& g = source->geometry();
  if (g.width == width && g.height == height) return source;
  throw InputError(fmt::format("--scale: {}; scale \"{}\" to {}x{} with ffmpeg first", kNoSupport, source->path(),
                               width, height));
}

std::string describe(const VideoSource&) { return {}; }

std::vector<std::pair<std::string, std::string>> conversions(const VideoSource&) { return {}; }

}  // namespace fastvmaf::io
