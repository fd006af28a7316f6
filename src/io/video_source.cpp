#include "io/video_source.hpp"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/error.hpp"
#include "core/plane_size.hpp"
#include "core/sample.hpp"

namespace fastvmaf::io {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw InputError(fmt::format("{}: {}", path, what));
}

std::FILE* open_or_fail(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) fail(path, fmt::format("cannot open: {}", std::strerror(errno)));
  // fopen opens a directory for reading; its first read would fail with EISDIR.
  struct stat st {};
  if (::fstat(::fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    std::fclose(f);
    fail(path, "is a directory, not a video file");
  }
  return f;
}

void check_geometry(const std::string& path, const VideoGeometry& g) {
  if (g.width == 0 || g.height == 0) fail(path, fmt::format("invalid size {}x{}", g.width, g.height));
  if (g.width > kMaxDimension || g.height > kMaxDimension)
    fail(path, fmt::format("size {}x{} is larger than the supported maximum {}x{}", g.width, g.height,
                           kMaxDimension, kMaxDimension));
  if (g.bpc != 8 && g.bpc != 10 && g.bpc != 12 && g.bpc != 16)
    fail(path, fmt::format("unsupported bit depth {} (supported: 8, 10, 12, 16)", g.bpc));
}

// Fills the first `nplanes` planes of `pic` from `read(dst, len)`, which gives up to `len`
// bytes and returns how many: one read for a plane whose rows have no padding (widths that
// are multiples of 32, which the C library copies straight into the picture), else one per
// row. A short read is a truncated frame of `expected` bytes.
template <typename Read>
void fill_planes(Picture& pic, int nplanes, const std::string& path, unsigned frame, std::size_t expected, Read&& read) {
  const std::size_t bytes = pic.bytes_per_sample();
  std::size_t got = 0;
  for (int p = 0; p < nplanes; ++p) {
    Plane& pl = pic.plane(p);
    const std::size_t row = pl.width * bytes;
    const bool packed = static_cast<std::size_t>(pl.stride) == row;
    const unsigned reads = packed ? 1 : pl.height;
    const std::size_t chunk = packed ? row * pl.height : row;
    for (unsigned y = 0; y < reads; ++y) {
      const std::size_t n = read(pl.row<std::uint8_t>(y), chunk);
      got += n;
      if (n != chunk)
        fail(path, fmt::format("frame {} is truncated: {} of {} bytes ({} bytes short)", frame, got, expected,
                               expected - got));
    }
  }
}

}  // namespace

std::size_t VideoSource::read_bytes(void* dst, std::size_t bytes) { return std::fread(dst, 1, bytes, file_.get()); }

bool VideoSource::read_device(DeviceFrameView&, std::shared_ptr<void>&) {
  throw std::logic_error(path_ + ": read_device() on a source whose frames are not decoded into device memory");
}

void VideoSource::check_first_frame_fits(std::size_t frame_header_bytes) {
  // Only a regular file's size is known (not a pipe's, not fmemopen's).
  const int fd = ::fileno(file_.get());
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
  const long at = std::ftell(file_.get());
  if (at < 0 || st.st_size <= at) return;  // nothing after the header: an empty video
  const auto left = static_cast<std::uintmax_t>(st.st_size - at);
  const std::size_t frame = frame_bytes(mono_);
  if (left >= frame_header_bytes + frame) return;
  fail(path_, fmt::format("frame 0 is truncated: the file holds {} bytes{}, one {}x{} {} {}-bit frame needs {}{}",
                          left, frame_header_bytes ? " after its header" : "", geometry_.width, geometry_.height,
                          format_name(), geometry_.bpc, frame, frame_header_bytes ? " and its FRAME line" : ""));
}

std::size_t VideoSource::frame_bytes(bool mono) const {
  const std::size_t bytes = bytes_per_sample(geometry_.bpc);
  const std::size_t luma = static_cast<std::size_t>(geometry_.width) * geometry_.height;
  if (mono) return luma * bytes;
  const std::size_t cw = plane_width(geometry_, 1), ch = plane_height(geometry_, 1);
  return (luma + 2 * cw * ch) * bytes;
}

