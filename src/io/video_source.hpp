// Sources of decoded pictures: .y4m files and raw .yuv files (libvmaf's -w -h -p -b).
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "core/plane_set.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::io {

// Largest picture we accept, checked before anything is allocated: 16K x 16K.
inline constexpr unsigned kMaxDimension = 16384;

// Frames per second as a fraction; num 0: not known.
struct FrameRate {
  int num = 0, den = 1;
  bool known() const { return num > 0 && den > 0; }
  // The same rate, however written (30/1 and 60/2).
  bool same(const FrameRate& o) const { return static_cast<long long>(num) * o.den == static_cast<long long>(o.num) * den; }
};

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
  // Random access for several reading threads: a regular file whose frames all sit at
  // fixed offsets (raw .yuv; .y4m whose size is a whole number of bare "FRAME\n" lines
  // with their planes). indexed_frames() of them, read by read_at() with pread (no shared
  // file position), so threads may read different frames at once. Sources that are not
  // indexed (pipes, compressed files, scaled sources, y4m with frame parameters or a
  // truncated last frame) are read in order with read().
  bool indexed() const { return index_.stride != 0; }
  unsigned indexed_frames() const { return index_.count; }
  // Reads frame n (of the file, skipped frames included) into `pic`, with read()'s checks
  // and messages. Requires indexed() and n < indexed_frames().
  void read_at(unsigned n, Picture& pic) const;
  // Whether map_at() can give this source's frames: an indexed regular file, not
  // monochrome, of frames of 1 MiB or more whose planes' rows need no padding (every
  // plane's width a multiple of 32 samples, as 1280x720, 1920x1080 and 3840x2160 4:2:0
  // are) and, above 8 bits, whose samples sit at even offsets in the file (a y4m header
  // of even length plus "FRAME\n"), mapped read-only into memory on the first call
  // (false where mmap refuses it).
  bool mappable() const;
  // Frame n (of the file, skipped frames included) as a read-only picture over the
  // mapped file: no copy. read_at()'s checks and messages (its frame header, samples
  // above the bit depth, a file that shrank since it was opened); its pages are faulted in
  // here (MADV_POPULATE_READ), and dropped from this process's memory when the last copy
  // of the picture goes (the page cache keeps them). Requires mappable() and
  // n < indexed_frames(). A file truncated while one of its frames is in use ends the
  // process with SIGBUS, as any reader of a mapped file would.
  // `planes`: those anything will read. The others' pages are not faulted in (the
  // chroma of a run of luma-only extractors; the whole reference of a run of CAMBI
  // without full_ref), and those the checks read (above 8 bits) are dropped at once; a
  // read of them still gives the file's samples.
  std::shared_ptr<const Picture> map_at(unsigned n, PlaneSet planes = kAllPlanes) const;
  // A monochrome source (y4m Cmono): read as 4:2:0 with mid-grey chroma, so it may only
  // be compared with another monochrome source.
  bool monochrome() const { return mono_; }
  // "mono", or the chroma format ("420", "422", "444") for messages.
  std::string format_name() const { return mono_ ? "mono" : to_string(geometry_.format); }
  // The frame rate a compressed file declares (libavformat's guess, as ffmpeg's); not
  // known for .y4m and raw files, which are scored as sequences of frames.
  const FrameRate& frame_rate() const { return frame_rate_; }
  // A compressed file decoded by the GPU (DecodeOptions::hwdec): its frames stay in device
  // memory and are read with read_device(), never read().
  bool on_device() const { return on_device_; }
  // The next frame as a picture in the GPU's memory, and what keeps that memory as it is
  // until released; false at a clean end of file. The decoder's copies into it are
  // enqueued on the context's legacy default stream. Throws as read() does.
  virtual bool read_device(DeviceFrameView& view, std::shared_ptr<void>& keep);

 protected:
  VideoSource(std::string path, std::FILE* f) : path_(std::move(path)), file_(f, &std::fclose) {}
  // Reads `bytes` into dst; returns how many were read.
  std::size_t read_bytes(void* dst, std::size_t bytes);
  // Reads the planes of one frame (after any frame header) into pic and checks sample
  // ranges. `frame_bytes` is the size on disk.
  void read_planes(Picture& pic, bool mono);
  // After a frame's planes are in `pic`: mono's neutral chroma, and the check that no
  // sample is above the bit depth (frame number `frame` in the message).
  void finish_planes(Picture& pic, bool mono, unsigned frame) const;
  // Once the header is read (the file positioned at frame 0): indexes the frames when the
  // file is regular and its rest is whole records of `frame_header` and a frame's planes.
  void index_frames(std::string_view frame_header);
  // Reads past the planes of one frame (frame skipping), with the same checks.
  void skip_planes(bool mono);
  std::size_t frame_bytes(bool mono) const;
  // Once the geometry is known: a regular file that has bytes after the header but not
  // enough for one frame (and its `frame_header_bytes`) is refused before anything is
  // allocated for a frame size the file cannot hold.
  void check_first_frame_fits(std::size_t frame_header_bytes);

  VideoGeometry geometry_;
  std::string path_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  unsigned frames_ = 0;
  bool mono_ = false;
  bool on_device_ = false;
  FrameRate frame_rate_;

 private:
  struct Mapping;
  std::shared_ptr<const Mapping> map() const;
  // read_at()'s and map_at()'s error for frame n's header.
  [[noreturn]] void fail_bad_header(unsigned n) const;

  struct Index {
    std::uint64_t first = 0;   // offset of frame 0's record
    std::uint64_t stride = 0;  // bytes per record; 0: not indexed
    std::string header;        // each record's frame header ("FRAME\n" or nothing)
    unsigned count = 0;
  } index_;
  mutable std::once_flag map_once_;
  mutable std::shared_ptr<const Mapping> map_;  // null: not mappable
};

