// The pair reader with several threads per indexed file hands out exactly what one
// thread per file reading in order does: the same frames in the same order, the same
// skips and limits, the same end-of-file warning and the same errors at the same frame.
// Mapped frames (VideoSource::map_at) are the frames reading gives, with its errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <memory>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <system_error>
#include <vector>

#include "core/error.hpp"
#include "core/pair_storage.hpp"
#include "io/pair_reader.hpp"
#include "io/video_source.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::io {
namespace {

std::string temp_prefix() { return "fastvmaf_pr_" + std::to_string(::getpid()) + "_"; }

std::string temp_path(const std::string& name) { return (fs::temp_directory_path() / (temp_prefix() + name)).string(); }

// This process's files (temp_path) go when its tests end, passed or failed: ctest runs
// each test in a process of its own, and each left its y4m files in the temporary folder.
class RemoveTempFiles final : public ::testing::Environment {
 public:
  void TearDown() override {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::temp_directory_path(), ec))
      if (e.path().filename().string().rfind(temp_prefix(), 0) == 0) fs::remove(e.path(), ec);
  }
};
[[maybe_unused]] ::testing::Environment* const kRemoveTempFiles =
    ::testing::AddGlobalTestEnvironment(new RemoveTempFiles);

// A 4:2:0 y4m of `frames` frames, W x H, `bpc` bits; every sample a function of its
// frame, plane and position, so a frame out of place or a torn frame shows. `header(k)`
// is frame k's header line; `sample(k, i)` overrides a sample.
std::string write_y4m(const std::string& name, unsigned w, unsigned h, unsigned bpc, unsigned frames,
                      const std::function<std::string(unsigned)>& header = {}, std::size_t truncate_last = 0,
                      const std::function<int(unsigned, std::size_t)>& sample = {}, const std::string& tags = "") {
  const std::string p = temp_path(name);
  std::ofstream f(p, std::ios::binary);
  f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip " << (bpc == 8 ? "C420" : "C420p" + std::to_string(bpc)) << tags
    << "\n";
  const std::size_t cw = (w + 1) / 2, ch = (h + 1) / 2;
  const std::size_t samples = std::size_t{w} * h + 2 * cw * ch;
  const unsigned maxv = (1u << bpc) - 1;
  for (unsigned k = 0; k < frames; ++k) {
    f << (header ? header(k) : std::string("FRAME\n"));
    std::string bytes;
    for (std::size_t i = 0; i < samples; ++i) {
      int v = static_cast<int>((i * 13 + k * 101) % (maxv + 1));
      if (sample && sample(k, i) >= 0) v = sample(k, i);
      if (bpc == 8) {
        bytes += static_cast<char>(v);
      } else {
        bytes += static_cast<char>(v & 0xff);
        bytes += static_cast<char>(v >> 8);
      }
    }
    if (k + 1 == frames && truncate_last) bytes.resize(bytes.size() - truncate_last);
    f << bytes;
  }
  return p;
}

// Everything a reader hands out: each pair's bytes, then how it ended.
struct Outcome {
  std::vector<std::string> frames;
  std::string error;
  std::string mismatch;
};

std::string bytes_of(const Picture& p) {
  std::string s;
  for (int i = 0; i < 3; ++i) {
    const Plane& pl = p.plane(i);
    for (unsigned y = 0; y < pl.height; ++y)
      s.append(pl.row<const char>(y), pl.width * p.bytes_per_sample());
  }
  return s;
}

Outcome read_all(const std::string& ref, const std::string& dis, unsigned readers, unsigned skip_ref = 0,
                 unsigned skip_dis = 0, unsigned max_frames = 0, unsigned ahead = 3, PairStorage* storage = nullptr,
                 PlanesRead planes = {}) {
  auto r = open_y4m(ref);
  auto d = open_y4m(dis);
  Outcome o;
  try {
    PairReader reader(*r, *d, skip_ref, skip_dis, max_frames,
                      {.ahead = ahead, .storage = storage, .readers = readers, .planes = planes});
    for (unsigned n = 0;; ++n) {
      auto pair = reader.next();
      if (!pair) break;
      EXPECT_EQ(pair->index, n);
      o.frames.push_back(bytes_of(*pair->ref) + "|" + bytes_of(*pair->dis));
    }
    o.mismatch = reader.mismatch();
  } catch (const InputError& e) {
    o.error = e.what();
  }
  return o;
}

