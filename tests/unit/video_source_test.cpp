#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "core/huge_pages.hpp"
#include "io/video_source.hpp"

namespace fs = std::filesystem;

namespace fastvmaf::io {
namespace {

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() / ("fastvmaf_vs_" + std::to_string(::getpid()) + "_" + name)).string();
}

// Writes one y4m frame whose every sample equals its byte position pattern.
std::string write_y4m(const std::string& name, const std::string& tag, unsigned w, unsigned h, unsigned planes_bytes,
                      unsigned frames, unsigned bytes_per_sample) {
  const std::string p = temp_path(name);
  std::ofstream f(p, std::ios::binary);
  f << "YUV4MPEG2 W" << w << " H" << h << " F24:1 Ip " << tag << "\n";
  for (unsigned k = 0; k < frames; ++k) {
    f << "FRAME\n";
    for (unsigned i = 0; i < planes_bytes / bytes_per_sample; ++i) {
      if (bytes_per_sample == 1) {
        const auto v = static_cast<std::uint8_t>((i * 7 + k) & 0xff);
        f.put(static_cast<char>(v));
      } else {
        const auto v = static_cast<std::uint16_t>((i * 7 + k) & 0x3ff);
        f.put(static_cast<char>(v & 0xff));
        f.put(static_cast<char>(v >> 8));
      }
    }
  }
  return p;
}

TEST(Picture, PlanesArePaddedToThirtyTwoSamplesAndZeroed) {
  Picture p = Picture::allocate(PixelFormat::YUV420, 10, 853, 481);
  EXPECT_EQ(p.plane(0).width, 853u);
  EXPECT_EQ(p.plane(1).width, 427u);  // ceil(853 / 2)
  EXPECT_EQ(p.plane(1).height, 241u);
  EXPECT_EQ(p.plane(0).stride, 864 * 2);
  EXPECT_EQ(p.plane(1).stride, 448 * 2);
  for (int i = 0; i < 3; ++i)
    for (unsigned y = 0; y < p.plane(i).height; ++y)
      for (std::ptrdiff_t x = 0; x < p.plane(i).stride; ++x) ASSERT_EQ(p.plane(i).row<std::uint8_t>(y)[x], 0);
  EXPECT_EQ(Picture::bytes_for(PixelFormat::YUV420, 10, 853, 481), p.byte_size());
  Picture q = Picture::allocate(PixelFormat::YUV422, 8, 17, 17);
  EXPECT_EQ(q.plane(1).width, 9u);
  EXPECT_EQ(q.plane(1).height, 17u);
}

// Pictures of 2 MiB and more come from the kernel on a 2 MiB boundary (huge pages) rather
// than operator new: the same contract, every byte zero and planes 64-byte aligned.
TEST(Picture, LargePicturesAreZeroedAlignedAndReturned) {
  for (const auto& [fmt, bpc, w, h] : {std::tuple{PixelFormat::YUV420, 8u, 1920u, 1080u},
                                       std::tuple{PixelFormat::YUV444, 16u, 3840u, 2161u}}) {
    Picture p = Picture::allocate(fmt, bpc, w, h);
    ASSERT_GE(p.byte_size(), std::size_t{2} << 20);
    EXPECT_EQ(Picture::bytes_for(fmt, bpc, w, h), p.byte_size());
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p.plane(i).data) % 64, 0u);
      for (unsigned y = 0; y < p.plane(i).height; ++y) {
        const std::uint8_t* r = p.plane(i).row<std::uint8_t>(y);
        for (std::ptrdiff_t x = 0; x < p.plane(i).stride; ++x) ASSERT_EQ(r[x], 0) << w << "x" << h;
      }
    }
    // The last byte is writable (the block ends at the picture's end, not before).
    std::uint8_t* last = p.plane(2).row<std::uint8_t>(p.plane(2).height - 1) + p.plane(2).stride - 1;
    *last = 1;
  }
  // Freed pictures give their address space back: 40 4K pictures allocated and dropped
  // one after another leave the process's size where one picture would. (Not under
  // AddressSanitizer: its allocator holds freed blocks in quarantine.)
  if (!huge_pages::kEnabled) return;
  auto pages = [] {
    std::ifstream statm("/proc/self/statm");
    std::size_t size = 0;
    statm >> size;
    return size;
  };
  const std::size_t picture_pages = Picture::bytes_for(PixelFormat::YUV420, 8, 3840, 2160) / 4096;
  { Picture warm = Picture::allocate(PixelFormat::YUV420, 8, 3840, 2160); }
  const std::size_t before = pages();
  for (int k = 0; k < 40; ++k) {
    Picture p = Picture::allocate(PixelFormat::YUV420, 8, 3840, 2160);
    p.plane(0).row<std::uint8_t>(0)[0] = 1;
  }
  EXPECT_LT(pages(), before + picture_pages) << "pictures were not unmapped";
}