// Opens a YUV4MPEG2 file: C420jpeg, C420mpeg2, C420paldv, C420, C422, C444,
// C420p10/p12/p16, C422p10/p12/p16, C444p10/p12/p16, Cmono, Cmono10/12/16.
// Mono is read as 4:2:0 with neutral chroma (mid-grey).
std::unique_ptr<VideoSource> open_y4m(const std::string& path);
// The same from an open stream (fmemopen in the fuzz tests); the source closes it.
std::unique_ptr<VideoSource> open_y4m(std::FILE* f, const std::string& name);

// Opens a headerless planar file of the given geometry (libvmaf's -w -h -p -b).
std::unique_ptr<VideoSource> open_yuv(const std::string& path, const VideoGeometry& geometry);
// The same from an open stream (the fuzz tests); the source closes it.
std::unique_ptr<VideoSource> open_yuv(std::FILE* f, const std::string& name, const VideoGeometry& geometry);

// Where compressed input is decoded: on the CPU, or by NVDEC (libavcodec's CUDA hwaccel)
// into the GPU's memory (the CLI's --hwdec none, cuda, auto).
enum class HwDecode { None, Cuda, Auto };

// How compressed input is decoded (io/av_source.hpp).
struct DecodeOptions {
  unsigned threads = 0;  // libavcodec threads per file; 0: libavcodec's choice (about one per core)
  // Cuda: NVDEC on CUDA device `hw_device`, in its primary context (the one the engine's
  // CUDA runtime uses); a stream NVDEC cannot decode (codec, profile, size, 4:2:2) is
  // decoded on the CPU instead, and describe() says why. open_video() asks `device_run`
  // first (Cuda and Auto alike) whether the run takes pictures in CUDA device memory, and
  // on which device; without it, or when it says no, the CPU decodes.
  HwDecode hwdec = HwDecode::None;
  int hw_device = 0;
  std::function<bool(int& device)> device_run;
  std::string convert;   // pixel format (ffmpeg's name) for inputs that cannot be scored as
                         // stored (RGB, 4:1:1, alpha); empty: such inputs are an error
};

// Opens `path` by what it is (io/open_video.cpp): y4m when named .y4m or starting with
// the YUV4MPEG2 magic; raw yuv with `geometry` when `raw` (-w -h -p -b) and not named as
// a container (.mp4, .mkv, ...); anything else as a compressed file.
std::unique_ptr<VideoSource> open_video(const std::string& path, bool raw, const VideoGeometry& geometry,
                                        const DecodeOptions& decode = {});

}  // namespace fastvmaf::io
