// The exact mapping of libavutil pixel formats onto the engine's planes: which decoded
// formats can be scored as they are (planar, semi-planar and packed YUV at 8, 10, 12
// and 16 bits, either endianness, gray as 4:2:0 with mid-grey chroma) and the copy of
// one decoded frame into a Picture. Nothing here converts: a format whose samples would
// change (RGB, 4:1:1, alpha, 9 or 14 bits, floats) has no mapping, and says why.
#pragma once

#include <optional>
#include <string>

extern "C" {
#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>
}

#include "fastvmaf/picture.hpp"

namespace fastvmaf::io {

struct FrameLayout {
  PixelFormat format = PixelFormat::YUV420;
  unsigned bpc = 8;
  bool mono = false;  // gray: chroma planes are filled with mid-grey, as for y4m mono
  // Where component c (Y, U, V) lives, from the format's descriptor: its data plane, the
  // bytes from one sample to the next, the byte offset of the first, and the bit shift
  // of the sample inside its 8- or 16-bit word.
  struct Component {
    int plane = 0, step = 1, offset = 0, shift = 0;
  };
  Component comp[3];
  bool big_endian = false;
  // Every component on its own plane, contiguous, native order, unshifted: rows are copied.
  bool planar = false;
};

// The layout of `fmt` when it maps exactly onto the engine's planes; otherwise nullopt
// and `why` says what stands in the way ("RGB", "4:1:1 chroma", "an alpha plane", ...).
std::optional<FrameLayout> exact_layout(AVPixelFormat fmt, std::string& why);

// The planar format libswscale writes for a picture of this geometry (yuv420p,
// yuv444p10le, gray12le, ...), the one exact_layout() copies row by row.
AVPixelFormat planar_format(PixelFormat format, unsigned bpc, bool mono);

// Copies `frame` (of `layout`, the picture's size) into `pic`. Returns an empty string,
// or what is wrong with a sample: one above the bit depth, or bits set outside the
// sample of a shifted format (p010's low six bits), which no exact mapping could keep.
std::string copy_frame(const AVFrame& frame, const FrameLayout& layout, Picture& pic);

}  // namespace fastvmaf::io
