// Float MS-SSIM on the GPU against float MS-SSIM on the CPU, on the real frames of the device
// set: every value (float_ms_ssim, and with enable_lcs every scale's l, c and s) equal bit for
// bit, for libvmaf's float_ms_ssim options (enable_lcs, enable_db with and without clip_db);
// each frame's device work exactly the plan's: ms_twin::kLaunchesPerFrame launches, one
// upload, one readback, one host wait; frames below 176x176 refused, as on the CPU.
//
//   gpu_float_ms_ssim_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "features/ssim/gpu/float_ms_ssim_plan.hpp"
#include "features/ssim/gpu/float_ms_ssim_work.hpp"
#include "features/ssim/ssim_params.hpp"
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
      {"lcs", {"float_ms_ssim", {{"enable_lcs", "true"}}}},
      {"db+clip", {"float_ms_ssim", {{"enable_db", "true"}, {"clip_db", "true"}}}},
      {"db+lcs", {"float_ms_ssim", {{"enable_db", "true"}, {"enable_lcs", "true"}}}},
  };
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  // Below 176x176 the CPU and the twin both refuse the frame (libvmaf fails there).
  if (!ssim::ms_ssim_fits(static_cast<int>(geometry.width), static_cast<int>(geometry.height))) {
    EXPECT_THROW(gputest::run_beside_cpu(pair, g_backend, variants().front().feature), std::invalid_argument);
    std::printf("  %-40s refused (below 176x176), as on the CPU\n", pair.name.c_str());
    return;
  }
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    // The 4K pair's scale 0 is an 8-million-position map: slow on the SYCL CPU device
    // (hd::SoftF64); one option set covers it, as it covers the 1080p pair's first frame.
    if ((geometry.width > 1920 || pair.sample) && std::string(v.label) != "lcs") continue;
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, ssim::ms_twin::kPlanes, sizeof(ssim::ms_twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, ssim::ms_twin::kLaunchesPerFrame);
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
  // A CPU device leaves the 1080p pairs out, but their scale 0 is where the map's sums take
  // tiles (ADR 0213): its first frame runs there too (about 2 s).
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatMsSsimParity", fastvmaf::check_pair,
                                                {}, {}, {},
                                                fastvmaf::gputest::first_frames("fog_pier_pan_1920x1080_8bit", 1));
}
