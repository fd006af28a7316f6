// The motion twin's plan, on the host (src/features/motion/gpu/): the grid of a frame's
// kernel. The twin's kernel launcher and the host replay use it; the work-items are
// motion_work.hpp.
#pragma once

#include "features/motion/gpu/motion_work.hpp"

namespace fastvmaf::motion::twin {

struct Grid {
  unsigned x = 0, y = 0;
};
inline Grid grid_of(const FrameArgs& a) { return {(a.w + kRowChunk - 1) / kRowChunk, a.h}; }

}  // namespace fastvmaf::motion::twin
