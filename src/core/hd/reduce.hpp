// Block reductions in shared memory, written as per-work-item steps so that a kernel and
// its host replay run the same code: a kernel calls tree_step for half = n/2, ..., 1 with
// a barrier after each; the replay runs each step for every work-item of the block (in
// lockstep, tests/replay/replay.hpp). Integer sums: the result does not depend on the
// shape of the tree.
#pragma once

#include "core/hd.hpp"

namespace fastvmaf::hd {

// One step: work-items below `half` add the partial `half` above them.
template <typename T>
FVMAF_HD inline void tree_step(T* partial, unsigned t, unsigned half) {
  if (t < half) partial[t] += partial[t + half];
}

// The same for parts that combine with absorb() (an associative and commutative
// operation: a maximum, flags, integer sums).
template <typename T>
FVMAF_HD inline void tree_absorb_step(T* partial, unsigned t, unsigned half) {
  if (t < half) partial[t].absorb(partial[t + half]);
}

}  // namespace fastvmaf::hd
