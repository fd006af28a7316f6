// The one check of pictures in device memory (core/device_picture.hpp): planar pictures
// of the run's geometry, libvmaf's odd chroma one sample short, semi-planar surfaces
// (NV12, P010) and their shifts are accepted; anything else is refused with a message
// naming the frame, the side and the plane.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "core/device_picture.hpp"

namespace fastvmaf {
namespace {

const void* kAddress = reinterpret_cast<const void*>(0x1000);

DeviceFrameView planar(unsigned w, unsigned h, unsigned cw, unsigned ch, std::size_t bytes) {
  DeviceFrameView v;
  v.planes[0] = DevicePlaneView{kAddress, w * bytes, w, h};
  v.planes[1] = v.planes[2] = DevicePlaneView{kAddress, cw * bytes, cw, ch};
  return v;
}

DeviceFrameView nv12(unsigned w, unsigned h, std::size_t bytes, unsigned shift) {
  DeviceFrameView v;
  v.planes[0] = DevicePlaneView{kAddress, 64 * bytes, w, h};
  v.planes[1] = DevicePlaneView{kAddress, 64 * bytes, (w + 1) / 2, (h + 1) / 2};
  v.interleaved_chroma = true;
  v.msb_shift = shift;
  return v;
}

std::string refusal(const DeviceFrameView& v, const VideoGeometry& g) {
  try {
    check_device_frame(v, g, "distorted", 7);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return {};
}

TEST(DevicePicture, PlaneSizesAreCeilOfHalfForSubsampledChroma) {
  const VideoGeometry g{853, 481, PixelFormat::YUV420, 8};
  EXPECT_EQ(plane_width(g, 0), 853u);
  EXPECT_EQ(plane_width(g, 1), 427u);
  EXPECT_EQ(plane_height(g, 2), 241u);
  const VideoGeometry k{853, 481, PixelFormat::YUV422, 8};
  EXPECT_EQ(plane_height(k, 1), 481u);
}

TEST(DevicePicture, PlanarAndOddChromaAreAccepted) {
  const VideoGeometry g{33, 17, PixelFormat::YUV420, 8};
  EXPECT_EQ(refusal(planar(33, 17, 17, 9, 1), g), "");
  EXPECT_EQ(refusal(planar(33, 17, 16, 8, 1), g), "") << "libvmaf's chroma, one sample short";
  EXPECT_NE(refusal(planar(33, 17, 15, 8, 1), g), "");
  EXPECT_NE(refusal(planar(32, 17, 16, 9, 1), g), "") << "luma is never short";
}

TEST(DevicePicture, SemiPlanarSurfacesNeedRowsOfPairs) {
  const VideoGeometry g8{40, 20, PixelFormat::YUV420, 8};
  EXPECT_EQ(refusal(nv12(40, 20, 1, 0), g8), "");
  DeviceFrameView narrow = nv12(40, 20, 1, 0);
  narrow.planes[1].pitch = 30;  // 20 pairs need 40 bytes
  EXPECT_NE(refusal(narrow, g8).find("pitch of 30 bytes"), std::string::npos) << refusal(narrow, g8);
  DeviceFrameView none = nv12(40, 20, 1, 0);
  none.planes[1].data = nullptr;
  EXPECT_NE(refusal(none, g8).find("frame 7: the distorted device picture has no CbCr plane"), std::string::npos);
}

TEST(DevicePicture, ShiftsFitTheBitDepth) {
  EXPECT_EQ(refusal(nv12(40, 20, 2, 6), VideoGeometry{40, 20, PixelFormat::YUV420, 10}), "");  // P010
  EXPECT_EQ(refusal(nv12(40, 20, 2, 4), VideoGeometry{40, 20, PixelFormat::YUV420, 12}), "");  // P016, 12 bits
  EXPECT_NE(refusal(nv12(40, 20, 2, 7), VideoGeometry{40, 20, PixelFormat::YUV420, 10}), "");
  EXPECT_NE(refusal(nv12(40, 20, 1, 2), VideoGeometry{40, 20, PixelFormat::YUV420, 8}), "") << "8-bit samples";
}

}  // namespace
}  // namespace fastvmaf
