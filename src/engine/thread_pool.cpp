#include "engine/thread_pool.hpp"

#include <algorithm>
#include <string>
#include <system_error>

namespace fastvmaf {

ThreadPool::ThreadPool(unsigned threads, std::function<void()> init) {
  if (threads == 0) threads = 1;
  workers_.reserve(threads);
  try {
    for (unsigned i = 0; i < threads; ++i)
      workers_.emplace_back([this, init] {
        if (init) init();
        loop();
      });
  } catch (const std::system_error& e) {
    // The system refused a thread (limits, memory). Destroying the vector of joinable
    // threads would call std::terminate and end the host program (a C API caller's):
    // join the started ones and report the error instead.
    stop_and_join();
    throw std::system_error(e.code(), "cannot start thread " + std::to_string(workers_.size() + 1) + " of " +
                                          std::to_string(threads));
  }
}

ThreadPool::~ThreadPool() { stop_and_join(); }

void ThreadPool::stop_and_join() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  for (auto& t : workers_)
    if (t.joinable()) t.join();
}

unsigned ThreadPool::idle() const {
  std::lock_guard lock(mu_);
  return idle_;
}

void ThreadPool::limit_active(unsigned n) {
  {
    std::lock_guard lock(mu_);
    limit_ = n;
  }
  cv_.notify_all();  // a raised limit lets waiting workers take the queued tasks
}

unsigned ThreadPool::active() const {
  std::lock_guard lock(mu_);
  return limit_ ? std::min(limit_, size()) : size();
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
  std::unique_lock lock(mu_);
  for (;;) {
    ++idle_;
    // A limited pool's extra workers wait while the others are busy; a worker that ends a
    // task loops here and takes the next itself, so no wake-up is lost. Stopping drains
    // the queue first.
    cv_.wait(lock, [this] {
      return (stop_ && tasks_.empty()) || (!tasks_.empty() && (limit_ == 0 || busy_ < limit_));
    });
    --idle_;
    if (tasks_.empty()) {  // stop_ and drained
      // The others may be waiting on a limit that no finishing task will lift now: wake
      // them to see the drained queue and end too.
      cv_.notify_all();
      return;
    }
    std::function<void()> task = std::move(tasks_.front());
    tasks_.pop_front();
    ++busy_;
    lock.unlock();
    task();
    task = nullptr;  // its captures are released outside the lock
    lock.lock();
    --busy_;
  }
}

}  // namespace fastvmaf