void VideoSource::skip_planes(bool mono) {
  const std::size_t n = frame_bytes(mono);
  std::vector<std::uint8_t> buf(std::min<std::size_t>(n, 1 << 20));
  std::size_t left = n;
  while (left) {
    const std::size_t chunk = std::min(left, buf.size());
    const std::size_t got = read_bytes(buf.data(), chunk);
    if (got != chunk)
      fail(path_, fmt::format("frame {} is truncated: {} of {} bytes ({} bytes short)", frames_, n - left + got, n,
                              left - got));
    left -= chunk;
  }
  ++frames_;
}

void VideoSource::read_planes(Picture& pic, bool mono) {
  const unsigned frame = frames_;
  fill_planes(pic, mono ? 1 : 3, path_, frame, frame_bytes(mono),
              [&](void* dst, std::size_t len) { return read_bytes(dst, len); });
  finish_planes(pic, mono, frame);
  ++frames_;
}

void VideoSource::finish_planes(Picture& pic, bool mono, unsigned frame) const {
  const std::size_t bytes = pic.bytes_per_sample();
  const int nplanes = mono ? 1 : 3;
  if (mono) {
    // Neutral chroma, as libvmaf's former y4m mono conversion wrote it.
    const unsigned mid = 1u << (pic.bpc() - 1);
    for (int p = 1; p < 3; ++p) {
      Plane& pl = pic.plane(p);
      for (unsigned y = 0; y < pl.height; ++y) {
        if (bytes == 1) {
          std::memset(pl.row<std::uint8_t>(y), static_cast<int>(mid), pl.width);
        } else {
          auto* r = pl.row<std::uint16_t>(y);
          for (unsigned x = 0; x < pl.width; ++x) r[x] = static_cast<std::uint16_t>(mid);
        }
      }
    }
  }
  // Samples above the bit depth would index past the tables of several features.
  if (bytes == 2 && pic.bpc() < 16) {
    const std::uint16_t maxv = static_cast<std::uint16_t>((1u << pic.bpc()) - 1);
    for (int p = 0; p < nplanes; ++p) {
      const Plane& pl = pic.plane(p);
      for (unsigned y = 0; y < pl.height; ++y) {
        const std::uint16_t* r = pl.row<std::uint16_t>(y);
        std::uint16_t m = 0;
        for (unsigned x = 0; x < pl.width; ++x) m = r[x] > m ? r[x] : m;
        if (m > maxv) {
          unsigned x = 0;
          while (r[x] <= maxv) ++x;
          fail(path_, fmt::format("frame {}: sample value {} at plane {} row {} column {} exceeds the {}-bit range",
                                  frame, r[x], p, y, x, pic.bpc()));
        }
      }
    }
  }
}

void VideoSource::index_frames(std::string_view frame_header) {
  const int fd = ::fileno(file_.get());
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return;
  const long at = std::ftell(file_.get());
  if (at < 0 || st.st_size <= at) return;
  const std::uint64_t stride = frame_header.size() + frame_bytes(mono_);
  const auto rest = static_cast<std::uint64_t>(st.st_size - at);
  if (stride == 0 || rest % stride != 0 || rest / stride > 0xffffffffu) return;
  if (!frame_header.empty()) {
    // Frame 0's header must be the bare one; read_at checks every other frame's.
    std::string first(frame_header.size(), '\0');
    if (::pread(fd, first.data(), first.size(), at) != static_cast<ssize_t>(first.size()) || first != frame_header)
      return;
  }
  index_ = Index{static_cast<std::uint64_t>(at), stride, std::string(frame_header),
                 static_cast<unsigned>(rest / stride)};
}

void VideoSource::fail_bad_header(unsigned n) const {
  fail(path_, fmt::format("frame {}: bad frame header (expected a bare \"FRAME\" line like frame 0's: "
                          "the frames of an indexed file must all be the same size)",
                          n));
}

void VideoSource::read_at(unsigned n, Picture& pic) const {
  const int fd = ::fileno(file_.get());
  std::uint64_t off = index_.first + static_cast<std::uint64_t>(n) * index_.stride;
  // pread until `len` bytes arrived; a short file (it shrank since it was opened) is a
  // truncated frame, as for read().
  auto pread_all = [&](void* dst, std::size_t len) {
    auto* p = static_cast<std::uint8_t*>(dst);
    std::size_t done = 0;
    while (done < len) {
      const ssize_t r = ::pread(fd, p + done, len - done, static_cast<off_t>(off + done));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) fail(path_, fmt::format("frame {}: read error ({})", n, std::strerror(errno)));
      if (r == 0) break;
      done += static_cast<std::size_t>(r);
    }
    off += done;
    return done;
  };
  if (!index_.header.empty()) {
    char h[16];
    const std::size_t len = std::min(index_.header.size(), sizeof h);
    if (pread_all(h, len) != len || std::string_view(h, len) != index_.header)
      fail_bad_header(n);
  }
  fill_planes(pic, mono_ ? 1 : 3, path_, n, frame_bytes(mono_), pread_all);
  finish_planes(pic, mono_, n);
}