void expect_same(const Outcome& a, const Outcome& b) {
  ASSERT_EQ(a.frames.size(), b.frames.size());
  for (std::size_t i = 0; i < a.frames.size(); ++i) EXPECT_TRUE(a.frames[i] == b.frames[i]) << "pair " << i;
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.mismatch, b.mismatch);
}

TEST(PairReader, IndexedFilesAreReadAtFixedOffsets) {
  EXPECT_TRUE(open_y4m(write_y4m("ix.y4m", 33, 17, 8, 5))->indexed());
  EXPECT_EQ(open_y4m(write_y4m("ix.y4m", 33, 17, 8, 5))->indexed_frames(), 5u);
  // Frame parameters, or a truncated last frame: read in order only.
  EXPECT_FALSE(open_y4m(write_y4m("params.y4m", 33, 17, 8, 5, [](unsigned) { return std::string("FRAME Ip\n"); }))
                   ->indexed());
  EXPECT_FALSE(open_y4m(write_y4m("trunc.y4m", 33, 17, 8, 5, {}, 7))->indexed());
}

TEST(PairReader, SeveralThreadsHandOutWhatOneDoes) {
  for (unsigned bpc : {8u, 10u}) {
    const auto ref = write_y4m("ref.y4m", 67, 35, bpc, 23);
    const auto dis = write_y4m("dis.y4m", 67, 35, bpc, 23, {}, 0, [](unsigned k, std::size_t i) {
      return i == 5 ? static_cast<int>(k % 7) : -1;
    });
    const Outcome one = read_all(ref, dis, 1);
    ASSERT_EQ(one.frames.size(), 23u);
    for (unsigned readers : {2u, 3u, 4u, 8u})
      for (unsigned ahead : {1u, 2u, 5u, 16u}) {
        SCOPED_TRACE(testing::Message() << bpc << " bit, " << readers << " readers, ahead " << ahead);
        expect_same(read_all(ref, dis, readers, 0, 0, 0, ahead), one);
        expect_same(read_all(ref, dis, readers, 3, 1, 0, ahead), read_all(ref, dis, 1, 3, 1, 0, ahead));
        expect_same(read_all(ref, dis, readers, 2, 0, 9, ahead), read_all(ref, dis, 1, 2, 0, 9, ahead));
      }
  }
}

TEST(PairReader, UnequalLengthsEndAndWarnAsInOrder) {
  const auto ref = write_y4m("long.y4m", 40, 24, 8, 12);
  const auto dis = write_y4m("short.y4m", 40, 24, 8, 7);
  const auto trunc = write_y4m("tshort.y4m", 40, 24, 8, 7, {}, 3);  // read in order beside an indexed one
  for (unsigned readers : {2u, 4u}) {
    const Outcome a = read_all(ref, dis, readers);
    EXPECT_EQ(a.frames.size(), 7u);
    EXPECT_NE(a.mismatch.find("ended before"), std::string::npos) << a.mismatch;
    expect_same(a, read_all(ref, dis, 1));
    expect_same(read_all(dis, ref, readers), read_all(dis, ref, 1));
    const Outcome t = read_all(ref, trunc, readers);
    EXPECT_EQ(t.frames.size(), 6u);
    EXPECT_NE(t.error.find("frame 6 is truncated"), std::string::npos) << t.error;
    expect_same(t, read_all(ref, trunc, 1));
  }
}

TEST(PairReader, AnErrorStopsTheRunAtItsFrame) {
  // Frame 9 of the distorted file has a sample above 10 bits.
  const auto ref = write_y4m("r10.y4m", 48, 20, 10, 16);
  const auto dis = write_y4m("d10.y4m", 48, 20, 10, 16, {}, 0,
                             [](unsigned k, std::size_t i) { return k == 9 && i == 100 ? 1500 : -1; });
  // And a frame whose header is not a bare FRAME line although the file is whole records
  // of the bare header's size (a 6-byte header with no line end).
  const auto odd = write_y4m("odd.y4m", 48, 20, 10, 16,
                             [](unsigned k) { return std::string(k == 4 ? "FRAMEx" : "FRAME\n"); });
  for (unsigned readers : {1u, 2u, 4u}) {
    SCOPED_TRACE(readers);
    const Outcome o = read_all(ref, dis, readers);
    EXPECT_EQ(o.frames.size(), 9u);
    EXPECT_NE(o.error.find("frame 9: sample value 1500"), std::string::npos) << o.error;
    // The limit stops before the bad frame: no error.
    const Outcome limited = read_all(ref, dis, readers, 0, 0, 9);
    EXPECT_EQ(limited.frames.size(), 9u);
    EXPECT_EQ(limited.error, "");
    // In order, the bad header misaligns what follows, so where it fails depends on the
    // bytes; with several threads it is frame 4's header.
    const Outcome h = read_all(ref, odd, readers);
    EXPECT_NE(h.error, "");
    if (readers > 1) {
      EXPECT_EQ(h.frames.size(), 4u);
      EXPECT_NE(h.error.find("frame 4: bad frame header"), std::string::npos) << h.error;
    }
  }
}


