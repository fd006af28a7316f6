// The two frames a twin has in flight. The engine submits frame i + 1 before it collects
// frame i, so each twin double-buffers its pinned results block and the event that says
// the block has arrived: submit writes half next(), then calls submitted(); collect(i)
// calls wait(i), the only host wait, which says the half that frame i used.
#pragma once

#include <array>
#include <stdexcept>
#include <string>

#include "gpu/backend/stream.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

class InFlight {
 public:
  explicit InFlight(const std::string& who) : who_(who), slots_{Slot{Event(who)}, Slot{Event(who)}} {}

  // The half the frame being submitted writes its results to (0 or 1).
  unsigned next() const { return next_; }

  // Frame `index`'s work and its results download are enqueued on `stream`.
  void submitted(const StreamRef& stream, unsigned index) {
    Slot& s = slots_[next_];
    s.ready.record(stream);
    s.index = index;
    s.busy = true;
    next_ ^= 1u;
  }

  // Waits until frame `index`'s results have arrived; returns the half they are in.
  unsigned wait(unsigned index) {
    const unsigned k = slots_[0].busy && slots_[0].index == index ? 0 : 1;
    Slot& s = slots_[k];
    if (!s.busy || s.index != index) throw std::logic_error(who_ + " twin: collect of a frame not submitted");
    s.ready.wait_host();
    s.busy = false;
    return k;
  }

 private:
  struct Slot {
    Event ready;
    unsigned index = 0;
    bool busy = false;
  };
  std::string who_;
  std::array<Slot, 2> slots_;
  unsigned next_ = 0;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