struct FormatCase {
  const char* tag;
  PixelFormat fmt;
  unsigned bpc;
  unsigned cw, ch;  // chroma size for 17x9
};

class Y4mFormats : public ::testing::TestWithParam<FormatCase> {};

TEST_P(Y4mFormats, ReadsSamplesInPlaneOrder) {
  const auto c = GetParam();
  const unsigned w = 17, h = 9, bytes = c.bpc > 8 ? 2 : 1;
  const unsigned total = (w * h + 2 * c.cw * c.ch) * bytes;
  const std::string p = write_y4m(std::string(c.tag) + ".y4m", std::string("C") + c.tag, w, h, total, 2, bytes);
  auto src = open_y4m(p);
  EXPECT_EQ(src->geometry().width, w);
  EXPECT_EQ(src->geometry().format, c.fmt);
  EXPECT_EQ(src->geometry().bpc, c.bpc);
  Picture pic = Picture::allocate(c.fmt, c.bpc, w, h);
  for (unsigned k = 0; k < 2; ++k) {
    ASSERT_TRUE(src->read(pic));
    unsigned i = 0;
    for (int pl = 0; pl < 3; ++pl) {
      ASSERT_EQ(pic.plane(pl).width, pl ? c.cw : w);
      ASSERT_EQ(pic.plane(pl).height, pl ? c.ch : h);
      for (unsigned y = 0; y < pic.plane(pl).height; ++y)
        for (unsigned x = 0; x < pic.plane(pl).width; ++x, ++i) {
          const unsigned got = bytes == 1 ? pic.plane(pl).row<std::uint8_t>(y)[x] : pic.plane(pl).row<std::uint16_t>(y)[x];
          ASSERT_EQ(got, bytes == 1 ? ((i * 7 + k) & 0xff) : ((i * 7 + k) & 0x3ff)) << c.tag << " plane " << pl;
        }
    }
  }
  EXPECT_FALSE(src->read(pic));
  EXPECT_EQ(src->frames_read(), 2u);
  fs::remove(p);
}

INSTANTIATE_TEST_SUITE_P(
    AllTags, Y4mFormats,
    ::testing::Values(FormatCase{"420jpeg", PixelFormat::YUV420, 8, 9, 5}, FormatCase{"420mpeg2", PixelFormat::YUV420, 8, 9, 5},
                      FormatCase{"420paldv", PixelFormat::YUV420, 8, 9, 5}, FormatCase{"420", PixelFormat::YUV420, 8, 9, 5},
                      FormatCase{"422", PixelFormat::YUV422, 8, 9, 9}, FormatCase{"444", PixelFormat::YUV444, 8, 17, 9},
                      FormatCase{"420p10", PixelFormat::YUV420, 10, 9, 5}, FormatCase{"420p12", PixelFormat::YUV420, 12, 9, 5},
                      FormatCase{"420p16", PixelFormat::YUV420, 16, 9, 5}, FormatCase{"422p10", PixelFormat::YUV422, 10, 9, 9},
                      FormatCase{"422p12", PixelFormat::YUV422, 12, 9, 9}, FormatCase{"422p16", PixelFormat::YUV422, 16, 9, 9},
                      FormatCase{"444p10", PixelFormat::YUV444, 10, 17, 9}, FormatCase{"444p12", PixelFormat::YUV444, 12, 17, 9},
                      FormatCase{"444p16", PixelFormat::YUV444, 16, 17, 9}),
    [](const auto& test) { return std::string(test.param.tag); });

