// The engine's thread pool (engine/thread_pool.hpp): a thread the system refuses is a
// std::system_error, never std::terminate (a C API caller's program must survive it).
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <system_error>
#include <thread>

#include "engine/thread_pool.hpp"

namespace fastvmaf {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kAsan = true;
#else
constexpr bool kAsan = false;
#endif
#else
constexpr bool kAsan = false;
#endif

// In a child limited to its address space plus 64 MiB, 1024 threads' stacks do not fit.
[[noreturn]] void start_too_many_threads() {
  unsigned long long pages = 0;
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (!statm || std::fscanf(statm, "%llu", &pages) != 1) std::_Exit(4);
  std::fclose(statm);
  const rlim_t limit = static_cast<rlim_t>(pages * static_cast<unsigned long long>(sysconf(_SC_PAGESIZE)) + (64u << 20));
  const rlimit r{limit, limit};
  if (setrlimit(RLIMIT_AS, &r)) std::_Exit(5);
  try {
    ThreadPool pool(1024);
  } catch (const std::system_error&) {
    std::_Exit(3);
  }
  std::_Exit(0);
}

TEST(ThreadPool, ARefusedThreadIsAnError) {
  if (kAsan) GTEST_SKIP() << "ASan's shadow memory does not fit an address-space limit";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(start_too_many_threads(), ::testing::ExitedWithCode(3), "");
}

TEST(ThreadPool, RunsPostedTasks) {
  std::atomic<int> n{0};
  {
    ThreadPool pool(3);
    for (int i = 0; i < 50; ++i) pool.post([&] { n.fetch_add(1); });
  }
  EXPECT_EQ(n.load(), 50);
}

// Tasks running at once, at most: `n` tasks that each hold for a moment.
int most_at_once(ThreadPool& pool, int n) {
  std::atomic<int> now{0}, most{0}, done{0};
  for (int i = 0; i < n; ++i)
    pool.post([&] {
      const int k = now.fetch_add(1) + 1;
      for (int m = most.load(); k > m && !most.compare_exchange_weak(m, k);) {
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
      now.fetch_sub(1);
      done.fetch_add(1);
    });
  while (done.load() < n) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  return most.load();
}

TEST(ThreadPool, LimitActiveBoundsTheTasksRunningAtOnceAndCanBeLifted) {
  ThreadPool pool(6);
  EXPECT_EQ(pool.active(), 6u);
  pool.limit_active(2);
  EXPECT_EQ(pool.active(), 2u);
  EXPECT_LE(most_at_once(pool, 40), 2);
  pool.limit_active(1);
  EXPECT_EQ(most_at_once(pool, 20), 1);
  pool.limit_active(0);  // lifted: every worker again
  EXPECT_EQ(pool.active(), 6u);
  EXPECT_GT(most_at_once(pool, 60), 2);
  pool.limit_active(100);  // above the size: all
  EXPECT_EQ(pool.active(), 6u);
}

TEST(ThreadPool, ALimitLoweredWhileTasksWaitStillRunsThemAllAndStops) {
  std::atomic<int> n{0};
  {
    ThreadPool pool(4);
    for (int i = 0; i < 200; ++i) pool.post([&] { n.fetch_add(1); });
    pool.limit_active(1);
    for (int i = 0; i < 200; ++i) pool.post_front([&] { n.fetch_add(1); });
  }  // the destructor drains the queue with one worker at a time
  EXPECT_EQ(n.load(), 400);
}

// The destructor comes while a limited pool's queue is full and the extra workers wait on
// the limit: the worker that drains the queue must wake them to end (it once did not, and
// the destructor waited forever on a slow CI machine).
TEST(ThreadPool, DestroyedWithALimitAndAFullQueueEndsEveryWorker) {
  for (int round = 0; round < 20; ++round) {
    std::atomic<int> n{0};
    std::promise<void> gate;
    std::shared_future<void> open = gate.get_future().share();
    {
      ThreadPool pool(4);
      pool.limit_active(1);
      pool.post([open] { open.wait(); });
      for (int i = 0; i < 300; ++i) pool.post([&] { n.fetch_add(1); });
      // Let the other workers reach their wait on the limit, then open and stop at once.
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
      gate.set_value();
    }
    EXPECT_EQ(n.load(), 300);
  }
}

}  // namespace
}  // namespace fastvmaf