// The whole file mapped read-only, followed by one page of zeros of its own (an
// anonymous page), so that code reading a little past the last frame's planes reads
// zeros, as past an allocated picture, where a mapping that ends with the file would fault.
struct VideoSource::Mapping {
  std::uint8_t* base = nullptr;
  std::size_t bytes = 0;  // the file's size plus the page of zeros
  ~Mapping() {
    if (base) ::munmap(base, bytes);
  }
};

namespace {
const std::size_t kPage = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
// A fault on a mapped file maps the pages around it too, within an aligned 64 KiB
// (Linux's fault_around_bytes): a frame whose pages are dropped takes that much of its
// neighbours' with it, so that what a neighbour's fault mapped of it does not stay.
constexpr std::size_t kFaultAround = std::size_t{64} << 10;
// A fault may also map the page cache's whole folio around it (Linux 6.18 on ext4: folios
// up to 512 KiB seen, x86-64's 2 MiB possible), reaching back into the frame before. A run
// releases its frames in order, often before the reader maps the next one (a fast
// extractor), so what a frame's faults mapped of the one before it is dropped with the
// frame: the drop reaches this far back (pages of a frame still held would be faulted in
// again, as with kFaultAround). Without it, memory grew with the video's length.
constexpr std::size_t kFolioReach = std::size_t{2} << 20;
// Smaller frames are read: a mapped frame costs two system calls and a TLB shootdown on
// the cores running the process, fixed costs that copying a 576x324 frame (280 KB) beats
// (psnr and motion about 5 % slower mapped on the 2-core EPYC VM), and a 1080p one does not.
constexpr std::size_t kMapFrom = std::size_t{1} << 20;

// [p, p + len) widened to whole blocks of `align` bytes (a power of two).
void widen(const std::uint8_t* p, std::size_t len, std::size_t align, std::uint8_t*& first, std::size_t& bytes) {
  const auto a = reinterpret_cast<std::uintptr_t>(p) & ~(align - 1);
  const auto b = (reinterpret_cast<std::uintptr_t>(p) + len + align - 1) & ~(align - 1);
  first = reinterpret_cast<std::uint8_t*>(a);
  bytes = b - a;
}

// [p, p + len) narrowed to the whole blocks of `align` bytes inside it (bytes 0: none).
void narrow(const std::uint8_t* p, std::size_t len, std::size_t align, std::uint8_t*& first, std::size_t& bytes) {
  const auto a = (reinterpret_cast<std::uintptr_t>(p) + align - 1) & ~(align - 1);
  const auto b = (reinterpret_cast<std::uintptr_t>(p) + len) & ~(align - 1);
  first = reinterpret_cast<std::uint8_t*>(a);
  bytes = b > a ? b - a : 0;
}

// Calls f(first, end) for each run [first, end) of consecutive planes that are in `set`
// (member) or not (!member), so that neighbouring planes take one system call.
template <class F>
void plane_runs(PlaneSet set, bool member, F f) {
  int p = 0;
  while (p < 3) {
    if (has_plane(set, p) != member) {
      ++p;
      continue;
    }
    int end = p + 1;
    while (end < 3 && has_plane(set, end) == member) ++end;
    f(p, end);
    p = end;
  }
}

// Whether every plane of `g`'s pictures is stored without padding (Picture::padded_stride).
bool packed_planes(const VideoGeometry& g) {
  for (int p = 0; p < 3; ++p) {
    const unsigned w = plane_width(g, p);
    if (Picture::padded_stride(w, g.bpc) != static_cast<std::size_t>(w) * bytes_per_sample(g.bpc)) return false;
  }
  return true;
}
}  // namespace

