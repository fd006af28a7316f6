// Float motion on the GPU against float motion on the CPU, on the real frames of the device
// set: every value (motion, motion2 and motion3, the last frame's at flush) equal bit for
// bit, for libvmaf's float_motion options (defaults, motion_add_uv, motion_add_scale1, the
// 3-tap and identity filters, debug off, the weight, blend and clip, motion_force_zero),
// and once cut into segments of 3 frames (the twin's restart, warm-up and carry); each
// frame's device work exactly the plan's: twin::launches_of launches (frame 0 without the
// sums; none with motion_force_zero), one upload, one readback, one host wait.
//
//   gpu_float_motion_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>

#include "features/float_motion/float_motion_options.hpp"
#include "features/float_motion/float_motion_params.hpp"
#include "features/float_motion/gpu/float_motion_plan.hpp"
#include "features/float_motion/gpu/float_motion_work.hpp"
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
      {"default", {"float_motion", {}}},
      {"add_uv", {"float_motion", {{"motion_add_uv", "true"}}}},
      {"add_scale1", {"float_motion", {{"motion_add_scale1", "true"}}}},
      {"uv+scale1+mfs3", {"float_motion", {{"motion_add_uv", "true"}, {"motion_add_scale1", "true"}, {"motion_filter_size", "3"}}}},
      {"noop_filter", {"float_motion", {{"motion_filter_size", "1"}, {"debug", "false"}}}},
      {"weight+blend+max",
       {"float_motion",
        {{"motion_fps_weight", "2"}, {"motion_blend_factor", "0.5"}, {"motion_blend_offset", "3"}, {"motion_max_val", "9"}}}},
      {"force_zero", {"float_motion", {{"motion_force_zero", "true"}}}},
  };
}

OptionSet options_of(const FeatureRequest& f) {
  OptionDict d;
  for (const auto& [k, v] : f.options) d.set(k, v);
  return OptionSet("float_motion", &float_motion::option_specs(), d);
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const float_motion::Params p = float_motion::Params::from(options_of(v.feature));
    const gpu::FrameLayout layout(geometry, float_motion::twin::planes_of(p), sizeof(float_motion::twin::Results));
    const DeviceCounts least = gputest::frame_counts(layout, float_motion::twin::launches_of(p, 0));
    const DeviceCounts most =
        gputest::frame_counts(layout, float_motion::twin::launches_of(p, gpu.frame_count > 1 ? 1 : 0));
    gputest::expect_frame_counts(d, gpu.frame_count, least, most);
    std::printf("  %-40s %-16s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
  // Cut into segments of 3 frames on the device: the same values as the CPU's whole run.
  {
    SCOPED_TRACE("segments of 3");
    const FeatureRequest f{"float_motion", {{"motion_add_scale1", "true"}}};
    const Result cpu = gputest::run_engine(pair, BackendChoice::Cpu, f);
    EngineOptions o;
    o.features = {f};
    o.no_prediction = true;
    o.threads = 2;
    o.backend = gputest::choice_of(g_backend);
    o.segment_frames = 3;
    Engine engine(o);
    const Result gpu = engine.run({pair.ref}, {pair.dis}, gputest::limits_of(pair));
    EXPECT_EQ(gpu.backend, to_string(g_backend));
    gputest::expect_identical(cpu, gpu);
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatMotionParity", fastvmaf::check_pair);
}
