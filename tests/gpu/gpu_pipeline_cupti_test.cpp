// The frame pipeline's promise, counted by CUPTI rather than by our own wrappers: with
// several twins in one run (PSNR, CAMBI, motion, ADM and VIF; and the whole v1 model, with
// SpEED chroma), a frame still costs exactly one
// upload (of the union of the planes they read, with the zeroed results block), one
// download of the whole results block, and one host wait; the kernels are the sum of the
// twins' plans, every one of them ours. The counting is shared with the single-twin CUPTI
// tests (cupti_counter.hpp). The values are also checked against the CPU. The float
// family, the SSIM twins and PSNR-HVS (all nine in one run) keep the same promise.
//
//   gpu_pipeline_cupti_test [gtest flags]     exit 77: no CUDA device
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include "core/options.hpp"
#include "features/adm/adm_params.hpp"
#include "features/adm/gpu/adm_plan.hpp"
#include "features/adm/gpu/adm_work.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/gpu/cambi_plan.hpp"
#include "features/float_adm/float_adm_options.hpp"
#include "features/float_adm/gpu/float_adm_plan.hpp"
#include "features/float_motion/float_motion_options.hpp"
#include "features/float_motion/gpu/float_motion_plan.hpp"
#include "features/float_vif/float_vif_options.hpp"
#include "features/float_vif/gpu/float_vif_plan.hpp"
#include "features/motion/gpu/motion_plan.hpp"
#include "features/motion/gpu/motion_work.hpp"
#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "features/speed/gpu/speed_plan.hpp"
#include "features/speed/gpu/speed_work.hpp"
#include "features/vif/gpu/vif_plan.hpp"
#include "features/vif/gpu/vif_work.hpp"
#include "features/vif/vif_math.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu/twin.hpp"
#include "cupti_counter.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

// One run of the pair on `backend`: the `features` alone (no prediction), or with `model`
// the model and its features.
Result run_features(const gputest::Pair& pair, BackendChoice backend, const std::vector<FeatureRequest>& features,
                    const char* model = nullptr) {
  EngineOptions o;
  o.features = features;
  if (model) {
    ModelRequest m;
    m.version = model;
    o.models = {m};
  } else {
    o.no_prediction = true;
  }
  o.threads = 4;
  o.backend = backend;
  Engine engine(o);
  return engine.run({pair.ref}, {pair.dis});
}

// The frame's promise as CUPTI and the engine's counters both see it: every kernel one of
// the twins' and counted by the engine, one upload, one download and one host wait per
// frame, and besides the frames' uploads only the `init_copies` tables' at init.
void expect_frame_contract(const gputest::CuptiSeen& s, const Result& gpu, std::uint64_t init_copies) {
  const std::uint64_t frames = gpu.frame_count;
  const DeviceCounts& t = gpu.device->total;
  EXPECT_GT(t.launches, 0u);
  EXPECT_EQ(s.kernels, t.launches);
  EXPECT_EQ(s.named_kernels, s.kernels) << "every kernel is one of the twins'";
  EXPECT_EQ(s.launches, t.launches);
  EXPECT_EQ(s.act_d2h, frames);
  EXPECT_EQ(s.d2h, frames);
  EXPECT_EQ(s.d2h_bytes, t.d2h_bytes);
  EXPECT_EQ(t.h2d_copies, frames);
  EXPECT_EQ(s.h2d, frames + init_copies);
  EXPECT_EQ(s.syncs, frames);
  EXPECT_EQ(t.host_waits, frames);
  EXPECT_EQ(s.act_other, 0u);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(gpu.device->per_frame_max.h2d_copies, 1u);
  EXPECT_EQ(gpu.device->per_frame_max.d2h_copies, 1u);
  EXPECT_EQ(gpu.device->per_frame_max.host_waits, 1u);
}

// PSNR, CAMBI, motion, ADM and VIF side by side.
const std::vector<FeatureRequest> kFiveTwins = {{"psnr", {}}, {"cambi", {}}, {"motion", {}}, {"adm", {}}, {"vif", {}}};
Result run_twins(const gputest::Pair& pair, BackendChoice backend) { return run_features(pair, backend, kFiveTwins); }

