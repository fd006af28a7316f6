// The exact mapping of decoded frames onto pictures (io/av_frame_map): every pixel
// format libavutil knows is either refused with a reason, or copied so that each sample
// equals what libavutil's own generic line reader reads from the frame.
#ifdef FASTVMAF_HAVE_AVINPUT

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/pixdesc.h>
}

#include "io/av_frame_map.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::io {
namespace {

struct FrameFree {
  void operator()(AVFrame* f) const { av_frame_free(&f); }
};
using FramePtr = std::unique_ptr<AVFrame, FrameFree>;

// A frame of `fmt` whose samples are random values within the format's depth, written
// by libavutil (av_write_image_line2 puts each value where the descriptor says, shifted
// and in the format's byte order); padding and unused bits stay zero.
FramePtr random_frame(AVPixelFormat fmt, int w, int h, std::mt19937& rng) {
  FramePtr f(av_frame_alloc());
  f->format = fmt;
  f->width = w;
  f->height = h;
  EXPECT_GE(av_frame_get_buffer(f.get(), 0), 0);
  for (int p = 0; p < 4 && f->buf[p]; ++p) std::memset(f->buf[p]->data, 0, f->buf[p]->size);
  const AVPixFmtDescriptor* d = av_pix_fmt_desc_get(fmt);
  std::vector<std::uint16_t> line(static_cast<std::size_t>(w));
  for (int c = 0; c < d->nb_components; ++c) {
    const int cw = c == 0 ? w : AV_CEIL_RSHIFT(w, d->log2_chroma_w);
    const int ch = c == 0 ? h : AV_CEIL_RSHIFT(h, d->log2_chroma_h);
    std::uniform_int_distribution<int> v(0, (1 << d->comp[c].depth) - 1);
    for (int y = 0; y < ch; ++y) {
      for (int x = 0; x < cw; ++x) line[static_cast<std::size_t>(x)] = static_cast<std::uint16_t>(v(rng));
      av_write_image_line2(line.data(), f->data, f->linesize, d, 0, y, c, cw, 2);
    }
  }
  return f;
}

TEST(AvFrameMap, EveryAcceptedFormatCopiesEverySampleExactly) {
  std::mt19937 rng(7);
  int accepted = 0, refused = 0;
  for (const AVPixFmtDescriptor* d = av_pix_fmt_desc_next(nullptr); d; d = av_pix_fmt_desc_next(d)) {
    const AVPixelFormat fmt = av_pix_fmt_desc_get_id(d);
    std::string why;
    const auto layout = exact_layout(fmt, why);
    if (!layout) {
      EXPECT_FALSE(why.empty()) << d->name;
      ++refused;
      continue;
    }
    ++accepted;
    // Odd sizes: chroma planes are ceil(w/2) (x ceil(h/2)), packed 4:2:2 needs even w.
    const int w = d->log2_chroma_w && !(d->flags & AV_PIX_FMT_FLAG_PLANAR) && d->comp[0].plane == d->comp[1].plane
                      ? 38
                      : 37;
    const int h = 21;
    FramePtr f = random_frame(fmt, w, h, rng);
    Picture pic = Picture::allocate(layout->format, layout->bpc, static_cast<unsigned>(w), static_cast<unsigned>(h));
    ASSERT_EQ(copy_frame(*f, *layout, pic), "") << d->name;
    std::vector<std::uint16_t> want(static_cast<std::size_t>(w));
    for (int c = 0; c < 3; ++c) {
      const Plane& pl = pic.plane(c);
      for (unsigned y = 0; y < pl.height; ++y) {
        if (c < d->nb_components) {
          av_read_image_line2(want.data(), const_cast<const std::uint8_t**>(f->data), f->linesize, d, 0,
                              static_cast<int>(y), c, static_cast<int>(pl.width), 0, 2);
        } else {
          std::fill(want.begin(), want.end(), static_cast<std::uint16_t>(1u << (layout->bpc - 1)));  // gray
        }
        for (unsigned x = 0; x < pl.width; ++x) {
          const unsigned got = test::sample_at(pl, layout->bpc, x, y);
          ASSERT_EQ(got, want[x]) << d->name << " plane " << c << " row " << y << " column " << x;
        }
        // The picture's row padding stays zero.
        const std::size_t bytes = pic.bytes_per_sample();
        for (std::size_t b = pl.width * bytes; b < static_cast<std::size_t>(pl.stride); ++b)
          ASSERT_EQ(pl.row<std::uint8_t>(y)[b], 0) << d->name;
      }
    }
  }
  // The formats the engine reads: 4:2:0/4:2:2/4:4:4 at 8/10/12/16 bits in several layouts.
  EXPECT_GE(accepted, 30);
  EXPECT_GE(refused, 100);
}

TEST(AvFrameMap, TheFormatsOfTheBriefMapOntoTheirPlanes) {
  struct Want {
    AVPixelFormat fmt;
    PixelFormat format;
    unsigned bpc;
    bool mono, planar;
  };
  const Want wants[] = {
      {AV_PIX_FMT_YUV420P, PixelFormat::YUV420, 8, false, true},
      {AV_PIX_FMT_YUVJ420P, PixelFormat::YUV420, 8, false, true},
      {AV_PIX_FMT_YUV422P10LE, PixelFormat::YUV422, 10, false, true},
      {AV_PIX_FMT_YUV444P12LE, PixelFormat::YUV444, 12, false, true},
      {AV_PIX_FMT_YUV420P16LE, PixelFormat::YUV420, 16, false, true},
      {AV_PIX_FMT_YUV420P10BE, PixelFormat::YUV420, 10, false, false},
      {AV_PIX_FMT_NV12, PixelFormat::YUV420, 8, false, false},
      {AV_PIX_FMT_NV21, PixelFormat::YUV420, 8, false, false},
      {AV_PIX_FMT_NV16, PixelFormat::YUV422, 8, false, false},
      {AV_PIX_FMT_NV24, PixelFormat::YUV444, 8, false, false},
      {AV_PIX_FMT_P010LE, PixelFormat::YUV420, 10, false, false},
      {AV_PIX_FMT_P016LE, PixelFormat::YUV420, 16, false, false},
      {AV_PIX_FMT_YUYV422, PixelFormat::YUV422, 8, false, false},
      {AV_PIX_FMT_UYVY422, PixelFormat::YUV422, 8, false, false},
      {AV_PIX_FMT_GRAY8, PixelFormat::YUV420, 8, true, true},
      {AV_PIX_FMT_GRAY10LE, PixelFormat::YUV420, 10, true, true},
  };
  for (const auto& w : wants) {
    std::string why;
    const auto l = exact_layout(w.fmt, why);
    ASSERT_TRUE(l) << av_get_pix_fmt_name(w.fmt) << ": " << why;
    EXPECT_EQ(l->format, w.format) << av_get_pix_fmt_name(w.fmt);
    EXPECT_EQ(l->bpc, w.bpc) << av_get_pix_fmt_name(w.fmt);
    EXPECT_EQ(l->mono, w.mono) << av_get_pix_fmt_name(w.fmt);
    EXPECT_EQ(l->planar, w.planar) << av_get_pix_fmt_name(w.fmt);
  }
  // p010: ten bits at the top of each 16-bit word.
  std::string why;
  const auto p010 = exact_layout(AV_PIX_FMT_P010LE, why);
  EXPECT_EQ(p010->comp[0].shift, 6);
  EXPECT_EQ(p010->comp[1].plane, 1);
  EXPECT_EQ(p010->comp[2].offset, 2);
}

TEST(AvFrameMap, LossyFormatsAreRefusedWithTheReason) {
  struct Want {
    AVPixelFormat fmt;
    const char* why;
  };
  const Want wants[] = {
      {AV_PIX_FMT_RGB24, "RGB"},
      {AV_PIX_FMT_GBRP10LE, "RGB"},
      {AV_PIX_FMT_YUV411P, "4:1:1 chroma"},
      {AV_PIX_FMT_YUV410P, "4:1:0 chroma"},
      {AV_PIX_FMT_YUV440P, "4:4:0 chroma"},
      {AV_PIX_FMT_YUVA420P, "an alpha plane"},
      {AV_PIX_FMT_YA8, "an alpha plane"},
      {AV_PIX_FMT_PAL8, "palette colours"},
      {AV_PIX_FMT_YUV420P9LE, "9-bit samples"},
      {AV_PIX_FMT_YUV444P14LE, "14-bit samples"},
      {AV_PIX_FMT_XYZ12LE, "XYZ colour"},
      {AV_PIX_FMT_GRAYF32LE, "floating-point samples"},
      {AV_PIX_FMT_MONOBLACK, "bit-packed samples"},
      {AV_PIX_FMT_CUDA, "a hardware surface"},
  };
  for (const auto& w : wants) {
    std::string why;
    EXPECT_FALSE(exact_layout(w.fmt, why)) << av_get_pix_fmt_name(w.fmt);
    EXPECT_NE(why.find(w.why), std::string::npos) << av_get_pix_fmt_name(w.fmt) << ": " << why;
  }
}

TEST(AvFrameMap, SamplesThatNoExactMappingKeepsAreErrors) {
  std::mt19937 rng(1);
  std::string why;
  // yuv420p10le: a value above 1023 (as the y4m reader refuses it).
  {
    FramePtr f = random_frame(AV_PIX_FMT_YUV420P10LE, 16, 8, rng);
    reinterpret_cast<std::uint16_t*>(f->data[1] + 3 * f->linesize[1])[5] = 1100;
    const auto l = exact_layout(AV_PIX_FMT_YUV420P10LE, why);
    Picture pic = Picture::allocate(PixelFormat::YUV420, 10, 16, 8);
    EXPECT_EQ(copy_frame(*f, *l, pic), "sample value 1100 at plane 1 row 3 column 5 exceeds the 10-bit range");
  }
  // p010le: its low six bits must be zero, or the sample has more than ten bits.
  {
    FramePtr f = random_frame(AV_PIX_FMT_P010LE, 16, 8, rng);
    f->data[1][f->linesize[1] * 2 + 2 * 3] |= 1;  // U or V of row 2
    const auto l = exact_layout(AV_PIX_FMT_P010LE, why);
    Picture pic = Picture::allocate(PixelFormat::YUV420, 10, 16, 8);
    const std::string e = copy_frame(*f, *l, pic);
    EXPECT_NE(e.find("row 2 column 1 has bits set outside its 10-bit sample"), std::string::npos) << e;
    EXPECT_NE(e.find("plane 2"), std::string::npos) << e;  // offset 6 is the second pair's V
  }
}

TEST(AvFrameMap, PlanarFormatsNameWhatLibswscaleWrites) {
  EXPECT_EQ(planar_format(PixelFormat::YUV420, 8, false), AV_PIX_FMT_YUV420P);
  EXPECT_EQ(planar_format(PixelFormat::YUV422, 10, false), AV_PIX_FMT_YUV422P10);
  EXPECT_EQ(planar_format(PixelFormat::YUV444, 16, false), AV_PIX_FMT_YUV444P16);
  EXPECT_EQ(planar_format(PixelFormat::YUV420, 12, true), AV_PIX_FMT_GRAY12);
  for (auto f : {PixelFormat::YUV420, PixelFormat::YUV422, PixelFormat::YUV444})
    for (unsigned b : {8u, 10u, 12u, 16u}) {
      std::string why;
      const auto l = exact_layout(planar_format(f, b, false), why);
      ASSERT_TRUE(l);
      EXPECT_TRUE(l->planar);
      EXPECT_EQ(l->format, f);
      EXPECT_EQ(l->bpc, b);
    }
}

}  // namespace
}  // namespace fastvmaf::io

#endif  // FASTVMAF_HAVE_AVINPUT
