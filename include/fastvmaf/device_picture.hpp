// fastvmaf — a picture in the device memory of a GPU run (Session::push_device).
#pragma once

#include <cstddef>

namespace fastvmaf {

// A picture whose planes are already in the device memory of a GPU run's backend (a CUDA
// device address on a cuda run): a hardware decoder's surface, or the pictures libvmaf's
// CUDA API hands out. Each plane gives its address, pitch in bytes and size in samples:
// the session's layout (chroma ceil(width / 2) wide for 4:2:0 and 4:2:2, ceil(height / 2)
// high for 4:2:0), or libvmaf's odd chroma one sample short, whose last column (row) is
// repeated on the device as libvmaf's CPU path reads it.
struct DevicePlaneView {
  const void* data = nullptr;
  std::size_t pitch = 0;
  unsigned width = 0, height = 0;
};

struct DeviceFrameView {
  DevicePlaneView planes[3];
};

}  // namespace fastvmaf
