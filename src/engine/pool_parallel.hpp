// The engine's ParallelFor (core/parallel.hpp): the bands of a frame run on the thread
// pool, the calling thread claiming bands too, so a frame finishes even when every other
// thread is busy with other frames.
#pragma once

#include "core/parallel.hpp"
#include "engine/thread_pool.hpp"

namespace fastvmaf {

class PoolParallel final : public ParallelFor {
 public:
  // `width`: at most this many threads work on one run()'s bands, the calling one
  // included (0: the pool's active workers). A run sharing its pool with others (an
  // encoding ladder's) spreads a frame's bands as wide as its own share of the threads,
  // as it did on a pool of its own, not over every worker of the pool.
  explicit PoolParallel(ThreadPool& pool, unsigned width = 0) : pool_(pool), width_(width) {}
  void run(unsigned n, const std::function<void(unsigned)>& body) const override;
  void run_on_idle(unsigned n, const std::function<void(unsigned)>& body) const override;

 private:
  void run_with(unsigned n, const std::function<void(unsigned)>& body, unsigned helpers) const;
  unsigned helpers_at_most(unsigned available) const;
  ThreadPool& pool_;
  unsigned width_;
};

}  // namespace fastvmaf