// Storage of plain pictures: with it, a reader reads (read / read_at) what it would map.
struct PlainStorage final : PairStorage {
  VideoGeometry g;
  explicit PlainStorage(const VideoGeometry& geometry) : g(geometry) {}
  std::pair<std::shared_ptr<Picture>, std::shared_ptr<Picture>> make_pair() override {
    return {std::make_shared<Picture>(Picture::allocate(g.format, g.bpc, g.width, g.height)),
            std::make_shared<Picture>(Picture::allocate(g.format, g.bpc, g.width, g.height))};
  }
};

// Frames of 1 MiB or more with planes 32-sample multiples wide: mapped.
constexpr unsigned kMapW8 = 1024, kMapH8 = 704;   // 8-bit 4:2:0, 1.08 MB a frame
constexpr unsigned kMapW10 = 640, kMapH10 = 576;  // 10-bit 4:2:0, 1.1 MB a frame
// A tag that makes the 10-bit header 40 bytes long: samples at even offsets. Without it
// (37 bytes) they are at odd ones, where a 16-bit file is read, not mapped.
const std::string kEven10 = " XA";

TEST(MappedFrames, AreTheFramesReadGives) {
  for (unsigned bpc : {8u, 10u}) {
    SCOPED_TRACE(bpc);
    const unsigned w = bpc == 8 ? kMapW8 : kMapW10, h = bpc == 8 ? kMapH8 : kMapH10;
    const auto path = write_y4m("map.y4m", w, h, bpc, 4, {}, 0, {}, bpc == 8 ? "" : kEven10);
    auto mapped = open_y4m(path);
    auto read = open_y4m(path);
    ASSERT_TRUE(mapped->mappable());
    Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
    for (unsigned n = 0; n < 4; ++n) {
      ASSERT_TRUE(read->read(pic));
      const auto m = mapped->map_at(n);
      EXPECT_TRUE(bytes_of(*m) == bytes_of(pic)) << "frame " << n;
      EXPECT_EQ(m->plane(1).stride, static_cast<std::ptrdiff_t>(w / 2 * (bpc == 8 ? 1 : 2)));
    }
    // Out of order and again: each frame is where the index says.
    const std::string f2 = bytes_of(*mapped->map_at(2));
    EXPECT_FALSE(f2 == bytes_of(*mapped->map_at(1)));
    EXPECT_TRUE(f2 == bytes_of(*mapped->map_at(2)));
  }
}

TEST(MappedFrames, OnlyWhereNoPaddingIsNeededAndFramesAreLarge) {
  EXPECT_FALSE(open_y4m(write_y4m("pad.y4m", 1000, 704, 8, 2))->mappable());        // rows need padding
  EXPECT_FALSE(open_y4m(write_y4m("cpad.y4m", 1056, 704, 8, 2))->mappable());       // chroma rows (528) do
  EXPECT_FALSE(open_y4m(write_y4m("small.y4m", 576, 320, 8, 2))->mappable());       // 276 KB frames: read
  EXPECT_FALSE(open_y4m(write_y4m("params.y4m", kMapW8, kMapH8, 8, 2, [](unsigned) { return std::string("FRAME Ip\n"); }))
                   ->mappable());                                                   // not indexed
  EXPECT_TRUE(open_y4m(write_y4m("big.y4m", kMapW8, kMapH8, 8, 2))->mappable());
  EXPECT_FALSE(open_y4m(write_y4m("odd10.y4m", kMapW10, kMapH10, 10, 2))->mappable());  // odd offsets
  EXPECT_TRUE(open_y4m(write_y4m("even10.y4m", kMapW10, kMapH10, 10, 2, {}, 0, {}, kEven10))->mappable());
}