// A measurement knob whose value is not a count is refused with its name.
template <class Run>
void expect_env_refused(const char* name, const char* value, Run run) {
  ::setenv(name, value, 1);
  try {
    run();
    ADD_FAILURE() << name << "=" << value << " was taken";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << e.what();
  }
  ::unsetenv(name);
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  const OptionSet options("cambi", &cambi::option_specs(), OptionDict{});
  const cambi::Plan plan = cambi::make_plan(cambi::settings_from_options(options), geometry);
  // CAMBI's constants, ADM's reciprocal table and VIF's log2 table (with its spare
  // entry), one upload each.
  const std::uint64_t init_bytes = cambi::twin::init_block(cambi::twin::make_launch_plan(plan, geometry)).words * 4 +
                                   adm::kDivLookupSize * sizeof(std::int32_t) +
                                   (vif::kLog2Base + 1) * sizeof(std::uint16_t);
  const std::size_t results = gpu::align_results(3 * sizeof(std::uint64_t)) +
                              gpu::align_results(sizeof(cambi::twin::Results)) +
                              gpu::align_results(sizeof(motion::twin::Results)) +
                              gpu::align_results(sizeof(adm::twin::Results)) +
                              gpu::align_results(sizeof(vif::twin::Results));
  const gpu::FrameLayout layout(geometry, gpu::kAllPlanes, results);

  gputest::CuptiCounter::start("fastvmaf");
  const Result gpu = run_twins(pair, BackendChoice::Cuda);
  const gputest::CuptiSeen s = gputest::CuptiCounter::stop();
  ASSERT_TRUE(gpu.device.has_value());
  const std::uint64_t frames = gpu.frame_count;
  std::printf("  %s: %llu frames, five twins\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  s.print();
  std::printf("    engine counters (frames): %s\n", gputest::describe(gpu.device->total).c_str());
  gputest::expect_work(s, gpu.device->total,
                       {.frames = frames,
                        .launches_per_frame = psnr::twin::kLaunchesPerFrame + cambi::twin::kLaunchesPerFrame +
                                              motion::twin::kLaunchesPerFrame + adm::twin::kLaunchesPerFrame +
                                              vif::twin::kLaunchesPerFrame,
                        .frame_bytes = layout.upload_bytes(),
                        .result_bytes = layout.results_bytes(),
                        .init_bytes = init_bytes,
                        .init_copies = 3});
  EXPECT_EQ(gpu.device->per_frame_max.h2d_copies, 1u);
  EXPECT_EQ(gpu.device->per_frame_max.d2h_copies, 1u);
  EXPECT_EQ(gpu.device->per_frame_max.host_waits, 1u);
  EXPECT_EQ(gpu.device->lanes, 5u) << "a compute lane per twin";
  EXPECT_EQ(gpu.device->instances, 5u) << "none of the five runs copies of itself";
  gputest::expect_identical(run_twins(pair, BackendChoice::Cpu), gpu);
  // Every twin on one stream (FASTVMAF_GPU_LANES=1) gives the same bits; a count that is
  // not one is refused with its name.
  ::setenv("FASTVMAF_GPU_LANES", "1", 1);
  const Result one_lane = run_twins(pair, BackendChoice::Cuda);
  ::unsetenv("FASTVMAF_GPU_LANES");
  for (const char* bad : {"2x", "-1"}) expect_env_refused("FASTVMAF_GPU_LANES", bad, [&] { run_twins(pair, BackendChoice::Cuda); });
  ASSERT_TRUE(one_lane.device.has_value());
  EXPECT_EQ(one_lane.device->lanes, 1u);
  gputest::expect_identical(one_lane, gpu);
}

// The whole default model, vmaf_v1.0.16_3d0h (ADM with AIM and adm3, motion, CAMBI and
// SpEED chroma, with the model's options): per frame the twins' launches, one
// upload, one download, one host wait, as CUPTI sees them; only the prediction on the
// host; every value (features and the model's scores) equal to the CPU run.
Result run_v1(const gputest::Pair& pair, BackendChoice backend) {
  return run_features(pair, backend, {}, "vmaf_v1.0.16_3d0h");
}

void check_v1(const gputest::Pair& pair) {
  gputest::CuptiCounter::start("fastvmaf");
  const Result gpu = run_v1(pair, BackendChoice::Cuda);
  const gputest::CuptiSeen s = gputest::CuptiCounter::stop();
  ASSERT_TRUE(gpu.device.has_value());
  const std::uint64_t frames = gpu.frame_count;
  std::printf("  %s: %llu frames, vmaf_v1.0.16_3d0h whole\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  s.print();
  const DeviceCounts& t = gpu.device->total;
  std::printf("    engine counters (frames): %s\n", gputest::describe(t).c_str());
  const unsigned per_frame = cambi::twin::kLaunchesPerFrame + motion::twin::kLaunchesPerFrame +
                             adm::twin::kLaunchesPerFrame + speed::twin::kChromaLaunches;
  EXPECT_EQ(gpu.device->per_frame_max.launches, per_frame);
  EXPECT_EQ(gpu.device->per_frame_min.launches, per_frame);
  EXPECT_EQ(s.kernels, frames * per_frame);
  // The tables at init: CAMBI's constants, ADM's reciprocals.
  expect_frame_contract(s, gpu, 2);
  EXPECT_GT(gpu.device->lanes, 1u) << "the model's twins run side by side";
  const Result cpu = run_v1(pair, BackendChoice::Cpu);
  gputest::expect_identical(cpu, gpu);
  ASSERT_EQ(cpu.models.size(), 1u);
  ASSERT_EQ(gpu.models.size(), 1u);
  EXPECT_EQ(std::bit_cast<std::uint64_t>(cpu.models[0].mean), std::bit_cast<std::uint64_t>(gpu.models[0].mean));
}

// Every twin of issue 29 at once: the float family (the vmaf_float_* models' features and
// float_psnr, float_moment, float_ansnr), float_ssim, float_ms_ssim, psnr_hvs and ciede.
// Per frame one upload, one download, one host wait, whatever the ten twins
// launch; at init the three tables (float_adm's rcpss, float_motion's and float_vif's
// filters), each once.
Result run_float(const gputest::Pair& pair, BackendChoice backend) {
  return run_features(pair, backend,
                      {{"float_psnr", {}},
                       {"float_moment", {}},
                       {"float_ansnr", {}},
                       {"float_motion", {}},
                       {"float_vif", {}},
                       {"float_adm", {}},
                       {"float_ssim", {}},
                       {"float_ms_ssim", {}},
                       {"psnr_hvs", {}},
                       {"ciede", {}}});
}

void check_float(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  const float_adm::twin::TwinPlan adm = float_adm::twin::make_twin_plan(
      float_adm::Config::from(OptionSet("float_adm", &float_adm::option_specs(), OptionDict{})), geometry);
  const float_motion::twin::Plan motion = float_motion::twin::make_plan(
      geometry, float_motion::Params::from(OptionSet("float_motion", &float_motion::option_specs(), OptionDict{})));
  const float_vif::twin::TwinPlan vif = float_vif::twin::make_twin_plan(
      float_vif::Config::from(OptionSet("float_vif", &float_vif::option_specs(), OptionDict{})), geometry);
  const std::uint64_t init_copies = (adm.rcp.empty() ? 0 : 1) + (motion.tables.empty() ? 0 : 1) + 1;
  const std::uint64_t init_bytes =
      (adm.rcp.size() + motion.tables.size() + vif.tables.size()) * sizeof(std::uint32_t);

  gputest::CuptiCounter::start("fastvmaf");
  const Result gpu = run_float(pair, BackendChoice::Cuda);
  const gputest::CuptiSeen s = gputest::CuptiCounter::stop();
  ASSERT_TRUE(gpu.device.has_value());
  const std::uint64_t frames = gpu.frame_count;
  std::printf("  %s: %llu frames, ten twins of issue 29\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  s.print();
  const DeviceCounts& t = gpu.device->total;
  std::printf("    engine counters (frames): %s\n", gputest::describe(t).c_str());
  expect_frame_contract(s, gpu, init_copies);
  EXPECT_EQ(s.act_h2d, frames + init_copies);
  EXPECT_EQ(s.h2d_bytes, t.h2d_bytes + init_bytes);
  // float_ssim, float_ms_ssim and psnr_hvs take successive frames with copies of
  // themselves (ADR 0212), so more frames are in flight; the download stays one block
  // (the copies of a twin share its slot), and the bits stay the CPU's.
  EXPECT_EQ(gpu.device->instances, 10u + 3 * (gpu::kChainFramesSideBySide - 1));
  EXPECT_GE(gpu.device->depth, gpu::kChainFramesSideBySide + 2);
  const Result cpu = run_float(pair, BackendChoice::Cpu);
  gputest::expect_identical(cpu, gpu);
  // One instance of each (FASTVMAF_TWIN_COPIES=1) gives the same bits; a count that is
  // not one is refused with its name.
  ::setenv("FASTVMAF_TWIN_COPIES", "1", 1);
  const Result single = run_float(pair, BackendChoice::Cuda);
  ::unsetenv("FASTVMAF_TWIN_COPIES");
  for (const char* bad : {"0", "-1"}) expect_env_refused("FASTVMAF_TWIN_COPIES", bad, [&] { run_float(pair, BackendChoice::Cuda); });
  ASSERT_TRUE(single.device.has_value());
  EXPECT_EQ(single.device->instances, 10u);
  gputest::expect_identical(cpu, single);
}

void check_both(const gputest::Pair& pair) {
  check_pair(pair);
  check_v1(pair);
  check_float(pair);
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  using fastvmaf::gputest::CuptiCounter;
  // Frames CAMBI takes (at least 216 rows), of several shapes and depths.
  auto keep = [](const fastvmaf::gputest::Pair& pair) {
    return pair.name == "lake_dusk_pan_576x324_8bit" || pair.name == "fog_pier_pan_1920x1080_8bit" ||
           pair.name == "mountain_sky_pan_1280x720_10bit" || pair.name == "ladybird_pan_640x360_444_8bit" ||
           pair.name == "water_drop_zoom_640x360_422_10bit";
  };
  return fastvmaf::gputest::run_over_device_set(fastvmaf::Backend::Cuda, "GpuPipelineCupti", fastvmaf::check_both,
                                                keep, CuptiCounter::install, CuptiCounter::uninstall);
}
