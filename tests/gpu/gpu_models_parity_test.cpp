// Whole models on the device (docs/conformance.md, "Whole models on the GPU"): for every
// device-set pair and every raw Netflix pair, the integer models run on the GPU give the
// CPU's bits in every per-frame feature and score and every pooled value (bootstrap
// fields included). Three runs per pair and backend, as a user would ask for them: the five
// v0.6.1-family models at once, the eight vmaf_v1.0.16 models at once (each with its own
// feature options, so one twin per distinct option set), and the four vmaf_float_* models
// at once (float_vif, float_adm and float_motion twins; float_adm on this host's rcpss, as
// the CPU's). A pair that a model's
// extractors refuse (SpEED below 160x160, CAMBI below 216 rows) must fail on both
// backends with the same message. The twins run on their compute lanes, as in any run.
//
//   gpu_models_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

const std::vector<std::string> kV061 = {"vmaf_v0.6.1", "vmaf_v0.6.1neg", "vmaf_4k_v0.6.1", "vmaf_4k_v0.6.1neg",
                                        "vmaf_b_v0.6.3"};
const std::vector<std::string> kV1 = {"vmaf_v1.0.16_3d0h",     "vmaf_v1.0.16_3d0h_2160",    "vmaf_v1.0.16_1d5h_2160",
                                      "vmaf_v1.0.16_5d0h",     "vmaf_v1.0.16_hfr_3d0h",     "vmaf_v1.0.16_hfr_3d0h_2160",
                                      "vmaf_v1.0.16_hfr_1d5h_2160", "vmaf_v1.0.16_hfr_5d0h"};

const std::vector<std::string> kFloat = {"vmaf_float_v0.6.1", "vmaf_float_v0.6.1neg", "vmaf_float_4k_v0.6.1",
                                         "vmaf_float_b_v0.6.3"};

struct Outcome {
  std::optional<Result> result;
  std::string error;  // what the run threw, when it threw
};

Outcome run_models(const gputest::Pair& pair, const std::vector<std::string>& versions, BackendChoice backend) {
  Outcome out;
  try {
    EngineOptions o;
    for (const std::string& v : versions) {
      ModelRequest m;
      m.version = v;
      m.name = v;
      o.models.push_back(m);
    }
    o.threads = 4;
    o.backend = backend;
    Engine engine(o);
    out.result = engine.run({pair.ref_file()}, {pair.dis_file()}, gputest::limits_of(pair));
  } catch (const std::exception& e) {
    out.error = e.what();
  }
  return out;
}

void check_family(const gputest::Pair& pair, const std::vector<std::string>& versions, const char* family) {
  const Outcome cpu = run_models(pair, versions, BackendChoice::Cpu);
  const Outcome gpu = run_models(pair, versions, gputest::choice_of(g_backend));
  if (!cpu.result) {
    std::printf("  %s, %s: refused on both? cpu: %s\n", pair.name.c_str(), family, cpu.error.c_str());
    EXPECT_FALSE(gpu.result.has_value()) << family << ": the CPU refused (" << cpu.error << ") but the GPU scored";
    EXPECT_EQ(cpu.error, gpu.error) << family;
    return;
  }
  ASSERT_TRUE(gpu.result.has_value()) << family << ": the GPU failed: " << gpu.error;
  ASSERT_TRUE(gpu.result->device.has_value()) << family << ": the GPU run did not use the device";
  EXPECT_EQ(gpu.result->device->frames, gpu.result->frame_count) << family << ": every frame on the device";
  ASSERT_EQ(cpu.result->models.size(), versions.size());
  std::printf("  %s, %s: %u frames, %zu models, %u lanes\n", pair.name.c_str(), family, cpu.result->frame_count,
              versions.size(), gpu.result->device->lanes);
  gputest::expect_identical(*cpu.result, *gpu.result);
}

void check_pair(const gputest::Pair& pair) {
  check_family(pair, kV061, "v0.6.1 family");
  check_family(pair, kV1, "v1.0.16 family");
  check_family(pair, kFloat, "float family");
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuModelsParity", fastvmaf::check_pair, {}, {},
                                                {}, fastvmaf::gputest::netflix_set());
}
