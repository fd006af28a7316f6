// One frame of a run: the reference and distorted pictures of frame `index`, as the
// readers hand them to the engine and the engine to its extractors; or, on a GPU run whose
// extractors are all twins, the two pictures in device memory (Session::push_device).
#pragma once

#include <memory>

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

struct FramePair {
  unsigned index = 0;
  std::shared_ptr<const Picture> ref;
  std::shared_ptr<const Picture> dis;
  // Set instead of ref and dis: the pictures on the device, and what keeps their memory
  // as it is until the frame has been scored. A side whose view has no planes
  // (planes[0].data null) is the host picture in ref or dis instead: a .y4m reference
  // beside an encode decoded on the device.
  struct OnDevice {
    DeviceFrameView ref, dis;
    std::shared_ptr<void> keep;
  };
  std::shared_ptr<const OnDevice> device;
};

}  // namespace fastvmaf