// `f` throws an InputError whose message contains `what`.
void expect_input_error(const std::function<void()>& f, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one containing \"" << what << "\"";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
  }
}

TEST(MappedFrames, ReportWhatReadingReports) {
  // Frame 3 has a sample above 10 bits; frame 2's header is not a bare FRAME line.
  const auto range = write_y4m("mr10.y4m", kMapW10, kMapH10, 10, 5, {}, 0,
                               [](unsigned k, std::size_t i) { return k == 3 && i == 4321 ? 1500 : -1; }, kEven10);
  const auto header = write_y4m("mh.y4m", kMapW8, kMapH8, 8, 5, [](unsigned k) { return std::string(k == 2 ? "FRAMEx" : "FRAME\n"); });
  auto a = open_y4m(range);
  ASSERT_TRUE(a->mappable());
  EXPECT_NO_THROW(a->map_at(2));
  expect_input_error([&] { a->map_at(3); }, "frame 3: sample value 1500");
  // Unread, or only the luma read: still checked whole.
  expect_input_error([&] { a->map_at(3, kNoPlanes); }, "frame 3: sample value 1500");
  expect_input_error([&] { a->map_at(3, kLumaPlane); }, "frame 3: sample value 1500");
  auto b = open_y4m(header);
  ASSERT_TRUE(b->mappable());
  expect_input_error([&] { b->map_at(2); }, "frame 2: bad frame header");
  expect_input_error([&] { b->map_at(2, kNoPlanes); }, "frame 2: bad frame header");
  // A file that shrinks after it was opened: a truncated frame, not a fault on the pages
  // that are gone.
  const auto shrinking = write_y4m("shrink.y4m", kMapW8, kMapH8, 8, 3);
  auto c = open_y4m(shrinking);
  ASSERT_TRUE(c->mappable());
  fs::resize_file(shrinking, fs::file_size(shrinking) - 1000);
  EXPECT_NO_THROW(c->map_at(1));
  expect_input_error([&] { c->map_at(2); }, "frame 2 is truncated");
}

// The resident bytes of this process's mappings of `path` (/proc/self/smaps), not the
// process's whole memory, which its allocator moves too.
std::size_t resident_of(const std::string& path) {
  std::ifstream f("/proc/self/smaps");
  std::string line;
  bool in = false;
  std::size_t kb = 0;
  while (std::getline(f, line)) {
    if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') < line.find(' ')) {
      in = line.size() >= path.size() && line.compare(line.size() - path.size(), path.size(), path) == 0;
    } else if (in && line.rfind("Rss:", 0) == 0) {
      kb += std::stoul(line.substr(4));
    }
  }
  return kb << 10;
}

TEST(MappedFrames, UnreadPlanesStayOutOfMemory) {
  constexpr unsigned kFrames = 24;
  for (unsigned bpc : {8u, 10u}) {
    SCOPED_TRACE(bpc);
    const unsigned w = bpc == 8 ? kMapW8 : kMapW10, h = bpc == 8 ? kMapH8 : kMapH10;
    const auto path = fs::canonical(write_y4m("unread.y4m", w, h, bpc, kFrames, {}, 0, {}, bpc == 8 ? "" : kEven10)).string();
    const std::size_t luma = static_cast<std::size_t>(w) * h * (bpc == 8 ? 1 : 2), chroma = luma / 2;
    auto mapped = open_y4m(path);
    ASSERT_TRUE(mapped->mappable());
    for (PlaneSet planes : {kAllPlanes, kLumaPlane, kChromaPlanes, kNoPlanes}) {
      SCOPED_TRACE(static_cast<int>(planes));
      std::vector<std::shared_ptr<const Picture>> held;
      held.reserve(kFrames);
      mapped->map_at(0, planes);  // the allocations a picture makes, once, before the count
      const std::size_t before = resident_of(path);
      for (unsigned n = 0; n < kFrames; ++n) held.push_back(mapped->map_at(n, planes));
      const std::size_t after = resident_of(path), grown = after > before ? after - before : 0;
      // The planes read of the held frames are resident in the file's mapping, and beyond
      // them at most an eighth of the frames (what the faults mapped beside them; above 8
      // bits the check reads every plane first). A frame's unread chroma kept would be a
      // third of it; an unread luma, two. The mapping's own memory is counted, not the
      // process's, which its allocator moves (a sanitizer build's by 2 MiB in one CI run;
      // in another it shrank during the count).
      const std::size_t wanted = (has_plane(planes, 0) ? luma : 0) + (has_plane(planes, 1) ? chroma : 0);
      EXPECT_GE(grown, kFrames * wanted * 9 / 10);
      EXPECT_LT(grown, kFrames * (wanted + (luma + chroma) / 8));
      // Read or not, the samples are the file's.
      auto read = open_y4m(path);
      Picture pic = Picture::allocate(PixelFormat::YUV420, bpc, w, h);
      for (unsigned n = 0; n < kFrames; ++n) {
        ASSERT_TRUE(read->read(pic));
        EXPECT_TRUE(bytes_of(*held[n]) == bytes_of(pic)) << "frame " << n;
      }
    }
  }
}

