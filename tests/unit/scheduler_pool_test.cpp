// A scheduler's thread limit applies to its own threads only: on a pool shared with other
// runs (an encoding ladder's encodes on the CPU) a limit would hold back every run on it,
// so Scheduler::limit_threads refuses it there.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "core/registry.hpp"
#include "engine/scheduler.hpp"
#include "engine/thread_pool.hpp"
#include "features/psnr/psnr_options.hpp"

namespace fastvmaf {
namespace {

std::vector<SlotSpec> psnr_slot() {
  const Registry& reg = Registry::instance();
  SlotSpec s;
  s.info = reg.by_name("psnr");
  s.options = OptionSet("psnr", &psnr::option_specs(), OptionDict{});
  s.dedupe_key = "psnr";
  s.factory = *reg.factory("psnr", Backend::Cpu);
  s.origin = "--feature psnr";
  return {s};
}

TEST(SchedulerThreads, ALimitOnItsOwnPoolIsTaken) {
  Scheduler own(psnr_slot(), {64, 48, PixelFormat::YUV420, 8}, 2, 1);
  EXPECT_NO_THROW(own.limit_threads(1));
}

TEST(SchedulerThreads, ALimitOnASharedPoolIsRefused) {
  ThreadPool shared(2);
  Scheduler on_shared(psnr_slot(), {64, 48, PixelFormat::YUV420, 8}, 2, 1, nullptr, {}, &shared);
  EXPECT_THROW(on_shared.limit_threads(1), std::logic_error);
}

}  // namespace
}  // namespace fastvmaf
