// Host replay of the unpack kernel (gpu/unpack_plane.hpp): every sample of a slot from
// NV12, P010 and P016 surfaces (Cb and Cr interleaved, samples in the high bits) and
// from planar YUV444P16, against a plain reading of the surface; and libvmaf's odd
// chroma (a plane one sample short) extended by repeating its last column and row.
#include <cstdint>
#include <cstring>
#include <vector>

#include <gtest/gtest.h>

#include "gpu/unpack_plane.hpp"

namespace fastvmaf::gpu {
namespace {

// Runs the kernel's work-items over the whole slot, as the launch's grid covers it.
void replay(const UnpackPlane& u) {
  for (unsigned y = 0; y < u.dst_height; ++y)
    for (unsigned x = 0; x < u.dst_width; ++x) unpack_sample(u, x, y);
}

// A semi-planar chroma plane of w x h sample pairs (Cb, Cr), `pad` bytes of junk per row.
template <typename T>
std::vector<std::uint8_t> interleaved(unsigned w, unsigned h, std::size_t pitch, unsigned shift, unsigned seed) {
  std::vector<std::uint8_t> s(pitch * h, 0xA5);  // the padding is junk: it must not be read
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < 2 * w; ++x) {
      const unsigned v = (x * 37 + y * 101 + seed) % (sizeof(T) == 1 ? 256 : (1u << (16 - shift)));
      const T t = static_cast<T>(v << shift);
      std::memcpy(s.data() + y * pitch + x * sizeof(T), &t, sizeof t);
    }
  return s;
}

template <typename T>
T at(const std::vector<std::uint8_t>& s, std::size_t pitch, unsigned x, unsigned y) {
  T t;
  std::memcpy(&t, s.data() + y * pitch + x * sizeof(T), sizeof t);
  return t;
}

TEST(UnpackPlaneReplay, Nv12ChromaIsTakenApart) {
  const unsigned w = 9, h = 5;
  const std::size_t pitch = 32;
  auto src = interleaved<std::uint8_t>(w, h, pitch, 0, 3);
  for (unsigned offset : {0u, 1u}) {
    std::vector<std::uint8_t> dst(16 * h, 0);
    UnpackPlane u{src.data(), pitch, w, h, 2, offset, 0, 1, dst.data(), 16, w, h};
    replay(u);
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = 0; x < w; ++x)
        ASSERT_EQ(dst[y * 16 + x], src[y * pitch + 2 * x + offset]) << "offset " << offset << " at " << x << "," << y;
    for (unsigned y = 0; y < h; ++y)
      for (unsigned x = w; x < 16; ++x) ASSERT_EQ(dst[y * 16 + x], 0) << "the row's padding was written";
  }
}

TEST(UnpackPlaneReplay, P010AndP016ShiftTheirSamplesDown) {
  for (unsigned shift : {6u, 4u}) {  // P010 (10 bits), P016 holding 12 bits
    const unsigned w = 7, h = 4;
    const std::size_t pitch = 64;
    auto src = interleaved<std::uint16_t>(w, h, pitch, shift, 11);
    std::vector<std::uint8_t> dst(32 * h, 0);
    for (unsigned offset : {0u, 1u}) {
      UnpackPlane u{src.data(), pitch, w, h, 2, offset, shift, 2, dst.data(), 32, w, h};
      replay(u);
      for (unsigned y = 0; y < h; ++y)
        for (unsigned x = 0; x < w; ++x) {
          const std::uint16_t want = at<std::uint16_t>(src, pitch, 2 * x + offset, y) >> shift;
          ASSERT_EQ(at<std::uint16_t>(dst, 32, x, y), want) << "shift " << shift << " offset " << offset;
          ASSERT_LT(want, 1u << (16 - shift));
        }
    }
  }
}

TEST(UnpackPlaneReplay, PlanarHighBitsLumaIsShiftedOnly) {
  const unsigned w = 5, h = 3;
  const std::size_t pitch = 16;
  std::vector<std::uint8_t> src(pitch * h);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const std::uint16_t v = static_cast<std::uint16_t>(((x + 1) * (y + 3) * 97 % 1024) << 6);
      std::memcpy(src.data() + y * pitch + 2 * x, &v, 2);
    }
  std::vector<std::uint8_t> dst(16 * h, 0);
  UnpackPlane u{src.data(), pitch, w, h, 1, 0, 6, 2, dst.data(), 16, w, h};
  replay(u);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x)
      ASSERT_EQ(at<std::uint16_t>(dst, 16, x, y), at<std::uint16_t>(src, pitch, x, y) >> 6);
}

TEST(UnpackPlaneReplay, OddChromaRepeatsItsLastColumnAndRow) {
  const unsigned w = 4, h = 3;  // the slot is 5 x 4: one more of each
  const std::size_t pitch = 16;
  auto src = interleaved<std::uint8_t>(w, h, pitch, 0, 5);
  std::vector<std::uint8_t> dst(8 * 4, 0);
  UnpackPlane u{src.data(), pitch, w, h, 2, 1, 0, 1, dst.data(), 8, w + 1, h + 1};
  replay(u);
  for (unsigned y = 0; y < h + 1; ++y)
    for (unsigned x = 0; x < w + 1; ++x) {
      const unsigned sx = x < w ? x : w - 1, sy = y < h ? y : h - 1;
      ASSERT_EQ(dst[y * 8 + x], src[sy * pitch + 2 * sx + 1]) << x << "," << y;
    }
}

}  // namespace
}  // namespace fastvmaf::gpu
