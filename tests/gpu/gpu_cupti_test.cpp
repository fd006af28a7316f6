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

#include "features/psnr/psnr_math.hpp"
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
  const std::uint64_t frame_bytes = gpu::FrameLayout(geometry, gpu::kAllPlanes).bytes();
  const std::uint64_t result_bytes = 3 * sizeof(std::uint64_t);
  const std::uint64_t launches = psnr::twin::kLaunchesPerFrame * frames;

  std::printf("  %s: %llu frames\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  s.print();
  std::printf("    engine counters (total): %s\n", gputest::describe(r.device->total).c_str());

  // What the device executed.
  EXPECT_EQ(s.kernels, launches);
  EXPECT_EQ(s.named_kernels, launches) << "every kernel is one of the twin's";
  EXPECT_EQ(s.act_h2d, frames);
  EXPECT_EQ(s.act_h2d_bytes, frames * frame_bytes);
  EXPECT_EQ(s.act_d2h, frames);
  EXPECT_EQ(s.act_d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.act_other, 0u);
  // What the host asked for, and every host wait.
  EXPECT_GT(s.runtime_calls, 0u) << "CUPTI saw no runtime API call";
  EXPECT_EQ(s.launches, launches);
  EXPECT_EQ(s.h2d, frames);
  EXPECT_EQ(s.h2d_bytes, frames * frame_bytes);
  EXPECT_EQ(s.d2h, frames);
  EXPECT_EQ(s.d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(s.syncs, frames);
  // Our own counters agree.
  EXPECT_EQ(r.device->total.launches, s.launches);
  EXPECT_EQ(r.device->total.h2d_copies, s.h2d);
  EXPECT_EQ(r.device->total.h2d_bytes, s.h2d_bytes);
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
  // A few pairs of different shapes: 4:2:0 8-bit, 10-bit, 4:4:4, a tiny one.
  for (const auto& pair : pairs) {
    const bool pick = pair.name.find("576x324") != std::string::npos || pair.name.find("10bit") != std::string::npos ||
                      pair.name.find("444") != std::string::npos || pair.name.find("32x32") != std::string::npos;
    if (!pick) continue;
    ::testing::RegisterTest("GpuCupti", pair.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
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
