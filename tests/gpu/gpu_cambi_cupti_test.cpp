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
#include "features/cambi/gpu/cambi_plan.hpp"
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
  std::printf("  %s: %llu frames (plus one init upload of %llu B)\n", pair.name.c_str(),
              static_cast<unsigned long long>(frames), static_cast<unsigned long long>(init_bytes));
  s.print();
  std::printf("    engine counters (frames): %s\n", gputest::describe(r.device->total).c_str());
  gputest::expect_work(s, r.device->total,
                       {.frames = frames,
                        .launches_per_frame = cambi::twin::kLaunchesPerFrame,
                        .frame_bytes = gpu::FrameLayout(geometry, gpu::plane_bit(gpu::Side::Dis, 0), sizeof(cambi::twin::Results)).upload_bytes(),
                        .result_bytes = gpu::align_results(sizeof(cambi::twin::Results)),
                        .init_bytes = init_bytes});
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  using fastvmaf::gputest::CuptiCounter;
  // Shapes: 576x324 8-bit, 1080p, 4K, 10-bit 720p, 1920x128.
  auto keep = [](const fastvmaf::gputest::Pair& pair) {
    return pair.name == "lake_dusk_pan_576x324_8bit" || pair.name == "fog_pier_pan_1920x1080_8bit" ||
           pair.name == "bridge_sky_pan_3840x2160_8bit" || pair.name == "mountain_sky_pan_1280x720_10bit" ||
           pair.name == "mountain_ridge_strip_1920x128_8bit";
  };
  return fastvmaf::gputest::run_over_device_set(fastvmaf::Backend::Cuda, "GpuCambiCupti", fastvmaf::check_pair, keep,
                                                CuptiCounter::install, CuptiCounter::uninstall);
}
