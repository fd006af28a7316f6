// The size of each plane of a picture, the one formula every layer uses (pictures, the
// device frame's layout, device pictures, decoded surfaces): luma is the picture's size;
// chroma is ceil(w / 2) wide for 4:2:0 and 4:2:2 and ceil(h / 2) high for 4:2:0, as
// ffmpeg's planes are (libvmaf's are one sample short where w or h is odd; its C API
// extends them).
#pragma once

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

inline unsigned plane_width(PixelFormat f, unsigned width, int plane) {
  const int s = plane ? chroma_shift_x(f) : 0;
  return (width + (1u << s) - 1) >> s;
}

inline unsigned plane_height(PixelFormat f, unsigned height, int plane) {
  const int s = plane ? chroma_shift_y(f) : 0;
  return (height + (1u << s) - 1) >> s;
}

inline unsigned plane_width(const VideoGeometry& g, int plane) { return plane_width(g.format, g.width, plane); }
inline unsigned plane_height(const VideoGeometry& g, int plane) { return plane_height(g.format, g.height, plane); }

}  // namespace fastvmaf
