#include "io/av_frame_map.hpp"

#include <cstdint>
#include <cstring>

#include <fmt/format.h>

extern "C" {
#include <libavutil/pixdesc.h>
}

namespace fastvmaf::io {

std::optional<FrameLayout> exact_layout(AVPixelFormat fmt, std::string& why) {
  const AVPixFmtDescriptor* d = av_pix_fmt_desc_get(fmt);
  if (!d) {
    why = "an unknown pixel format";
    return std::nullopt;
  }
  const std::string name = d->name;
  struct Refusal {
    std::uint64_t flag;
    const char* why;
  };
  static const Refusal kRefused[] = {
      {AV_PIX_FMT_FLAG_HWACCEL, "a hardware surface"}, {AV_PIX_FMT_FLAG_PAL, "palette colours"},
      {AV_PIX_FMT_FLAG_RGB, "RGB"},                    {AV_PIX_FMT_FLAG_BAYER, "a Bayer pattern"},
      {AV_PIX_FMT_FLAG_FLOAT, "floating-point samples"}, {AV_PIX_FMT_FLAG_ALPHA, "an alpha plane"},
      {AV_PIX_FMT_FLAG_BITSTREAM, "bit-packed samples"},
  };
  for (const auto& r : kRefused)
    if (d->flags & r.flag) {
      why = r.why;
      return std::nullopt;
    }
  if (name.rfind("xyz", 0) == 0) {
    why = "XYZ colour";
    return std::nullopt;
  }
  if (d->nb_components != 1 && d->nb_components != 3) {
    why = fmt::format("{} components", d->nb_components);
    return std::nullopt;
  }
  FrameLayout l;
  l.mono = d->nb_components == 1;
  if (!l.mono) {
    const int cw = d->log2_chroma_w, ch = d->log2_chroma_h;
    if (cw == 1 && ch == 1) {
      l.format = PixelFormat::YUV420;
    } else if (cw == 1 && ch == 0) {
      l.format = PixelFormat::YUV422;
    } else if (cw == 0 && ch == 0) {
      l.format = PixelFormat::YUV444;
    } else {
      why = cw == 2 && ch == 0   ? "4:1:1 chroma"
            : cw == 2 && ch == 2 ? "4:1:0 chroma"
            : cw == 0 && ch == 1 ? "4:4:0 chroma"
                                 : fmt::format("chroma subsampled by {}x{}", 1 << cw, 1 << ch);
      return std::nullopt;
    }
  }
  const unsigned depth = d->comp[0].depth;
  for (int c = 0; c < d->nb_components; ++c)
    if (d->comp[c].depth != static_cast<int>(depth)) {
      why = "components of different bit depths";
      return std::nullopt;
    }
  if (depth != 8 && depth != 10 && depth != 12 && depth != 16) {
    why = fmt::format("{}-bit samples (the engine reads 8, 10, 12 and 16 bits)", depth);
    return std::nullopt;
  }
  l.bpc = depth;
  const unsigned word = depth == 8 ? 8 : 16;
  l.big_endian = (d->flags & AV_PIX_FMT_FLAG_BE) && word == 16;
  l.planar = !l.big_endian;
  for (int c = 0; c < d->nb_components; ++c) {
    const AVComponentDescriptor& cd = d->comp[c];
    if (cd.shift + depth > word || cd.step <= 0 || cd.offset < 0) {
      why = "samples in words of more than 16 bits";
      return std::nullopt;
    }
    l.comp[c] = {cd.plane, cd.step, cd.offset, cd.shift};
    l.planar = l.planar && cd.plane == c && cd.step == static_cast<int>(word / 8) && cd.offset == 0 && cd.shift == 0;
  }
  return l;
}

AVPixelFormat planar_format(PixelFormat format, unsigned bpc, bool mono) {
  if (mono) {
    switch (bpc) {
      case 8: return AV_PIX_FMT_GRAY8;
      case 10: return AV_PIX_FMT_GRAY10;
      case 12: return AV_PIX_FMT_GRAY12;
      default: return AV_PIX_FMT_GRAY16;
    }
  }
  static const AVPixelFormat kPlanar[3][4] = {
      {AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUV420P10, AV_PIX_FMT_YUV420P12, AV_PIX_FMT_YUV420P16},
      {AV_PIX_FMT_YUV422P, AV_PIX_FMT_YUV422P10, AV_PIX_FMT_YUV422P12, AV_PIX_FMT_YUV422P16},
      {AV_PIX_FMT_YUV444P, AV_PIX_FMT_YUV444P10, AV_PIX_FMT_YUV444P12, AV_PIX_FMT_YUV444P16},
  };
  const int f = format == PixelFormat::YUV420 ? 0 : format == PixelFormat::YUV422 ? 1 : 2;
  const int b = bpc == 8 ? 0 : bpc == 10 ? 1 : bpc == 12 ? 2 : 3;
  return kPlanar[f][b];
}

namespace {

// Samples of component c, row y, into dst: read from their words, checked, shifted down.
// Returns the first bad column, or -1.
template <bool BigEndian>
long copy_row16(const std::uint8_t* src, int step, int shift, unsigned depth, unsigned width, std::uint16_t* dst) {
  const unsigned valid = ((1u << depth) - 1) << shift;
  unsigned bad = 0;
  for (unsigned x = 0; x < width; ++x) {
    const std::uint8_t* p = src + static_cast<std::ptrdiff_t>(x) * step;
    const unsigned w = BigEndian ? (unsigned{p[0]} << 8) | p[1] : (unsigned{p[1]} << 8) | p[0];
    bad |= w & ~valid;
    dst[x] = static_cast<std::uint16_t>(w >> shift);
  }
  if (!bad) return -1;
  for (unsigned x = 0;; ++x) {
    const std::uint8_t* p = src + static_cast<std::ptrdiff_t>(x) * step;
    const unsigned w = BigEndian ? (unsigned{p[0]} << 8) | p[1] : (unsigned{p[1]} << 8) | p[0];
    if (w & ~valid) return static_cast<long>(x);
  }
}

std::string bad_sample(const AVFrame& f, const FrameLayout& l, int c, unsigned y, long x) {
  const FrameLayout::Component& cc = l.comp[c];
  const std::uint8_t* p = f.data[cc.plane] + static_cast<std::ptrdiff_t>(y) * f.linesize[cc.plane] + cc.offset +
                          static_cast<std::ptrdiff_t>(x) * cc.step;
  const unsigned w = l.big_endian ? (unsigned{p[0]} << 8) | p[1] : (unsigned{p[1]} << 8) | p[0];
  if (cc.shift == 0)
    return fmt::format("sample value {} at plane {} row {} column {} exceeds the {}-bit range", w, c, y, x, l.bpc);
  return fmt::format("sample word 0x{:04x} at plane {} row {} column {} has bits set outside its {}-bit sample", w,
                     c, y, x, l.bpc);
}

}  // namespace

std::string copy_frame(const AVFrame& f, const FrameLayout& l, Picture& pic) {
  const int ncomp = l.mono ? 1 : 3;
  for (int c = 0; c < ncomp; ++c) {
    Plane& pl = pic.plane(c);
    const FrameLayout::Component& cc = l.comp[c];
    const std::uint8_t* base = f.data[cc.plane] + cc.offset;
    const std::ptrdiff_t linesize = f.linesize[cc.plane];
    for (unsigned y = 0; y < pl.height; ++y) {
      const std::uint8_t* src = base + static_cast<std::ptrdiff_t>(y) * linesize;
      if (l.bpc == 8) {
        std::uint8_t* dst = pl.row<std::uint8_t>(y);
        if (cc.step == 1) {
          std::memcpy(dst, src, pl.width);
        } else {
          for (unsigned x = 0; x < pl.width; ++x) dst[x] = src[static_cast<std::ptrdiff_t>(x) * cc.step];
        }
        continue;
      }
      std::uint16_t* dst = pl.row<std::uint16_t>(y);
      long bad = -1;
      if (l.planar) {
        // Native 16-bit words: copy, then check the range (several features index tables
        // by sample value), as the y4m reader does.
        std::memcpy(dst, src, std::size_t{pl.width} * 2);
        if (l.bpc < 16) {
          std::uint16_t m = 0;
          for (unsigned x = 0; x < pl.width; ++x) m = dst[x] > m ? dst[x] : m;
          if (m >> l.bpc)
            for (unsigned x = 0; bad < 0; ++x)
              if (dst[x] >> l.bpc) bad = static_cast<long>(x);
        }
      } else if (l.big_endian) {
        bad = copy_row16<true>(src, cc.step, cc.shift, l.bpc, pl.width, dst);
      } else {
        bad = copy_row16<false>(src, cc.step, cc.shift, l.bpc, pl.width, dst);
      }
      if (bad >= 0) return bad_sample(f, l, c, y, bad);
    }
  }
  if (l.mono) {
    // Neutral chroma, as the y4m reader fills it for Cmono.
    const unsigned mid = 1u << (l.bpc - 1);
    for (int p = 1; p < 3; ++p) {
      Plane& pl = pic.plane(p);
      for (unsigned y = 0; y < pl.height; ++y) {
        if (l.bpc == 8) {
          std::memset(pl.row<std::uint8_t>(y), static_cast<int>(mid), pl.width);
        } else {
          auto* r = pl.row<std::uint16_t>(y);
          for (unsigned x = 0; x < pl.width; ++x) r[x] = static_cast<std::uint16_t>(mid);
        }
      }
    }
  }
  return {};
}

}  // namespace fastvmaf::io