std::shared_ptr<const VideoSource::Mapping> VideoSource::map() const {
  std::call_once(map_once_, [this] {
    if (!indexed() || mono_ || !packed_planes(geometry_) || frame_bytes(false) < kMapFrom) return;
    // 16-bit samples must sit at even offsets (a uint16_t read at an odd address is
    // undefined): the y4m header's length decides it for every frame (records are even).
    if ((index_.first + index_.header.size()) % bytes_per_sample(geometry_.bpc) != 0) return;
    const int fd = ::fileno(file_.get());
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) return;
    auto m = std::make_shared<Mapping>();
    const auto size = static_cast<std::size_t>(st.st_size);
    const std::size_t file_pages = (size + kPage - 1) / kPage * kPage;
    void* r = ::mmap(nullptr, file_pages + kPage, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED) return;
    m->base = static_cast<std::uint8_t*>(r);
    m->bytes = file_pages + kPage;
    if (::mmap(r, size, PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0) == MAP_FAILED) return;  // m unmaps it
    map_ = std::move(m);
  });
  return map_;
}

bool VideoSource::mappable() const { return map() != nullptr; }

std::shared_ptr<const Picture> VideoSource::map_at(unsigned n, PlaneSet planes) const {
  const std::shared_ptr<const Mapping> m = map();
  if (!m) throw std::logic_error(path_ + ": map_at() on a source that is not mapped");
  const std::uint64_t off = index_.first + static_cast<std::uint64_t>(n) * index_.stride;
  const std::size_t frame = frame_bytes(false);
  // The index was made from the file's size at opening; a file that has shrunk since is a
  // truncated frame, as read_at() finds it, not a fault on its missing pages.
  struct stat st {};
  if (::fstat(::fileno(file_.get()), &st) == 0 && static_cast<std::uint64_t>(st.st_size) < off + index_.stride)
    fail(path_, fmt::format("frame {} is truncated: the file has shrunk to {} bytes since it was opened", n,
                            st.st_size));
  const std::uint8_t* at = m->base + off;
  if (std::string_view(reinterpret_cast<const char*>(at), index_.header.size()) != index_.header)
    fail_bad_header(n);
  at += index_.header.size();
  Plane plane[3];
  std::size_t plane_at[4] = {0, 0, 0, 0};  // plane p's bytes: [plane_at[p], plane_at[p + 1])
  const std::size_t sample = bytes_per_sample(geometry_.bpc);
  for (int p = 0; p < 3; ++p) {
    const unsigned w = plane_width(geometry_, p), h = plane_height(geometry_, p);
    plane[p].data = const_cast<std::uint8_t*>(at + plane_at[p]);  // read-only: Picture's planes are not const
    plane[p].stride = static_cast<std::ptrdiff_t>(w * sample);
    plane_at[p + 1] = plane_at[p] + static_cast<std::size_t>(w) * h * sample;
  }
  // Faults the pages of the planes read in here, on the reading thread, not in the
  // extractors.
  plane_runs(planes, true, [&](int p, int end) {
    std::uint8_t* first;
    std::size_t bytes;
    widen(at + plane_at[p], plane_at[end] - plane_at[p], kPage, first, bytes);
#ifdef MADV_POPULATE_READ
    if (::madvise(first, bytes, MADV_POPULATE_READ) != 0 && errno != EINVAL)
      fail(path_, fmt::format("frame {}: read error ({})", n, std::strerror(errno)));
#else
    ::madvise(first, bytes, MADV_WILLNEED);
#endif
  });
  // The frame's pages leave this process's memory with its last user (the page cache
  // keeps them), with what its faults mapped of its neighbours (kFolioReach back); a
  // neighbour's page dropped with them is faulted in again if needed.
  std::uint8_t* drop;
  std::size_t drop_bytes;
  widen(at, frame, std::max(kPage, kFaultAround), drop, drop_bytes);
  std::uint8_t* const end = std::min(drop + drop_bytes, m->base + m->bytes);
  drop = std::max(drop, m->base);
  drop_bytes = static_cast<std::size_t>(end - drop);
  std::uint8_t* const release = drop - std::min(kFolioReach, static_cast<std::size_t>(drop - m->base));
  std::shared_ptr<void> keep(static_cast<void*>(release), [m, bytes = static_cast<std::size_t>(end - release)](void* q) {
    ::madvise(q, bytes, MADV_DONTNEED);
  });
  Picture pic = Picture::wrap(geometry_.format, geometry_.bpc, geometry_.width, geometry_.height, plane,
                              std::move(keep), frame);
  finish_planes(pic, false, n);  // the bit-depth check only: not monochrome
  // The pages of the planes not read that are mapped now are dropped: what the header and
  // the check (above 8 bits: every plane) read, and what the faults of the planes read
  // mapped beside them: a fault maps the page cache's whole folio (Linux 6.18 on ext4
  // here: 140-250 KiB a 1024x704 frame, up to a fifth of its chroma), which reaches back
  // into the frame before too, whose last planes may be unread.
  if (planes == kNoPlanes) ::madvise(drop, drop_bytes, MADV_DONTNEED);  // the header's page too
  const auto drop_inside = [](const std::uint8_t* p, std::size_t len) {
    std::uint8_t* first;
    std::size_t bytes;
    narrow(p, len, kPage, first, bytes);
    if (bytes) ::madvise(first, bytes, MADV_DONTNEED);
  };
  plane_runs(planes, false, [&](int p, int end) {
    if (planes != kNoPlanes) drop_inside(at + plane_at[p], plane_at[end] - plane_at[p]);
    if (end == 3 && n > 0) drop_inside(at - index_.stride + plane_at[p], plane_at[end] - plane_at[p]);
  });
  return std::make_shared<const Picture>(std::move(pic));
}

