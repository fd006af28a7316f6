// Scheduler::reads_reference: a run reads the reference pictures' samples unless none of
// its extractors does (CAMBI without full_ref scores the distorted side alone); the reader
// then keeps a mapped reference's pages out of memory (MappedFrames.UnreadFramesStayOutOf
// Memory in pair_reader_test.cpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/registry.hpp"
#include "engine/scheduler.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/psnr/psnr_options.hpp"

namespace fastvmaf {
namespace {

SlotSpec slot(const std::string& name, const std::vector<OptionSpec>& specs, OptionDict options = {}) {
  const Registry& reg = Registry::instance();
  SlotSpec s;
  s.info = reg.by_name(name);
  s.options = OptionSet(name, &specs, options);
  s.dedupe_key = name;
  s.factory = *reg.factory(name, Backend::Cpu);
  s.origin = "--feature " + name;
  return s;
}

bool reads_reference(const std::vector<SlotSpec>& slots) {
  return Scheduler(slots, {256, 224, PixelFormat::YUV420, 8}, 1, 1).reads_reference();
}

TEST(SchedulerReference, OnlyCambiWithoutFullRefLeavesItUnread) {
  const SlotSpec cambi = slot("cambi", cambi::option_specs());
  OptionDict full_ref;
  full_ref.set("full_ref", "true");
  const SlotSpec cambi_fr = slot("cambi", cambi::option_specs(), full_ref);
  const SlotSpec psnr = slot("psnr", psnr::option_specs());
  EXPECT_FALSE(reads_reference({cambi}));
  EXPECT_TRUE(reads_reference({cambi_fr}));
  EXPECT_TRUE(reads_reference({psnr}));
  EXPECT_TRUE(reads_reference({cambi, psnr}));
  EXPECT_TRUE(reads_reference({psnr, cambi}));
}

}  // namespace
}  // namespace fastvmaf
