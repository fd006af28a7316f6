// Float SSIM on the GPU against float SSIM on the CPU, on the real frames of the device set:
// every value (float_ssim, and with enable_lcs float_ssim_l, _c, _s) equal bit for bit, for
// libvmaf's float_ssim options (the automatic factor with enable_lcs, enable_db with
// clip_db, scale=1 (no decimation) and explicit factors 2 and 3); each frame's device work
// exactly the plan's: twin::kLaunchesPerFrame launches, one upload, one readback, one host
// wait.
//
//   gpu_float_ssim_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "features/ssim/gpu/float_ssim_plan.hpp"
#include "features/ssim/gpu/float_ssim_work.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
};

std::vector<Variant> variants() {
  return {
      {"lcs", {"float_ssim", {{"enable_lcs", "true"}}}},
      {"db+clip", {"float_ssim", {{"enable_db", "true"}, {"clip_db", "true"}}}},
      {"db", {"float_ssim", {{"enable_db", "true"}, {"enable_lcs", "true"}}}},
      {"scale1", {"float_ssim", {{"scale", "1"}, {"enable_lcs", "true"}}}},
      {"scale2", {"float_ssim", {{"scale", "2"}}}},
      {"scale3", {"float_ssim", {{"scale", "3"}, {"enable_lcs", "true"}}}},
  };
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    // scale=1 on the 4K pair is an 8-million-position map: slow on the SYCL CPU device
    // (hd::SoftF64), and the smaller pairs cover it. The 1080p pair's first frame runs
    // scale=1 alone: its map is the one whose sums take tiles.
    if (geometry.width > 1920 && std::string(v.label) == "scale1") continue;
    if (pair.sample && std::string(v.label) != "scale1") continue;
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, ssim::twin::kPlanes, sizeof(ssim::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, ssim::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    std::printf("  %-40s %-10s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  // A CPU device leaves the 1080p pairs out, but scale=1 there is a map whose sums take
  // tiles (ADR 0213): the first frame runs there too.
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatSsimParity", fastvmaf::check_pair, {},
                                                {}, {}, fastvmaf::gputest::first_frames("fog_pier_pan_1920x1080_8bit", 1));
}
