#include "engine/thread_pool.hpp"

namespace fastvmaf {

ThreadPool::ThreadPool(unsigned threads) {
  if (threads == 0) threads = 1;
  workers_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { loop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : workers_) t.join();
}

unsigned ThreadPool::idle() const {
  std::lock_guard lock(mu_);
  return idle_;
}

void ThreadPool::post(std::function<void()> task) { push(std::move(task), false); }

void ThreadPool::post_front(std::function<void()> task) { push(std::move(task), true); }

void ThreadPool::push(std::function<void()> task, bool front) {
  bool wake = false;
  {
    std::lock_guard lock(mu_);
    if (front)
      tasks_.push_front(std::move(task));
    else
      tasks_.push_back(std::move(task));
    wake = idle_ > 0;
  }
  if (wake) cv_.notify_one();
}

void ThreadPool::loop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mu_);
      ++idle_;
      cv_.wait(lock, [this] { return stop_ || !tasks_.empty(); });
      --idle_;
      if (tasks_.empty()) return;  // stop_ and drained
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

}  // namespace fastvmaf
