// Integer ADM on the GPU against ADM on the CPU, on the real frames of the device set:
// every value (adm2, aim, adm3, the four scales and, with debug, the numerators and
// denominators) equal bit for bit, for libvmaf's defaults (the v0.6.1 models), the
// golden adm_opts, the ADM options of the neg models and of every v1 model, and the
// rest of libvmaf's integer_adm options; each frame's device work exactly the plan's:
// twin::kLaunchesPerFrame launches, one upload, one readback, one host wait.
//
//   gpu_adm_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>

#include "features/adm/gpu/adm_plan.hpp"
#include "features/adm/gpu/adm_work.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
};

// The v1 models' ADM options, at their display (vmaf_v1.0.16_*.json).
FeatureRequest v1(const char* view_dist, const char* height) {
  return {"adm",
          {{"adm_csf_mode", "2"},
           {"adm_dlm_weight", "0.7"},
           {"adm_enhn_gain_limit", "1.0"},
           {"adm_min_val", "0.5"},
           {"adm_noise_weight", "0.02"},
           {"adm_norm_view_dist", view_dist},
           {"adm_ref_display_height", height}}};
}

std::vector<Variant> variants() {
  return {
      {"default", {"adm", {}}},
      {"adm_opts", {"adm", {{"adm_enhn_gain_limit", "1.2"}, {"adm_csf_mode", "1"}}}},
      {"neg", {"adm", {{"adm_enhn_gain_limit", "1.0"}}}},
      {"v1_3d0h", v1("3.0", "1080")},
      {"v1_5d0h", v1("5.0", "1080")},
      {"v1_3d0h_2160", v1("3.0", "2160")},
      {"v1_1d5h_2160", v1("1.5", "2160")},
      {"debug+skips", {"adm", {{"debug", "true"}, {"adm_skip_aim", "true"}, {"adm_skip_scale0", "true"}}}},
      {"egl1.37+csf3",
       {"adm", {{"adm_enhn_gain_limit", "1.37"}, {"adm_csf_mode", "3"}, {"adm_csf_scale", "0.9"}, {"debug", "true"}}}},
      {"barten+scales",
       {"adm",
        {{"adm_csf_mode", "1"}, {"adm_csf_scale", "1.2"}, {"adm_csf_diag_scale", "0.8"}, {"adm_noise_weight", "0"},
         {"adm_norm_view_dist", "4.5"}}}},
  };
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, gpu::kLuma, sizeof(adm::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, adm::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    std::printf("  %-40s %-14s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuAdmParity", fastvmaf::check_pair);
}
