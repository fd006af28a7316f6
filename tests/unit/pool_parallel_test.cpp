// The engine's bands inside a frame (engine/pool_parallel.hpp): every band runs once,
// errors come back, and run_on_idle asks only idle workers for help, so with every worker
// busy the calling thread runs every band itself.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/parallel.hpp"
#include "engine/pool_parallel.hpp"
#include "engine/thread_pool.hpp"

namespace fastvmaf {
namespace {

// Every band of 0..40 runs exactly once, through either entry.
TEST(PoolParallel, EveryBandOnce) {
  ThreadPool pool(3);
  PoolParallel parallel(pool);
  for (Helpers h : {Helpers::Any, Helpers::Idle})
    for (unsigned n = 0; n <= 40; ++n) {
      std::vector<std::atomic<int>> ran(n);
      parallel_for(&parallel, n, [&](unsigned i) { ran[i].fetch_add(1); }, h);
      for (unsigned i = 0; i < n; ++i) ASSERT_EQ(ran[i].load(), 1) << "band " << i << " of " << n;
    }
}

TEST(PoolParallel, ABandsErrorIsRethrownAfterEveryBand) {
  ThreadPool pool(3);
  PoolParallel parallel(pool);
  for (Helpers h : {Helpers::Any, Helpers::Idle}) {
    std::atomic<int> ran{0};
    EXPECT_THROW(parallel_for(
                     &parallel, 9,
                     [&](unsigned i) {
                       ran.fetch_add(1);
                       if (i == 4) throw std::runtime_error("band 4");
                     },
                     h),
                 std::runtime_error);
    EXPECT_EQ(ran.load(), 9);
  }
}

// A width caps the threads on one run's bands, the calling one included: a ladder's run
// on a shared pool spreads a frame as wide as its share of the threads.
TEST(PoolParallel, AWidthCapsTheThreadsOnOneRun) {
  ThreadPool pool(4);
  for (unsigned width : {1u, 2u}) {
    PoolParallel parallel(pool, width);
    for (Helpers h : {Helpers::Any, Helpers::Idle}) {
      std::mutex mu;
      std::set<std::thread::id> ran_on;
      parallel_for(
          &parallel, 16,
          [&](unsigned) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));  // time for helpers to join
            std::lock_guard lock(mu);
            ran_on.insert(std::this_thread::get_id());
          },
          h);
      EXPECT_LE(ran_on.size(), width);
      if (width == 1) {
        EXPECT_EQ(*ran_on.begin(), std::this_thread::get_id());
      }
    }
  }
}

// Holds every worker of a pool busy until released.
struct BusyWorkers {
  explicit BusyWorkers(ThreadPool& pool) : pool_(pool) {
    for (unsigned k = 0; k < pool.size(); ++k)
      pool.post([this] {
        std::unique_lock lock(mu);
        ++busy;
        cv.notify_all();
        cv.wait(lock, [this] { return released; });
      });
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return busy == pool.size(); });
  }
  ~BusyWorkers() {
    {
      std::lock_guard lock(mu);
      released = true;
    }
    cv.notify_all();
  }
  ThreadPool& pool_;
  std::mutex mu;
  std::condition_variable cv;
  unsigned busy = 0;
  bool released = false;
};

TEST(PoolParallel, WithEveryWorkerBusyRunOnIdleRunsEveryBandOnTheCallingThread) {
  ThreadPool pool(3);
  PoolParallel parallel(pool);
  BusyWorkers hold(pool);
  EXPECT_EQ(pool.idle(), 0u);
  std::mutex mu;
  std::set<std::thread::id> threads;
  parallel_for(
      &parallel, 12,
      [&](unsigned) {
        std::lock_guard lock(mu);
        threads.insert(std::this_thread::get_id());
      },
      Helpers::Idle);
  ASSERT_EQ(threads.size(), 1u);
  EXPECT_EQ(*threads.begin(), std::this_thread::get_id());
}

// Waits (up to a second) until every worker of `pool` waits for a task.
bool all_idle(const ThreadPool& pool) {
  for (int k = 0; k < 200 && pool.idle() < pool.size(); ++k) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return pool.idle() == pool.size();
}

TEST(PoolParallel, IdleWorkersHelp) {
  ThreadPool pool(3);
  PoolParallel parallel(pool);
  ASSERT_TRUE(all_idle(pool));
  for (Helpers h : {Helpers::Any, Helpers::Idle}) {
    // Each band waits until two threads have entered, so the bands finish only if a
    // worker helped the calling thread.
    std::mutex mu;
    std::condition_variable cv;
    std::set<std::thread::id> threads;
    parallel_for(
        &parallel, 2,
        [&](unsigned) {
          std::unique_lock lock(mu);
          threads.insert(std::this_thread::get_id());
          cv.notify_all();
          cv.wait_for(lock, std::chrono::seconds(10), [&] { return threads.size() >= 2; });
        },
        h);
    EXPECT_EQ(threads.size(), 2u);
    ASSERT_TRUE(all_idle(pool));
  }
}

}  // namespace
}  // namespace fastvmaf
