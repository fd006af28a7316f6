#include "engine/pool_parallel.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>

namespace fastvmaf {

namespace {

// One run(): bands are claimed from `next`; a helper task that starts after every band
// was claimed returns at once (it may start after run() returned: it then touches only
// this state, which it co-owns).
struct Bands {
  const std::function<void(unsigned)>* body = nullptr;
  unsigned n = 0;
  std::atomic<unsigned> next{0};
  std::mutex mu;
  std::condition_variable cv;
  unsigned done = 0;  // guarded by mu
  std::exception_ptr error;

  // Runs bands until none is left; returns how many this thread ran.
  void work() {
    unsigned ran = 0;
    std::exception_ptr failed;
    for (unsigned i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n; ++ran) {
      try {
        (*body)(i);
      } catch (...) {
        if (!failed) failed = std::current_exception();
      }
    }
    if (ran == 0) return;
    bool last = false;
    {
      std::lock_guard lock(mu);
      if (failed && !error) error = failed;
      done += ran;
      last = done == n;
    }
    if (last) cv.notify_all();
  }
};

}  // namespace

unsigned PoolParallel::helpers_at_most(unsigned available) const {
  return width_ ? std::min(available, width_ - 1) : available;
}

void PoolParallel::run(unsigned n, const std::function<void(unsigned)>& body) const {
  run_with(n, body, n == 0 ? 0 : std::min(n - 1, helpers_at_most(pool_.active() - 1)));
}

void PoolParallel::run_on_idle(unsigned n, const std::function<void(unsigned)>& body) const {
  run_with(n, body, n == 0 ? 0 : std::min(n - 1, helpers_at_most(pool_.idle())));
}

void PoolParallel::run_with(unsigned n, const std::function<void(unsigned)>& body, unsigned helpers) const {
  if (n == 0) return;
  if (n == 1 || helpers == 0) {
    run_in_order(n, body);
    return;
  }
  auto bands = std::make_shared<Bands>();
  bands->body = &body;
  bands->n = n;
  for (unsigned h = 0; h < helpers; ++h) pool_.post_front([bands] { bands->work(); });
  bands->work();
  std::unique_lock lock(bands->mu);
  bands->cv.wait(lock, [&] { return bands->done == n; });
  if (bands->error) std::rethrow_exception(bands->error);
}

}  // namespace fastvmaf
