// The engine's thread pool (engine/thread_pool.hpp): a thread the system refuses is a
// std::system_error, never std::terminate (a C API caller's program must survive it).
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <system_error>

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

}  // namespace
}  // namespace fastvmaf
