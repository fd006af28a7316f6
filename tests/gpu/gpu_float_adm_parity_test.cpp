// Float ADM on the GPU against float ADM on the CPU, on the real frames of the device set:
// every value (adm2, aim, adm3, adm_scale0..3, and with debug adm, adm_num, adm_den and every
// scale's num / den) equal bit for bit, on this host's rcpss (the twin's table is the
// host's own estimate), for libvmaf's float_adm options (defaults with debug, the golden
// float_opts' adm_enhn_gain_limit=1.0 with adm_csf_mode=1, the DLM CSF with a noise weight,
// adm_bypass_cm, adm_skip_scale0 with adm_skip_aim_scale, adm3_apply_hm with a minimum);
// each frame's device work exactly the plan's: twin::launches_per_frame launches, one
// upload, one readback, one host wait. adm_p_norm other than 3 is refused on the device.
//
//   gpu_float_adm_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "features/float_adm/float_adm_options.hpp"
#include "features/float_adm/float_adm_params.hpp"
#include "features/float_adm/gpu/float_adm_plan.hpp"
#include "features/float_adm/gpu/float_adm_work.hpp"
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
      {"debug", {"float_adm", {{"debug", "true"}}}},
      {"float_opts", {"float_adm", {{"adm_enhn_gain_limit", "1.0"}, {"adm_csf_mode", "1"}}}},
      {"dlm_csf", {"float_adm", {{"adm_csf_mode", "2"}, {"adm_noise_weight", "0.1"}, {"adm_enhn_gain_limit", "1.2"}}}},
      {"bypass_cm", {"float_adm", {{"adm_bypass_cm", "1"}}}},
      {"skip_scale0", {"float_adm", {{"adm_skip_scale0", "true"}, {"adm_skip_aim_scale", "2"}, {"debug", "true"}}}},
      {"hm+min", {"float_adm", {{"adm_adm3_apply_hm", "true"}, {"adm_min_val", "0.5"}}}},
  };
}

float_adm::Config config_of(const FeatureRequest& f) {
  OptionDict d;
  for (const auto& [k, v] : f.options) d.set(k, v);
  return float_adm::Config::from(OptionSet("float_adm", &float_adm::option_specs(), d));
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, float_adm::twin::kPlanes, sizeof(float_adm::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, float_adm::twin::launches_per_frame(config_of(v.feature)));
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    std::printf("  %-40s %-12s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
  // adm_p_norm other than 3: refused on the device, naming the option.
  try {
    (void)gputest::run_engine(pair, gputest::choice_of(g_backend), {"float_adm", {{"adm_p_norm", "2.5"}}});
    ADD_FAILURE() << "adm_p_norm=2.5 ran on the device";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("adm_p_norm"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatAdmParity", fastvmaf::check_pair);
}