TEST(MappedFrames, ReleasedFramesLeaveMemory) {
  // A fast run releases frame n before its reader maps n + 1. A fault maps the page
  // cache's whole folio around it (Linux 6.18 on ext4: up to 512 KiB seen, 2 MiB
  // possible), which reaches back into frame n, released already: what it mapped there must
  // go with n + 1, or memory grows with the video's length (1080p psnr, one thread, before:
  // 22 MB peak at 24 frames, 64 MB at 300).
  constexpr unsigned kFrames = 48;
  const auto path = fs::canonical(write_y4m("released.y4m", kMapW8, kMapH8, 8, kFrames)).string();
  auto mapped = open_y4m(path);
  ASSERT_TRUE(mapped->mappable());
  const std::size_t frame = static_cast<std::size_t>(kMapW8) * kMapH8 * 3 / 2;
  std::size_t most = 0;
  for (unsigned n = 0; n < kFrames; ++n) {
    mapped->map_at(n);  // mapped and released: what stays is what no release took
    most = std::max(most, resident_of(path));
  }
  // After each release at most the pages ahead of it that its faults mapped (a folio), and
  // after the last one nothing: what a release leaves behind adds up frame after frame.
  EXPECT_LE(most, std::size_t{2} << 20) << "resident between frames: up to " << most << " bytes, frames of " << frame;
  EXPECT_LT(resident_of(path), frame / 8) << "resident after the last frame";
}

TEST(MappedFrames, APairReaderMapsWhatItWouldRead) {
  const auto ref = write_y4m("mref.y4m", kMapW8, kMapH8, 8, 9);
  const auto dis = write_y4m("mdis.y4m", kMapW8, kMapH8, 8, 7, {}, 0,
                             [](unsigned k, std::size_t i) { return i == 5 ? static_cast<int>(k % 7) : -1; });
  const auto bad = write_y4m("mbad.y4m", kMapW8, kMapH8, 8, 9, [](unsigned k) { return std::string(k == 5 ? "FRAMEx" : "FRAME\n"); });
  PlainStorage storage(VideoGeometry{kMapW8, kMapH8, PixelFormat::YUV420, 8});
  for (unsigned readers : {1u, 2u}) {
    SCOPED_TRACE(readers);
    const Outcome mapped = read_all(ref, dis, readers);
    EXPECT_EQ(mapped.frames.size(), 7u);
    EXPECT_NE(mapped.mismatch.find("ended before"), std::string::npos) << mapped.mismatch;
    expect_same(mapped, read_all(ref, dis, readers, 0, 0, 0, 3, &storage));
    expect_same(read_all(ref, dis, readers, 2, 1, 4, 2), read_all(ref, dis, readers, 2, 1, 4, 2, &storage));
    const Outcome b = read_all(ref, bad, readers);
    EXPECT_EQ(b.frames.size(), 5u);
    EXPECT_NE(b.error.find("frame 5: bad frame header"), std::string::npos) << b.error;
    // A reference nothing reads, a distorted side of which only the luma is read: the
    // same pairs and errors.
    const PlanesRead cambi_alone{kNoPlanes, kLumaPlane};
    expect_same(mapped, read_all(ref, dis, readers, 0, 0, 0, 3, nullptr, cambi_alone));
    const Outcome unread_bad = read_all(bad, dis, readers, 0, 0, 0, 3, nullptr, cambi_alone);
    EXPECT_EQ(unread_bad.frames.size(), 5u);
    EXPECT_NE(unread_bad.error.find("frame 5: bad frame header"), std::string::npos) << unread_bad.error;
  }
}

