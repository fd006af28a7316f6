// The per-frame device work of the CUDA CAMBI twin, counted by CUPTI rather than by our
// wrappers, so "twin::kLaunchesPerFrame launches, one upload, one readback of the results
// block, one host wait per frame" does not rest on our own counters:
//   - CUPTI's callback API on the runtime domain: every cudaLaunchKernel-family call,
//     every cudaMemcpyAsync with its kind and size (and any other memcpy or memset call),
//     every cudaEvent/Stream/DeviceSynchronize;
//   - CUPTI's activity API: every kernel and every memcpy the device executed.
// Both must equal the plan times the frames, plus the twin's one upload at init (the
// constants and a zeroed frame state, InitBlock), and equal the engine's own counts.
// The counting itself is shared with the PSNR test (cupti_counter.hpp).
//
//   gpu_cambi_cupti_test [gtest flags]     exit 77: no CUDA device
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/options.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/gpu/cambi_launch.hpp"
#include "gpu/frame_layout.hpp"
#include "cupti_counter.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  const OptionSet options("cambi", &cambi::option_specs(), OptionDict{});
  const cambi::Plan plan = cambi::make_plan(cambi::settings_from_options(options), geometry);
  const std::uint64_t init_bytes = cambi::twin::init_block(cambi::twin::make_launch_plan(plan, geometry)).words * 4;
  gputest::CuptiCounter::start("cambi");
  const Result r = gputest::run_engine(pair, BackendChoice::Cuda, {"cambi", {}});
  const gputest::CuptiSeen s = gputest::CuptiCounter::stop();
  ASSERT_TRUE(r.device.has_value());
  const std::uint64_t frames = r.frame_count;
  const std::uint64_t frame_bytes = gpu::FrameLayout(geometry, gpu::plane_bit(gpu::Side::Dis, 0)).bytes();
  const std::uint64_t result_bytes = sizeof(cambi::twin::Results);
  const std::uint64_t launches = cambi::twin::kLaunchesPerFrame * frames;

  std::printf("  %s: %llu frames (plus one init upload of %llu B)\n", pair.name.c_str(),
              static_cast<unsigned long long>(frames), static_cast<unsigned long long>(init_bytes));
  s.print();
  std::printf("    engine counters (frames): %s\n", gputest::describe(r.device->total).c_str());

  // What the device executed.
  EXPECT_EQ(s.kernels, launches);
  EXPECT_EQ(s.named_kernels, launches) << "every kernel is one of the twin's";
  EXPECT_EQ(s.act_h2d, frames + 1);
  EXPECT_EQ(s.act_h2d_bytes, frames * frame_bytes + init_bytes);
  EXPECT_EQ(s.act_d2h, frames);
  EXPECT_EQ(s.act_d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.act_other, 0u);
  // What the host asked for, and every host wait.
  EXPECT_GT(s.runtime_calls, 0u) << "CUPTI saw no runtime API call";
  EXPECT_EQ(s.launches, launches);
  EXPECT_EQ(s.h2d, frames + 1);
  EXPECT_EQ(s.h2d_bytes, frames * frame_bytes + init_bytes);
  EXPECT_EQ(s.d2h, frames);
  EXPECT_EQ(s.d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(s.syncs, frames);
  // Our own counters (frames only) agree.
  EXPECT_EQ(r.device->total.launches, s.launches);
  EXPECT_EQ(r.device->total.h2d_copies + 1, s.h2d);
  EXPECT_EQ(r.device->total.h2d_bytes + init_bytes, s.h2d_bytes);
  EXPECT_EQ(r.device->total.d2h_copies, s.d2h);
  EXPECT_EQ(r.device->total.d2h_bytes, s.d2h_bytes);
  EXPECT_EQ(r.device->total.host_waits, s.syncs);
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const std::string skip = fastvmaf::gputest::why_skip(fastvmaf::Backend::Cuda);
  if (!skip.empty()) {
    std::printf("SKIP: %s\n", skip.c_str());
    return fastvmaf::gputest::kSkip;
  }
  const auto pairs = fastvmaf::gputest::device_set();
  if (pairs.empty()) {
    std::fprintf(stderr, "no device set found (set FASTVMAF_DEVICE_SET)\n");
    return 1;
  }
  fastvmaf::gputest::CuptiCounter::install();
  // Shapes: 576x324 8-bit, 1080p, 4K, 10-bit 720p, 1920x128.
  for (const auto& pair : pairs) {
    const bool pick = pair.name == "lake_dusk_pan_576x324_8bit" || pair.name == "fog_pier_pan_1920x1080_8bit" ||
                      pair.name == "bridge_sky_pan_3840x2160_8bit" || pair.name == "mountain_sky_pan_1280x720_10bit" ||
                      pair.name == "mountain_ridge_strip_1920x128_8bit";
    if (!pick) continue;
    ::testing::RegisterTest("GpuCambiCupti", pair.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [pair]() -> ::testing::Test* {
                              struct T : ::testing::Test {
                                fastvmaf::gputest::Pair p;
                                explicit T(fastvmaf::gputest::Pair q) : p(std::move(q)) {}
                                void TestBody() override { fastvmaf::check_pair(p); }
                              };
                              return new T(pair);
                            });
  }
  const int rc = RUN_ALL_TESTS();
  fastvmaf::gputest::CuptiCounter::uninstall();
  return rc;
}