namespace {

class Y4mSource final : public VideoSource {
 public:
  explicit Y4mSource(const std::string& path) : VideoSource(path, open_or_fail(path)) {
    parse_header();
    check_first_frame_fits(6);  // "FRAME\n"
    index_frames("FRAME\n");
  }
  Y4mSource(std::FILE* f, const std::string& name) : VideoSource(name, f) {
    parse_header();
    check_first_frame_fits(6);
    index_frames("FRAME\n");
  }

  bool read(Picture& pic) override {
    if (!frame_header()) return false;
    read_planes(pic, mono_);
    return true;
  }

  bool skip() override {
    if (!frame_header()) return false;
    skip_planes(mono_);
    return true;
  }

 private:
  void parse_header() {
    std::string line;
    for (;;) {
      const int c = std::fgetc(file_.get());
      if (c == EOF) fail(path_, line.empty() ? "empty file, not a YUV4MPEG2 stream" : "truncated y4m header");
      if (c == '\n') break;
      line.push_back(static_cast<char>(c));
      if (line.size() > 4096) fail(path_, "y4m header line too long (no newline in 4096 bytes)");
    }
    if (line.rfind("YUV4MPEG2", 0) != 0) fail(path_, "not a YUV4MPEG2 file (bad magic)");
    // libvmaf reads the header as a C string, so a NUL would end it there and hide the
    // tags after it; either reading is a guess.
    if (const auto nul = line.find('\0'); nul != std::string::npos)
      fail(path_, fmt::format("y4m header has a NUL byte at offset {}: \"{}\"", nul, printable(line)));
    // Written in text mode on Windows: the frames' bytes are altered the same way.
    if (line.back() == '\r')
      fail(path_, "y4m header line ends with \\r\\n (a DOS line ending): the file was written in text mode, "
                  "which corrupts the frames too; YUV4MPEG2 lines end with \\n");
    std::string chroma = "420jpeg";
    long w = -1, h = -1;
    std::string seen_tags;  // W, H, C, I given so far: each decides the layout, once
    std::string_view rest(line);
    rest.remove_prefix(9);
    while (!rest.empty()) {
      while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
      const auto end = rest.find(' ');
      std::string_view tag = rest.substr(0, end);
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
      if (tag.empty()) continue;
      const char key = tag.front();
      const std::string val(tag.substr(1));
      if (key == 'W' || key == 'H' || key == 'C' || key == 'I') {
        if (seen_tags.find(key) != std::string::npos)
          fail(path_, fmt::format("y4m header: the {} tag appears twice (\"{}\")", key, printable(line)));
        seen_tags += key;
      }
      auto number = [&](const char* what) {
        char* e = nullptr;
        errno = 0;
        const long v = std::strtol(val.c_str(), &e, 10);
        if (val.empty() || *e || errno || v < 0)
          fail(path_, fmt::format("bad y4m {} tag \"{}\"", what, printable(tag)));
        return v;
      };
      switch (key) {
        case 'W': w = number("width"); break;
        case 'H': h = number("height"); break;
        case 'C': chroma = val; break;
        case 'I':
          if (val != "p" && val != "?")
            fail(path_, fmt::format("interlaced y4m (I{}) is not supported; progressive only", printable(val)));
          break;
        default: break;  // F, A, X...: not needed to read the pixels
      }
    }
    if (w < 0 || h < 0) fail(path_, "y4m header lacks the W or H tag");
    struct Fmt {
      const char* tag;
      PixelFormat fmt;
      unsigned bpc;
      bool mono;
    };
    static const Fmt kFormats[] = {
        {"420jpeg", PixelFormat::YUV420, 8, false},  {"420mpeg2", PixelFormat::YUV420, 8, false},
        {"420paldv", PixelFormat::YUV420, 8, false}, {"420", PixelFormat::YUV420, 8, false},
        {"422", PixelFormat::YUV422, 8, false},      {"444", PixelFormat::YUV444, 8, false},
        {"420p10", PixelFormat::YUV420, 10, false},  {"420p12", PixelFormat::YUV420, 12, false},
        {"420p16", PixelFormat::YUV420, 16, false},  {"422p10", PixelFormat::YUV422, 10, false},
        {"422p12", PixelFormat::YUV422, 12, false},  {"422p16", PixelFormat::YUV422, 16, false},
        {"444p10", PixelFormat::YUV444, 10, false},  {"444p12", PixelFormat::YUV444, 12, false},
        {"444p16", PixelFormat::YUV444, 16, false},  {"mono", PixelFormat::YUV420, 8, true},
        {"mono10", PixelFormat::YUV420, 10, true},   {"mono12", PixelFormat::YUV420, 12, true},
        {"mono16", PixelFormat::YUV420, 16, true},
    };
    const Fmt* found = nullptr;
    for (const auto& f : kFormats)
      if (chroma == f.tag) found = &f;
    if (!found)
      fail(path_, fmt::format("unsupported y4m colour space C{} (supported: 420jpeg, 420mpeg2, 420paldv, 420, "
                              "422, 444, 420p10/p12/p16, 422p10/p12/p16, 444p10/p12/p16, mono, mono10/12/16)",
                              printable(chroma)));
    geometry_ = VideoGeometry{static_cast<unsigned>(std::min<long>(w, 1L << 30)),
                              static_cast<unsigned>(std::min<long>(h, 1L << 30)), found->fmt, found->bpc};
    mono_ = found->mono;
    check_geometry(path_, geometry_);
  }

