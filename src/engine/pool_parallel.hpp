// The engine's ParallelFor (core/parallel.hpp): the bands of a frame run on the thread
// pool, the calling thread claiming bands too, so a frame finishes even when every other
// thread is busy with other frames.
#pragma once

#include "core/parallel.hpp"
#include "engine/thread_pool.hpp"

namespace fastvmaf {

class PoolParallel final : public ParallelFor {
 public:
  explicit PoolParallel(ThreadPool& pool) : pool_(pool) {}
  void run(unsigned n, const std::function<void(unsigned)>& body) const override;
  void run_on_idle(unsigned n, const std::function<void(unsigned)>& body) const override;

 private:
  void run_with(unsigned n, const std::function<void(unsigned)>& body, unsigned helpers) const;
  ThreadPool& pool_;
};

}  // namespace fastvmaf
