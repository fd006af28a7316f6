// Integer motion on the GPU against motion on the CPU, on the real frames of the device
// set: every value (motion_sad, motion, and motion2 / motion3 derived at flush) equal bit
// for bit, for the option sets the goldens use (default, vif_motion_opts' five-frame
// window, motion_opts) and the rest of libvmaf's integer_motion options; each frame's
// device work exactly the plan's: one launch (none with motion_force_zero), one upload,
// one readback, one host wait.
//
//   gpu_motion_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>

#include "features/motion/gpu/motion_plan.hpp"
#include "features/motion/gpu/motion_work.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
  bool force_zero = false;
};

std::vector<Variant> variants() {
  return {
      {"default", {"motion", {}}},
      {"debug", {"motion", {{"debug", "true"}}}},
      {"five_frame", {"motion", {{"motion_five_frame_window", "true"}}}},
      {"motion_opts",
       {"motion", {{"motion_fps_weight", "0.5"}, {"motion_moving_average", "true"}, {"motion_blend_factor", "0.8"}}}},
      {"blend+max", {"motion", {{"motion_blend_offset", "2.5"}, {"motion_blend_factor", "0.5"}, {"motion_max_val", "3"}}}},
      {"force_zero", {"motion", {{"motion_force_zero", "true"}}}, true},
  };
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, v.force_zero ? 0 : gpu::plane_bit(gpu::Side::Ref, 0),
                                  sizeof(motion::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, v.force_zero ? 0 : motion::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    std::printf("  %-40s %-12s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuMotionParity", fastvmaf::check_pair);
}