  // Reads "FRAME[ params]\n". False at a clean end of file.
  bool frame_header() {
    char magic[5];
    const std::size_t n = read_bytes(magic, 5);
    if (n == 0) return false;
    if (n < 5 && std::memcmp(magic, "FRAME", n) == 0)
      fail(path_, fmt::format("frame {}: truncated frame header (the file ends inside \"FRAME\")", frames_));
    if (n != 5 || std::memcmp(magic, "FRAME", 5) != 0)
      fail(path_, fmt::format("frame {}: bad frame header (expected \"FRAME\"; the previous frame may be "
                              "the wrong size for the header's W, H and C tags)",
                              frames_));
    for (int i = 0;; ++i) {
      const int c = std::fgetc(file_.get());
      if (c == '\n') break;
      if (c == EOF) fail(path_, fmt::format("frame {}: truncated frame header", frames_));
      if (i > 1024) fail(path_, fmt::format("frame {}: frame header too long", frames_));
    }
    return true;
  }

};

class YuvSource final : public VideoSource {
 public:
  YuvSource(std::FILE* f, const std::string& name, const VideoGeometry& g) : VideoSource(name, f) {
    geometry_ = g;
    check_geometry(name, g);
    check_first_frame_fits(0);
    index_frames("");
  }

  bool read(Picture& pic) override {
    if (at_eof()) return false;
    read_planes(pic, false);
    return true;
  }

  bool skip() override {
    if (at_eof()) return false;
    skip_planes(false);
    return true;
  }

 private:
  bool at_eof() {
    const int c = std::fgetc(file_.get());
    if (c == EOF) return true;
    std::ungetc(c, file_.get());
    return false;
  }
};

}  // namespace

std::unique_ptr<VideoSource> open_y4m(const std::string& path) { return std::make_unique<Y4mSource>(path); }

std::unique_ptr<VideoSource> open_y4m(std::FILE* f, const std::string& name) {
  return std::make_unique<Y4mSource>(f, name);
}

std::unique_ptr<VideoSource> open_yuv(const std::string& path, const VideoGeometry& g) {
  return std::make_unique<YuvSource>(open_or_fail(path), path, g);
}

std::unique_ptr<VideoSource> open_yuv(std::FILE* f, const std::string& name, const VideoGeometry& g) {
  return std::make_unique<YuvSource>(f, name, g);
}

}  // namespace fastvmaf::io
