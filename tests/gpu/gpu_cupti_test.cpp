// The per-frame device work of the CUDA PSNR twin, counted by CUPTI rather than by our
// wrappers, so the claim "kLaunchesPerFrame launches, one upload, one readback, one host
// wait per frame" does not rest on our own counters:
//   - CUPTI's callback API on the runtime domain: every cudaLaunchKernel-family call,
//     every cudaMemcpyAsync with its kind and size (and any other memcpy call), every
//     cudaEvent/Stream/DeviceSynchronize;
//   - CUPTI's activity API: every kernel and every memcpy the device executed (kind and
//     bytes).
// Both must equal the plan times the frames, and the engine's own counts. The counting
// itself is shared with the CAMBI test (cupti_counter.hpp).
//
//   gpu_cupti_test [gtest flags]     exit 77: no CUDA device
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "gpu/frame_layout.hpp"
#include "cupti_counter.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  gputest::CuptiCounter::start("psnr");
  const Result r = gputest::run_engine(pair, BackendChoice::Cuda, {"psnr", {}});
  const gputest::CuptiSeen s = gputest::CuptiCounter::stop();
  ASSERT_TRUE(r.device.has_value());
  const std::uint64_t frames = r.frame_count;
  std::printf("  %s: %llu frames\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  s.print();
  std::printf("    engine counters (total): %s\n", gputest::describe(r.device->total).c_str());
  gputest::expect_work(s, r.device->total,
                       {.frames = frames,
                        .launches_per_frame = psnr::twin::kLaunchesPerFrame,
                        .frame_bytes = gpu::FrameLayout(geometry, gpu::kAllPlanes, 3 * sizeof(std::uint64_t)).upload_bytes(),
                        .result_bytes = gpu::align_results(3 * sizeof(std::uint64_t))});
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  using fastvmaf::gputest::CuptiCounter;
  // A few pairs of different shapes: 4:2:0 8-bit, 10-bit, 4:4:4, a tiny one.
  auto keep = [](const fastvmaf::gputest::Pair& pair) {
    return pair.name.find("576x324") != std::string::npos || pair.name.find("10bit") != std::string::npos ||
           pair.name.find("444") != std::string::npos || pair.name.find("32x32") != std::string::npos;
  };
  return fastvmaf::gputest::run_over_device_set(fastvmaf::Backend::Cuda, "GpuCupti", fastvmaf::check_pair, keep,
                                                CuptiCounter::install, CuptiCounter::uninstall);
}