// A source whose frames are in device memory, as NVDEC's are: fake addresses that name
// the frame, and keeps that count how many frames are still held.
class FakeDeviceSource final : public VideoSource {
 public:
  FakeDeviceSource(unsigned frames, std::shared_ptr<std::atomic<int>> live) : VideoSource("fake.mp4", nullptr), count_(frames), live_(std::move(live)) {
    geometry_ = VideoGeometry{16, 8, PixelFormat::YUV420, 8};
    on_device_ = true;
  }
  static const void* address(unsigned k) { return reinterpret_cast<const void*>(std::uintptr_t{0x1000} * (k + 1)); }
  bool read(Picture&) override { throw std::logic_error("read() on a device source"); }
  bool skip() override { return frames_ < count_ && ++frames_; }
  bool read_device(DeviceFrameView& v, std::shared_ptr<void>& keep) override {
    if (frames_ == count_) return false;
    v = DeviceFrameView{};
    v.planes[0] = DevicePlaneView{address(frames_), 16, 16, 8};
    v.planes[1] = DevicePlaneView{address(frames_), 16, 8, 4};
    v.interleaved_chroma = true;
    ++*live_;
    keep = std::shared_ptr<void>(new int(0), [live = live_](void* p) {
      --*live;
      delete static_cast<int*>(p);
    });
    ++frames_;
    return true;
  }

 private:
  unsigned count_;
  std::shared_ptr<std::atomic<int>> live_;
};

// Storage that must not be used: a side on the device takes no slab.
struct NoStorage final : PairStorage {
  std::pair<std::shared_ptr<Picture>, std::shared_ptr<Picture>> make_pair() override {
    ADD_FAILURE() << "the reader asked the storage for a pair although a side is on the device";
    auto a = std::make_shared<Picture>(Picture::allocate(PixelFormat::YUV420, 8, 16, 8));
    auto b = std::make_shared<Picture>(Picture::allocate(PixelFormat::YUV420, 8, 16, 8));
    return {a, b};
  }
};

TEST(PairReader, DeviceFramesTravelWithTheirKeepAndBesideAHostPicture) {
  const std::string ref = write_y4m("host_ref.y4m", 16, 8, 8, 5);
  auto live = std::make_shared<std::atomic<int>>(0);
  {
    auto r = open_y4m(ref);
    FakeDeviceSource d(4, live);
    NoStorage storage;
    PairReader reader(*r, d, 1, 0, 0, {.ahead = 2, .storage = &storage});
    std::vector<FramePair> held;
    while (auto pair = reader.next()) {
      ASSERT_TRUE(pair->device) << "pair " << pair->index;
      ASSERT_TRUE(pair->ref) << "the host side keeps its picture";
      EXPECT_FALSE(pair->dis);
      EXPECT_EQ(pair->device->ref.planes[0].data, nullptr) << "the host side has no device view";
      EXPECT_EQ(pair->device->dis.planes[0].data, FakeDeviceSource::address(pair->index));
      EXPECT_TRUE(pair->device->dis.interleaved_chroma);
      held.push_back(std::move(*pair));
    }
    ASSERT_EQ(held.size(), 4u);  // the reference has 5 - 1 skipped
    EXPECT_EQ(reader.mismatch(), "");
    EXPECT_EQ(live->load(), 4) << "every frame handed out is held until its pair goes";
    held.clear();
    EXPECT_EQ(live->load(), 0);
  }
  EXPECT_EQ(live->load(), 0) << "frames read ahead are released with the reader";
}

TEST(PairReader, BothSidesOnTheDeviceShareOneKeep) {
  auto live = std::make_shared<std::atomic<int>>(0);
  FakeDeviceSource r(3, live), d(5, live);
  PairReader reader(r, d, 0, 0, 0, {.ahead = 2});
  unsigned n = 0;
  while (auto pair = reader.next()) {
    ASSERT_TRUE(pair->device);
    EXPECT_FALSE(pair->ref);
    EXPECT_EQ(pair->device->ref.planes[0].data, FakeDeviceSource::address(n));
    EXPECT_EQ(pair->device->dis.planes[0].data, FakeDeviceSource::address(n));
    auto keep = pair->device;
    pair.reset();
    EXPECT_GE(live->load(), 2);
    keep.reset();
    ++n;
  }
  EXPECT_EQ(n, 3u);
  EXPECT_NE(reader.mismatch().find("\"fake.mp4\" ended before \"fake.mp4\""), std::string::npos) << reader.mismatch();
}

}  // namespace
}  // namespace fastvmaf::io
