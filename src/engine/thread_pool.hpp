// A fixed set of worker threads running posted tasks in FIFO order.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace fastvmaf {

class ThreadPool {
 public:
  // Throws std::system_error when a thread cannot be started (after joining the
  // started ones). `init` runs first on every thread (a device worker's: which device
  // the thread's runtime calls go to).
  explicit ThreadPool(unsigned threads, std::function<void()> init = {});
  ~ThreadPool();  // finishes queued tasks, then joins
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Tasks must not throw; wrap them (the engine stores exceptions per frame).
  void post(std::function<void()> task);
  // Ahead of every queued task: a band of a frame already running goes before new frames.
  void post_front(std::function<void()> task);
  unsigned size() const { return static_cast<unsigned>(workers_.size()); }
  // Workers waiting for a task right now (a hint: it may change as soon as it is read).
  unsigned idle() const;
  // From now on at most `n` workers run tasks at once (0: all), the others wait: a hybrid
  // run's CPU worker leaves cores to the device pipelines' host threads (readers, strand)
  // once they have started (engine/hybrid_run.cpp).
  void limit_active(unsigned n);
  // Workers that may run tasks at once: size(), or the limit.
  unsigned active() const;

 private:
  void loop();
  void stop_and_join();
  void push(std::function<void()> task, bool front);
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  unsigned idle_ = 0;  // workers waiting for a task: post() wakes one only then
  unsigned busy_ = 0;  // workers running a task
  unsigned limit_ = 0;  // limit_active(); 0: none
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace fastvmaf
