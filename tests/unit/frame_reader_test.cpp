// io::FrameReader (one source read in order ahead of the consumer, for the encoding
// ladder) hands out what a PairReader's side does: the frames in order after the skip,
// up to max_frames, then a clean end, read or mapped; a truncated frame is an error at
// that frame, after the good frames before it; a slow consumer bounds how far it reads ahead.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/frame_reader.hpp"
#include "io/video_source.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::io {
namespace {

// An 8-bit 4:2:0 y4m of `frames` W x H frames whose first luma sample is the frame's
// number; the last frame cut `truncate_last` bytes short. 1024x704 frames are mapped
// (VideoSource::mappable), 16x8 ones read.
std::string numbered_y4m(const std::string& name, unsigned frames, std::size_t truncate_last = 0, unsigned w = 16,
                         unsigned h = 8) {
  const std::string p = (fs::temp_directory_path() / ("fastvmaf_fr_" + std::to_string(::getpid()) + "_" + name)).string();
  std::ofstream f(p, std::ios::binary);
  f << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip C420\n";
  for (unsigned k = 0; k < frames; ++k) {
    std::string bytes(std::size_t{w} * h + 2 * std::size_t{w / 2} * (h / 2), static_cast<char>(100));
    bytes[0] = static_cast<char>(k);
    if (k + 1 == frames && truncate_last) bytes.resize(bytes.size() - truncate_last);
    f << "FRAME\n" << bytes;
  }
  return p;
}

// The first luma sample of each frame handed out, then -1 for End or -2 for Error.
std::vector<int> drain(FrameReader& r) {
  std::vector<int> got;
  for (;;) {
    const auto f = r.next();
    if (f.state == FrameReader::Frame::State::Have) {
      got.push_back(f.picture->plane(0).data[0]);
      continue;
    }
    got.push_back(f.state == FrameReader::Frame::State::End ? -1 : -2);
    // After the end, the same again.
    EXPECT_EQ(r.next().state, f.state);
    return got;
  }
}

TEST(FrameReader, SkipAndFrameCountThenACleanEnd) {
  for (unsigned w : {16u, 1024u}) {  // read, and mapped
    const std::string p = numbered_y4m("a.y4m", 6, 0, w, w == 16 ? 8 : 704);
    EXPECT_EQ(open_y4m(p)->mappable(), w == 1024);
    for (unsigned ahead : {1u, 3u, 16u}) {
      SCOPED_TRACE(testing::Message() << "width " << w << ", ahead " << ahead);
      auto src = open_y4m(p);
      FrameReader all(*src, 0, 0, ahead);
      EXPECT_EQ(drain(all), (std::vector<int>{0, 1, 2, 3, 4, 5, -1}));
      auto src2 = open_y4m(p);
      FrameReader some(*src2, 2, 3, ahead);
      EXPECT_EQ(drain(some), (std::vector<int>{2, 3, 4, -1}));
      auto src3 = open_y4m(p);
      FrameReader past(*src3, 10, 0, ahead);
      EXPECT_EQ(drain(past), (std::vector<int>{-1}));
    }
    fs::remove(p);
  }
}

TEST(FrameReader, MappedPlanesNotReadStillGiveTheFilesSamples) {
  // The consumer's planes only are kept in memory (VideoSource::map_at); a read of the
  // others faults their pages in again: the file's samples all the same.
  const std::string p = numbered_y4m("planes.y4m", 4, 0, 1024, 704);
  for (PlaneSet planes : {kLumaPlane, kChromaPlanes, kNoPlanes}) {
    SCOPED_TRACE(static_cast<int>(planes));
    auto src = open_y4m(p);
    ASSERT_TRUE(src->mappable());
    FrameReader r(*src, 1, 0, 2, planes);
    for (int k = 1; k < 4; ++k) {
      const auto f = r.next();
      ASSERT_EQ(f.state, FrameReader::Frame::State::Have);
      EXPECT_EQ(f.picture->plane(0).data[0], k);
      for (int c = 1; c < 3; ++c) {
        const Plane& pl = f.picture->plane(c);
        EXPECT_EQ(pl.data[0], 100);
        EXPECT_EQ(pl.row<std::uint8_t>(pl.height - 1)[pl.width - 1], 100);
      }
    }
    EXPECT_EQ(r.next().state, FrameReader::Frame::State::End);
  }
  fs::remove(p);
}

TEST(FrameReader, ATruncatedFrameIsAnErrorAtThatFrame) {
  const std::string p = numbered_y4m("t.y4m", 4, 10);
  auto src = open_y4m(p);
  FrameReader r(*src, 0, 0, 2);
  EXPECT_EQ(drain(r), (std::vector<int>{0, 1, 2, -2}));
  auto src2 = open_y4m(p);
  FrameReader r2(*src2, 0, 0, 2);
  for (int k = 0; k < 3; ++k) ASSERT_EQ(r2.next().state, FrameReader::Frame::State::Have);
  const auto f = r2.next();
  ASSERT_EQ(f.state, FrameReader::Frame::State::Error);
  EXPECT_THROW(std::rethrow_exception(f.error), InputError);
  // Within max_frames the truncated frame is never read: a clean end.
  auto src3 = open_y4m(p);
  FrameReader r3(*src3, 0, 3, 2);
  EXPECT_EQ(drain(r3), (std::vector<int>{0, 1, 2, -1}));
  fs::remove(p);
}

TEST(FrameReader, DroppedBeforeTheEndStopsItsThread) {
  const std::string p = numbered_y4m("d.y4m", 50);
  auto src = open_y4m(p);
  {
    FrameReader r(*src, 0, 0, 2);
    ASSERT_EQ(r.next().state, FrameReader::Frame::State::Have);
  }  // the destructor joins a thread waiting for room
  // It read at most the frame taken, the two ahead and the one it waited to hand in.
  EXPECT_LE(src->frames_read(), 4u);
  fs::remove(p);
}

}  // namespace
}  // namespace fastvmaf::io