TEST(Y4m, MonoIsReadAsFourTwoZeroWithMidGreyChroma) {
  const std::string p = write_y4m("mono10.y4m", "Cmono10", 6, 4, 6 * 4 * 2, 1, 2);
  auto src = open_y4m(p);
  EXPECT_EQ(src->geometry().format, PixelFormat::YUV420);
  EXPECT_EQ(src->geometry().bpc, 10u);
  Picture pic = Picture::allocate(PixelFormat::YUV420, 10, 6, 4);
  ASSERT_TRUE(src->read(pic));
  EXPECT_EQ(pic.plane(0).row<std::uint16_t>(0)[1], 7);
  EXPECT_EQ(pic.plane(1).row<std::uint16_t>(1)[2], 512);
  EXPECT_EQ(pic.plane(2).row<std::uint16_t>(0)[0], 512);
  EXPECT_FALSE(src->read(pic));
  fs::remove(p);
}

TEST(Y4m, FrameHeaderParametersAreSkippedAndSkipWorks) {
  const std::string p = temp_path("params.y4m");
  {
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W2 H2 C444\n";
    f << "FRAME Ixyz\n" << std::string(12, '\x01');
    f << "FRAME\n" << std::string(12, '\x02');
  }
  auto src = open_y4m(p);
  EXPECT_TRUE(src->skip());
  Picture pic = Picture::allocate(PixelFormat::YUV444, 8, 2, 2);
  ASSERT_TRUE(src->read(pic));
  EXPECT_EQ(pic.plane(2).row<std::uint8_t>(1)[1], 2);
  EXPECT_FALSE(src->skip());
  fs::remove(p);
}

TEST(Yuv, RawFramesUseCeilChromaForOddSizes) {
  const std::string p = temp_path("odd.yuv");
  const unsigned w = 5, h = 3, frame = w * h + 2 * 3 * 2;
  {
    std::ofstream f(p, std::ios::binary);
    for (unsigned i = 0; i < 2 * frame; ++i) f.put(static_cast<char>(i));
  }
  auto src = open_yuv(p, VideoGeometry{w, h, PixelFormat::YUV420, 8});
  Picture pic = Picture::allocate(PixelFormat::YUV420, 8, w, h);
  ASSERT_TRUE(src->read(pic));
  ASSERT_TRUE(src->read(pic));
  EXPECT_EQ(pic.plane(2).row<std::uint8_t>(1)[2], static_cast<std::uint8_t>(2 * frame - 1));
  EXPECT_FALSE(src->read(pic));
  fs::remove(p);
}

TEST(Y4m, MonoSourcesSayTheyAreMono) {
  const std::string mono = write_y4m("m.y4m", "Cmono", 4, 2, 8, 1, 1);
  const std::string colour = write_y4m("c.y4m", "C420jpeg", 4, 2, 12, 1, 1);
  EXPECT_TRUE(open_y4m(mono)->monochrome());
  EXPECT_EQ(open_y4m(mono)->format_name(), "mono");
  EXPECT_FALSE(open_y4m(colour)->monochrome());
  EXPECT_EQ(open_y4m(colour)->format_name(), "420");
  fs::remove(mono);
  fs::remove(colour);
}

TEST(VideoSource, ADirectoryIsNamedAsOne) {
  const std::string d = fs::temp_directory_path().string();
  for (bool raw : {false, true}) {
    try {
      open_video(d, raw, VideoGeometry{16, 16, PixelFormat::YUV420, 8});
      FAIL() << "opened a directory";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("is a directory"), std::string::npos) << e.what();
    }
  }
}

