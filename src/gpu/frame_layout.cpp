#include "gpu/frame_layout.hpp"

#include <cstring>
#include <stdexcept>

#include "core/plane_size.hpp"

namespace fastvmaf::gpu {

namespace {
constexpr std::size_t kPlaneAlign = 256;  // bytes: every plane starts on a 256-byte boundary
std::size_t aligned(std::size_t n) { return (n + kPlaneAlign - 1) / kPlaneAlign * kPlaneAlign; }

// The planes in the frame's order: luma of both sides first, the distorted one first.
constexpr struct {
  Side side;
  int plane;
} kOrder[6] = {{Side::Dis, 0}, {Side::Ref, 0}, {Side::Dis, 1}, {Side::Ref, 1}, {Side::Dis, 2}, {Side::Ref, 2}};

void check_geometry(const Picture& pic, const VideoGeometry& g) {
  if (pic.width() != g.width || pic.height() != g.height || pic.format() != g.format || pic.bpc() != g.bpc)
    throw std::logic_error("frame layout: a picture does not have the run's geometry");
}
}  // namespace

FrameLayout::FrameLayout(const VideoGeometry& g, PlaneMask mask, std::size_t results_bytes)
    : geometry_(g), mask_(mask & kAllPlanes), results_bytes_(align_results(results_bytes)) {
  std::size_t at = aligned(results_bytes_);
  upload_bytes_ = results_bytes_;
  for (const auto& o : kOrder) {
    PlaneSlot& s = slots_[static_cast<int>(o.side)][o.plane];
    s.present = (mask_ & plane_bit(o.side, o.plane)) != 0;
    s.width = plane_width(g, o.plane);
    s.height = plane_height(g, o.plane);
    s.pitch = Picture::padded_stride(s.width, g.bpc);
    s.offset = at;
    at = aligned(at + s.pitch * s.height);
    if (s.present) upload_bytes_ = s.offset + s.pitch * s.height;
  }
  bytes_ = at;
}

void FrameLayout::pack(const Picture& ref, const Picture& dis, std::uint8_t* dst) const {
  std::memset(dst, 0, results_bytes_);
  pack_side(Side::Ref, ref, dst);
  pack_side(Side::Dis, dis, dst);
}

void FrameLayout::pack_side(Side side, const Picture& pic, std::uint8_t* dst) const {
  check_geometry(pic, geometry_);
  for (int p = 0; p < 3; ++p) {
    const PlaneSlot& s = slot(side, p);
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

std::pair<Picture, Picture> FrameLayout::views(std::uint8_t* slab, const std::shared_ptr<void>& owner) const {
  Plane planes[2][3];
  for (int side = 0; side < 2; ++side)
    for (int p = 0; p < 3; ++p) {
      const PlaneSlot& s = slots_[side][p];
      planes[side][p].data = slab + s.offset;
      planes[side][p].stride = static_cast<std::ptrdiff_t>(s.pitch);
    }
  const VideoGeometry& g = geometry_;
  // Each picture counts half of the slab, so the pair counts the whole.
  return {Picture::wrap(g.format, g.bpc, g.width, g.height, planes[0], owner, bytes_ / 2),
          Picture::wrap(g.format, g.bpc, g.width, g.height, planes[1], owner, bytes_ - bytes_ / 2)};
}

const std::uint8_t* FrameLayout::slab_of(const Picture& ref, const Picture& dis) const {
  if (dis.empty() || ref.empty()) return nullptr;
  // Addresses as integers: for pictures of other memory the slab's start is no address.
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(dis.plane(0).data) - slot(Side::Dis, 0).offset;
  for (int side = 0; side < 2; ++side) {
    const Picture& pic = side == 0 ? ref : dis;
    if (pic.width() != geometry_.width || pic.height() != geometry_.height || pic.format() != geometry_.format ||
        pic.bpc() != geometry_.bpc)
      return nullptr;
    for (int p = 0; p < 3; ++p) {
      const PlaneSlot& s = slots_[side][p];
      if (reinterpret_cast<std::uintptr_t>(pic.plane(p).data) != base + s.offset ||
          static_cast<std::size_t>(pic.plane(p).stride) != s.pitch)
        return nullptr;
    }
  }
  return reinterpret_cast<const std::uint8_t*>(base);
}

}  // namespace fastvmaf::gpu
