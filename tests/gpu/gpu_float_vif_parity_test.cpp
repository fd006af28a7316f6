// Float VIF on the GPU against float VIF on the CPU, on the real frames of the device set:
// every value (vif_scale0..3, and with debug vif, vif_num, vif_den and every scale's num /
// den) equal bit for bit, for libvmaf's float_vif options (defaults with debug, the golden
// float_opts' vif_kernelscale=0.5 with vif_enhn_gain_limit=1.0, vif_kernelscale=1.5,
// vif_skip_scale0, vif_sigma_nsq with minimum values, vif_prescale with bilinear and
// lanczos4); each frame's device work exactly the plan's: twin::launches_per_frame
// launches, one upload, one readback, one host wait.
//
//   gpu_float_vif_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>

#include "features/float_vif/float_vif_options.hpp"
#include "features/float_vif/float_vif_params.hpp"
#include "features/float_vif/gpu/float_vif_plan.hpp"
#include "features/float_vif/gpu/float_vif_work.hpp"
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
      {"debug", {"float_vif", {{"debug", "true"}}}},
      {"float_opts", {"float_vif", {{"vif_kernelscale", "0.5"}, {"vif_enhn_gain_limit", "1.0"}}}},
      {"ks1.5", {"float_vif", {{"vif_kernelscale", "1.5"}, {"debug", "true"}}}},
      {"skip_scale0", {"float_vif", {{"vif_skip_scale0", "true"}, {"debug", "true"}}}},
      {"nsq+min", {"float_vif", {{"vif_sigma_nsq", "0.7"}, {"vif_scale1_min_val", "0.9"}, {"vif_scale3_min_val", "0.5"}}}},
      {"prescale_bilinear", {"float_vif", {{"vif_prescale", "0.5"}, {"vif_prescale_method", "bilinear"}}}},
      {"prescale_lanczos4", {"float_vif", {{"vif_prescale", "1.5"}, {"vif_prescale_method", "lanczos4"}}}},
  };
}

float_vif::Config config_of(const FeatureRequest& f) {
  OptionDict d;
  for (const auto& [k, v] : f.options) d.set(k, v);
  return float_vif::Config::from(OptionSet("float_vif", &float_vif::option_specs(), d));
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    // The 4K pair at 1.5x is a 5760x3240 frame: slow on the SYCL CPU device, and the
    // smaller pairs cover the enlarging prescale.
    if (geometry.width > 1920 && std::string(v.label) == "prescale_lanczos4") continue;
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, float_vif::twin::kPlanes, sizeof(float_vif::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, float_vif::twin::launches_per_frame(config_of(v.feature)));
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    std::printf("  %-40s %-18s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatVifParity", fastvmaf::check_pair);
}
