// Sources of decoded pictures: .y4m files and raw .yuv files (libvmaf's -w -h -p -b).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "fastvmaf/picture.hpp"

namespace fastvmaf::io {

// Largest picture we accept, checked before anything is allocated: 16K x 16K.
inline constexpr unsigned kMaxDimension = 16384;

class VideoSource {
 public:
  virtual ~VideoSource() = default;
  const VideoGeometry& geometry() const { return geometry_; }
  const std::string& path() const { return path_; }
  // Reads the next frame into `pic`, which has this source's geometry. Returns false
  // at a clean end of file. Throws InputError naming the file and frame number on a
  // truncated or malformed frame, or on samples above the bit depth.
  virtual bool read(Picture& pic) = 0;
  // Skips one frame; false at a clean end of file.
  virtual bool skip() = 0;
  unsigned frames_read() const { return frames_; }

 protected:
  VideoSource(std::string path, std::FILE* f) : path_(std::move(path)), file_(f, &std::fclose) {}
  // Reads `bytes` into dst; returns how many were read.
  std::size_t read_bytes(void* dst, std::size_t bytes);
  // Reads the planes of one frame (after any frame header) into pic and checks sample
  // ranges. `frame_bytes` is the size on disk.
  void read_planes(Picture& pic, bool mono);
  // Reads past the planes of one frame (frame skipping), with the same checks.
  void skip_planes(bool mono);
  std::size_t frame_bytes(bool mono) const;

  VideoGeometry geometry_;
  std::string path_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  unsigned frames_ = 0;
};

// Opens a YUV4MPEG2 file: C420jpeg, C420mpeg2, C420paldv, C420, C422, C444,
// C420p10/p12/p16, C422p10/p12/p16, C444p10/p12/p16, Cmono, Cmono10/12/16.
// Mono is read as 4:2:0 with neutral chroma (mid-grey).
std::unique_ptr<VideoSource> open_y4m(const std::string& path);
// The same from an open stream (fmemopen in the fuzz tests); the source closes it.
std::unique_ptr<VideoSource> open_y4m(std::FILE* f, const std::string& name);

// Opens a headerless planar file of the given geometry (libvmaf's -w -h -p -b).
std::unique_ptr<VideoSource> open_yuv(const std::string& path, const VideoGeometry& geometry);

// How compressed input is decoded (io/av_source.hpp).
struct DecodeOptions {
  unsigned threads = 0;  // libavcodec threads per file; 0: libavcodec's choice (about one per core)
  std::string convert;   // pixel format (ffmpeg's name) for inputs that cannot be scored as
                         // stored (RGB, 4:1:1, alpha); empty: such inputs are an error
};

// Opens `path` by what it is (io/open_video.cpp): y4m when named .y4m or starting with
// the YUV4MPEG2 magic; raw yuv with `geometry` when `raw` (-w -h -p -b) and not named as
// a container (.mp4, .mkv, ...); anything else as a compressed file.
std::unique_ptr<VideoSource> open_video(const std::string& path, bool raw, const VideoGeometry& geometry,
                                        const DecodeOptions& decode = {});

}  // namespace fastvmaf::io
