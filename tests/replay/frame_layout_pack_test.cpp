// The frame layout's packing (gpu/frame_layout.hpp), which every upload and the pipeline's
// mixed frames (a host side beside a device side) go through: pack() is the results block
// zeroed and both sides' pack_side(); pack_side() writes its own side's planes at their
// offsets, rows padded with zeros, and no byte of the other side.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gpu/frame_layout.hpp"
#include "picture_samples.hpp"

namespace fastvmaf::gpu {
namespace {

Picture numbered(PixelFormat fmt, unsigned bpc, unsigned w, unsigned h, unsigned salt) {
  Picture p = Picture::allocate(fmt, bpc, w, h);
  const unsigned max = (1u << bpc) - 1;
  for (int i = 0; i < 3; ++i) {
    Plane& pl = p.plane(i);
    for (unsigned y = 0; y < pl.height; ++y)
      for (unsigned x = 0; x < pl.width; ++x) test::set_sample(pl, bpc, x, y, (x * 3 + y * 5 + i * 7 + salt) & max);
  }
  return p;
}

TEST(FrameLayoutPack, PackIsBothSidesAndEachSideTouchesOnlyItsPlanes) {
  for (unsigned bpc : {8u, 10u})
    for (PixelFormat fmt : {PixelFormat::YUV420, PixelFormat::YUV444}) {
      SCOPED_TRACE(::testing::Message() << to_string(fmt) << " " << bpc << "-bit");
      const VideoGeometry g{37, 11, fmt, bpc};
      const FrameLayout layout(g, kAllPlanes, 48);
      const Picture ref = numbered(fmt, bpc, g.width, g.height, 1), dis = numbered(fmt, bpc, g.width, g.height, 2);
      std::vector<std::uint8_t> whole(layout.upload_bytes(), 0xEE);
      layout.pack(ref, dis, whole.data());
      std::vector<std::uint8_t> sides(layout.upload_bytes(), 0xEE);
      layout.pack_side(Side::Ref, ref, sides.data());
      // The reference alone: no byte of the distorted planes written.
      for (int p = 0; p < 3; ++p) {
        const PlaneSlot& s = layout.slot(Side::Dis, p);
        for (std::size_t b = 0; b < s.pitch * s.height; ++b) ASSERT_EQ(sides[s.offset + b], 0xEE) << "plane " << p;
      }
      layout.pack_side(Side::Dis, dis, sides.data());
      for (std::size_t b = 0; b < layout.results_bytes(); ++b) {
        EXPECT_EQ(whole[b], 0) << "the results block is zeroed by pack()";
        sides[b] = 0;
      }
      // Byte for byte pack()'s, padding included (between planes: the alignment gaps are
      // neither's, so only the slots are compared).
      for (Side side : {Side::Ref, Side::Dis})
        for (int p = 0; p < 3; ++p) {
          const PlaneSlot& s = layout.slot(side, p);
          const std::size_t row = std::size_t{s.width} * layout.bytes_per_sample();
          for (unsigned y = 0; y < s.height; ++y)
            for (std::size_t b = 0; b < s.pitch; ++b) {
              const std::size_t at = s.offset + y * s.pitch + b;
              ASSERT_EQ(sides[at], whole[at]) << "plane " << p << " row " << y << " byte " << b;
              if (b >= row) {
                ASSERT_EQ(sides[at], 0) << "a row's padding is zero";
              }
            }
        }
    }
}

}  // namespace
}  // namespace fastvmaf::gpu