// The InputError of opening a y4m with these bytes and reading it to the end.
std::string y4m_error(const std::string& bytes) {
  std::vector<char> copy(bytes.begin(), bytes.end());
  std::FILE* f = fmemopen(copy.data(), copy.size(), "rb");
  try {
    auto src = open_y4m(f, "mem.y4m");
    const auto& g = src->geometry();
    Picture pic = Picture::allocate(g.format, g.bpc, g.width, g.height);
    while (src->read(pic)) {
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Y4m, HeaderDefectsAreNamed) {
  const std::string frame = "FRAME\n" + std::string(12, '\x10');
  EXPECT_EQ(y4m_error("YUV4MPEG2 W4 H2 C420jpeg\n" + frame), "no error");
  EXPECT_NE(y4m_error(std::string("YUV4MPEG2 W4\0 H2 C420jpeg\n", 26) + frame).find("NUL"), std::string::npos);
  EXPECT_NE(y4m_error("YUV4MPEG2 W4 H2 W4 C420jpeg\n" + frame).find("W tag appears twice"), std::string::npos);
  EXPECT_NE(y4m_error("YUV4MPEG2 H2 W4 H2 C420jpeg\n" + frame).find("H tag appears twice"), std::string::npos);
  const std::string crlf = y4m_error("YUV4MPEG2 W4 H2 C420jpeg\r\n" + frame);
  EXPECT_NE(crlf.find("\\r\\n"), std::string::npos) << crlf;
  EXPECT_EQ(crlf.find('\r'), std::string::npos) << crlf;
  // Other control bytes in an echoed tag are escaped too.
  const std::string c = y4m_error("YUV4MPEG2 W4 H2 C42\x1b[2J\n" + frame);
  EXPECT_NE(c.find("C42\\x1b[2J"), std::string::npos) << c;
  // A file ending inside "FRAME" is truncated, not malformed.
  for (const char* end : {"F", "FR", "FRA", "FRAM"}) {
    const std::string e = y4m_error("YUV4MPEG2 W4 H2 C420jpeg\n" + frame + end);
    EXPECT_NE(e.find("frame 1: truncated frame header"), std::string::npos) << e;
  }
  EXPECT_NE(y4m_error("YUV4MPEG2 W4 H2 C420jpeg\n" + frame + "FRAMX\n").find("frame 1: bad frame header"),
            std::string::npos);
}

TEST(Y4m, AFileTooShortForOneFrameIsRefusedAtOpen) {
  const std::string p = temp_path("short.y4m");
  {
    std::ofstream f(p, std::ios::binary);
    f << "YUV4MPEG2 W16384 H16384 C444p16\nFRAME\n" << std::string(100, 'x');
  }
  try {
    open_y4m(p);
    FAIL() << "opened";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("frame 0 is truncated"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("1610612736"), std::string::npos) << e.what();  // one frame's bytes
  }
  // A header alone is an empty video, not a truncated one.
  { std::ofstream f(p, std::ios::binary); f << "YUV4MPEG2 W16384 H16384 C444p16\n"; }
  EXPECT_FALSE(open_y4m(p)->skip());
  fs::remove(p);
}

TEST(Yuv, ReadsFromAStreamAndRefusesAFileTooShortForOneFrame) {
  std::string bytes(2 * 12, '\x05');
  std::FILE* f = fmemopen(bytes.data(), bytes.size(), "rb");
  auto src = open_yuv(f, "mem.yuv", VideoGeometry{4, 2, PixelFormat::YUV420, 8});
  EXPECT_TRUE(src->skip());
  Picture pic = Picture::allocate(PixelFormat::YUV420, 8, 4, 2);
  EXPECT_TRUE(src->read(pic));
  EXPECT_EQ(pic.plane(2).row<std::uint8_t>(0)[1], 5);
  EXPECT_FALSE(src->read(pic));
  const std::string p = temp_path("short.yuv");
  { std::ofstream(p, std::ios::binary) << "abc"; }
  EXPECT_THROW(open_yuv(p, VideoGeometry{16, 16, PixelFormat::YUV420, 8}), InputError);
  fs::remove(p);
}

}  // namespace
}  // namespace fastvmaf::io
