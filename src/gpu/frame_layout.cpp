#include "gpu/frame_layout.hpp"

#include <cstring>
#include <stdexcept>

namespace fastvmaf::gpu {

namespace {
constexpr std::size_t kPlaneAlign = 256;  // bytes: every plane starts on a 256-byte boundary
constexpr unsigned kRowAlignSamples = 32;  // the host picture's row padding (picture.cpp)
}  // namespace

FrameLayout::FrameLayout(const VideoGeometry& g, PlaneMask mask) : geometry_(g), mask_(mask & kAllPlanes) {
  const unsigned bps = bytes_per_sample();
  const int sx = chroma_shift_x(g.format), sy = chroma_shift_y(g.format);
  std::size_t at = 0;
  for (int side = 0; side < 2; ++side) {
    for (int p = 0; p < 3; ++p) {
      if (!(mask_ & plane_bit(static_cast<Side>(side), p))) continue;
      PlaneSlot& s = slots_[side][p];
      s.present = true;
      // Chroma planes are ceil(w / 2) (and ceil(h / 2) for 4:2:0), as Picture::allocate.
      s.width = p == 0 ? g.width : (g.width + (1u << sx) - 1) >> sx;
      s.height = p == 0 ? g.height : (g.height + (1u << sy) - 1) >> sy;
      s.pitch = std::size_t{(s.width + kRowAlignSamples - 1) / kRowAlignSamples * kRowAlignSamples} * bps;
      s.offset = at;
      at += s.pitch * s.height;
      at = (at + kPlaneAlign - 1) / kPlaneAlign * kPlaneAlign;
    }
  }
  bytes_ = at;
}

void FrameLayout::pack(const Picture& ref, const Picture& dis, std::uint8_t* dst) const {
  for (int side = 0; side < 2; ++side) {
    const Picture& pic = side == 0 ? ref : dis;
    if (pic.width() != geometry_.width || pic.height() != geometry_.height || pic.format() != geometry_.format ||
        pic.bpc() != geometry_.bpc)
      throw std::logic_error("frame layout: a picture does not have the run's geometry");
    for (int p = 0; p < 3; ++p) {
      const PlaneSlot& s = slots_[side][p];
      if (!s.present) continue;
      const Plane& src = pic.plane(p);
      if (src.width != s.width || src.height != s.height)
        throw std::logic_error("frame layout: a plane does not have the layout's size");
      std::uint8_t* out = dst + s.offset;
      if (static_cast<std::size_t>(src.stride) == s.pitch) {
        std::memcpy(out, src.data, s.pitch * s.height);
      } else {
        const std::size_t row = std::size_t{s.width} * bytes_per_sample();
        for (unsigned y = 0; y < s.height; ++y) {
          std::memcpy(out + y * s.pitch, src.row<std::uint8_t>(y), row);
          std::memset(out + y * s.pitch + row, 0, s.pitch - row);
        }
      }
    }
  }
}

}  // namespace fastvmaf::gpu
