// SpEED on the GPU against SpEED on the CPU, on the real frames of the device set: every
// value (speed_chroma's u, v and uv; speed_temporal) equal bit for bit, for the option
// sets the goldens use (the defaults), the v1 models' (speed_chroma with weight mode 5,
// and the _2160 and 5d0h models' bilinear prescales) and a few more; each frame's device
// work exactly the plan's: speed_chroma 5 launches, speed_temporal 6 (1 on frame 0), one
// upload, one readback, one host wait. Pairs too small for SpEED must fail on the GPU
// with the CPU's message.
//
//   gpu_speed_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <stdexcept>
#include <string>

#include "features/speed/gpu/speed_plan.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
};

using Options = std::vector<std::pair<std::string, std::string>>;

const Options kV1 = {{"speed_kernelscale", "1.0"},
                                     {"speed_nn_floor", "0.1"},
                                     {"speed_sigma_nn", "0.19"},
                                     {"speed_weight_var_mode", "5"},
                                     {"speed_max_val", "45.0"}};

Options with(Options o, const Options& more) {
  o.insert(o.end(), more.begin(), more.end());
  return o;
}

std::vector<Variant> variants() {
  return {
      {"chroma default", {"speed_chroma", {}}},
      {"chroma v1", {"speed_chroma", kV1}},
      {"chroma v1 2160", {"speed_chroma", with(kV1, {{"speed_prescale", "0.5"}, {"speed_prescale_method", "bilinear"}})}},
      {"chroma v1 5d0h", {"speed_chroma", with(kV1, {{"speed_prescale", "0.6"}, {"speed_prescale_method", "bilinear"}})}},
      {"chroma options",
       {"speed_chroma",
        {{"speed_kernelscale", "2"}, {"speed_prescale", "1.25"}, {"speed_prescale_method", "bicubic"},
         {"speed_weight_var_mode", "3"}}}},
      {"temporal default", {"speed_temporal", {}}},
      {"temporal options",
       {"speed_temporal",
        {{"speed_use_ref_diff", "true"}, {"speed_prescale", "0.75"}, {"speed_prescale_method", "lanczos4"},
         {"speed_sigma_nn", "0.4"}}}},
  };
}

// The run's result, or the message it failed with.
struct Outcome {
  Result result;
  std::string error;
};
Outcome run(const gputest::Pair& pair, BackendChoice backend, const FeatureRequest& feature) {
  Outcome o;
  try {
    o.result = gputest::run_engine(pair, backend, feature);
  } catch (const std::exception& e) {
    o.error = e.what();
  }
  return o;
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const bool temporal = v.feature.name == "speed_temporal";
    const Outcome cpu = run(pair, BackendChoice::Cpu, v.feature);
    const Outcome gpu = run(pair, gputest::choice_of(g_backend), v.feature);
    if (!cpu.error.empty()) {  // too small for SpEED: the same refusal
      EXPECT_EQ(gpu.error, cpu.error);
      std::printf("  %-40s %-18s refused on both: %.80s\n", pair.name.c_str(), v.label, cpu.error.c_str());
      continue;
    }
    ASSERT_EQ(gpu.error, "");
    EXPECT_EQ(cpu.result.backend, "cpu");
    EXPECT_EQ(gpu.result.backend, to_string(g_backend));
    gputest::expect_identical(cpu.result, gpu.result);

    ASSERT_TRUE(gpu.result.device.has_value());
    const DeviceStats& d = *gpu.result.device;
    using gpu::plane_bit, gpu::Side;
    const gpu::PlaneMask mask = temporal ? gpu::kLuma
                                         : plane_bit(Side::Ref, 1) | plane_bit(Side::Dis, 1) | plane_bit(Side::Ref, 2) |
                                               plane_bit(Side::Dis, 2);
    const gpu::FrameLayout layout(geometry, mask, sizeof(speed::twin::Results));
    DeviceCounts most =
        gputest::frame_counts(layout, temporal ? speed::twin::kTemporalLaunches : speed::twin::kChromaLaunches);
    DeviceCounts least = most;
    if (temporal) least.launches = 1;  // frame 0: the copy into the ring only
    if (temporal && d.frames == 1) most.launches = 1;  // a one-frame clip has only frame 0
    gputest::expect_frame_counts(d, gpu.result.frame_count, least, most);
    std::printf("  %-40s %-18s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuSpeedParity", fastvmaf::check_pair);
}
