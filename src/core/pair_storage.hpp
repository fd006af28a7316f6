// Where the readers put a frame pair's pictures. Without one, each picture is its own
// allocation (Picture::allocate, recycled by the reader). A GPU run hands the readers the
// frame pipeline's storage instead: pinned slabs laid out as the shared device frame, one
// per pair, so the reader's read is the only host copy of a frame's bytes and the upload
// goes straight from the slab (../shared/DESIGN.md, "The frame pipeline").
#pragma once

#include <memory>
#include <utility>

#include "fastvmaf/picture.hpp"

namespace fastvmaf {

class PairStorage {
 public:
  virtual ~PairStorage() = default;
  // The reference and distorted pictures of one new frame pair, of the run's geometry,
  // zero-padded like Picture::allocate's. The pair's memory is reused once both pictures
  // (and every copy of them) are dropped. Called from the readers' threads.
  virtual std::pair<std::shared_ptr<Picture>, std::shared_ptr<Picture>> make_pair() = 0;
};

}  // namespace fastvmaf
