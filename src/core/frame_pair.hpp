// One frame of a run: the reference and distorted pictures of frame `index`, as the
// readers hand them to the engine and the engine to its extractors.
#pragma once

#include <memory>

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

struct FramePair {
  unsigned index = 0;
  std::shared_ptr<const Picture> ref;
  std::shared_ptr<const Picture> dis;
};

}  // namespace fastvmaf
