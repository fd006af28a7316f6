#include "core/device_picture.hpp"

#include <stdexcept>

#include <fmt/format.h>

#include "core/sample.hpp"

namespace fastvmaf {

namespace {
const char* const kPlaneName[3] = {"Y", "Cb", "Cr"};
}

void check_device_frame(const DeviceFrameView& v, const VideoGeometry& g, const char* role, unsigned frame) {
  const unsigned bytes = bytes_per_sample(g.bpc);
  if (v.msb_shift != 0 && (bytes != 2 || v.msb_shift > 16 - g.bpc))
    throw std::invalid_argument(fmt::format("frame {}: the {} device picture's samples are shifted up {} bits, more "
                                            "than {}-bit samples in 16 bits allow",
                                            frame, role, v.msb_shift, g.bpc));
  const int planes = v.interleaved_chroma ? 2 : 3;
  for (int p = 0; p < planes; ++p) {
    const DevicePlaneView& d = v.planes[p];
    const unsigned w = plane_width(g, p), h = plane_height(g, p);
    if (!d.data)
      throw std::invalid_argument(fmt::format("frame {}: the {} device picture has no {} plane", frame, role,
                                              p == 1 && v.interleaved_chroma ? "CbCr" : kPlaneName[p]));
    const bool short_ok = p > 0;
    if (!((d.width == w || (short_ok && d.width + 1 == w && d.width > 0)) &&
          (d.height == h || (short_ok && d.height + 1 == h && d.height > 0))))
      throw std::invalid_argument(fmt::format("frame {}: the {} device picture's {} plane is {}x{}, expected {}x{}",
                                              frame, role, kPlaneName[p], d.width, d.height, w, h));
    const std::size_t row = std::size_t{d.width} * bytes * (p == 1 && v.interleaved_chroma ? 2 : 1);
    if (d.pitch < row)
      throw std::invalid_argument(fmt::format("frame {}: the {} device picture's {} plane has a pitch of {} bytes, less "
                                              "than its rows of {} bytes",
                                              frame, role, kPlaneName[p], d.pitch, row));
  }
}

}  // namespace fastvmaf
