// Values computed from the reference pictures alone, computed once for all the runs of an
// encoding ladder (docs/adr/0014-encoding-ladder.md). Every encode's run gets the same
// reference pictures with the same frame indices, so a value that depends only on them
// and the frame's index (motion's SAD of frame i: the reference of i against that of i - 1
// or i - 2) is the same in every run: the first run to ask computes it, the others wait
// for it and take the same words. A value forgotten (forget_below) or whose computation
// failed is computed again by whoever asks next: sharing saves work, it never changes what
// a run sees.
//
// Values are words (motion's SAD: once) or blocks (a frame-sized stage of the reference,
// VIF's reference-side filtering: once_block). A block is dropped as soon as every run
// sharing the memo has had it, so the blocks alive follow the frames in flight, not the
// video. The CPU extractors that use it: motion, VIF; a key names what is computed and
// every option it depends on.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace fastvmaf {

// How a pass over one frame uses a stage of the reference (a block of once_block, e.g.
// ADM's and VIF's reference part): the pass that computes it writes `out` (and may read
// back what it wrote), a pass that takes it reads `in` only, and a pass that does both
// pictures' work has neither.
template <class Stage>
struct StageIo {
  Stage* out = nullptr;
  const Stage* in = nullptr;
  static StageIo writing(Stage& s) { return {&s, &s}; }
  static StageIo reading(const Stage* s) { return {nullptr, s}; }  // null: neither
};

class ReferenceMemo {
 public:
  // `n`: the runs that ask for every block from now on (a ladder's encodes still open); 0
  // (the default): no block is dropped before forget_below.
  void set_sharers(unsigned n);

  // The value of `key` at frame `index`: `compute()` run by the first caller, the others
  // waiting for it. If compute() throws, the exception goes to its caller and a waiting
  // caller computes itself.
  std::uint64_t once(const std::string& key, unsigned index, const std::function<std::uint64_t()>& compute);
  // The same for a block. It is dropped once `sharers` callers have had it (a caller
  // asking after that computes it again, the same); the block itself lives while any
  // caller holds it.
  std::shared_ptr<const void> once_block(const std::string& key, unsigned index,
                                         const std::function<std::shared_ptr<const void>()>& compute);
  // Drops the values of frames below `index` (the ladder moved past them in every run).
  void forget_below(unsigned index);
  // A block to fill for `key`: one dropped earlier by every holder, or make()'s. A frame's
  // block is tens of MB: allocating and first touching one a frame would cost more than
  // sharing saves. The block returns here when its last holder drops it, while the memo
  // lives; the spares are freed with the memo.
  template <class B, class Make>
  std::shared_ptr<B> reusable(const std::string& key, Make&& make);

  // How many values (words and blocks) were computed, and how many were taken from
  // another run (tests, profile).
  std::uint64_t computed() const;
  std::uint64_t shared() const;
  // Blocks alive in the memo now (tests: dropped after their last sharer).
  std::size_t blocks_held() const;

 private:
  struct Entry {
    unsigned users = 0;  // callers inside once() holding it: not forgotten meanwhile
    bool busy = false;   // a caller is computing it
    bool done = false;
    unsigned had = 0;  // callers that got the value (the one computing it included)
    std::uint64_t value = 0;
    std::shared_ptr<const void> block;
  };
  // once() and once_block(): `get` computes into the entry (outside the lock).
  template <class Get>
  Entry& take(const std::string& key, unsigned index, Get&& get, std::unique_lock<std::mutex>& lock);

  unsigned sharers_ = 0;
  struct Spares {
    std::mutex mu;
    std::map<std::string, std::vector<std::shared_ptr<void>>> free;
  };
  std::shared_ptr<Spares> spares_ = std::make_shared<Spares>();
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::pair<unsigned, std::string>, Entry> entries_;  // by frame first: forget_below
  std::uint64_t computed_ = 0, shared_ = 0;
};

template <class B, class Make>
std::shared_ptr<B> ReferenceMemo::reusable(const std::string& key, Make&& make) {
  std::shared_ptr<void> obj;
  {
    std::lock_guard lock(spares_->mu);
    auto& list = spares_->free[key];
    if (!list.empty()) {
      obj = std::move(list.back());
      list.pop_back();
    }
  }
  if (!obj) obj = std::shared_ptr<B>(make());
  B* raw = static_cast<B*>(obj.get());
  // The handle's deleter keeps the object (obj) and hands it back to the spares; with the
  // memo gone, the object goes with the deleter.
  std::weak_ptr<Spares> weak = spares_;
  return std::shared_ptr<B>(raw, [obj = std::move(obj), weak, key](B*) mutable {
    if (auto sp = weak.lock()) {
      std::lock_guard lock(sp->mu);
      sp->free[key].push_back(std::move(obj));
    }
  });
}

}  // namespace fastvmaf
