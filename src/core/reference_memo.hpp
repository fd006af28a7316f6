// Values computed from the reference pictures alone, computed once for all the runs of an
// encoding ladder (docs/adr/0014-encoding-ladder.md). Every encode's run gets the same
// reference pictures with the same frame indices, so a value that depends only on them
// and the frame's index (motion's SAD of frame i: the reference of i against that of i - 1
// or i - 2) is the same in every run: the first run to ask computes it, the others wait
// for it and take the same words. A value forgotten (forget_below) or whose computation
// failed is computed again by whoever asks next: sharing saves work, it never changes what
// a run sees.
//
// Only the CPU extractors that declare it use it (motion); a key names what is computed
// and every option it depends on.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace fastvmaf {

class ReferenceMemo {
 public:
  // The value of `key` at frame `index`: `compute()` run by the first caller, the others
  // waiting for it. If compute() throws, the exception goes to its caller and a waiting
  // caller computes itself.
  std::uint64_t once(const std::string& key, unsigned index, const std::function<std::uint64_t()>& compute);
  // Drops the values of frames below `index` (the ladder moved past them in every run).
  void forget_below(unsigned index);
  // How many values were computed, and how many were taken from another run (tests, profile).
  std::uint64_t computed() const;
  std::uint64_t shared() const;

 private:
  struct Entry {
    unsigned users = 0;  // callers inside once() holding it: not forgotten meanwhile
    bool busy = false;   // a caller is computing it
    bool done = false;
    std::uint64_t value = 0;
  };
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::pair<unsigned, std::string>, Entry> entries_;  // by frame first: forget_below
  std::uint64_t computed_ = 0, shared_ = 0;
};

}  // namespace fastvmaf
