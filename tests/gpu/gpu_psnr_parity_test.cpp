// PSNR on the GPU against PSNR on the CPU, on the real frames of the device set: every
// value equal bit for bit, for several option sets, and each frame's device work exactly
// the plan's: kLaunchesPerFrame launches, one upload of the frame, one readback of the
// results block, one host wait.
//
//   gpu_psnr_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>

#include "core/registry.hpp"
#include "features/psnr/gpu/psnr_plan.hpp"
#include "features/psnr/gpu/psnr_work.hpp"
#include "gpu/frame_layout.hpp"
#include "fastvmaf/session.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
  unsigned planes;
};

std::vector<Variant> variants(unsigned bpc) {
  std::vector<Variant> v;
  v.push_back({"default", {"psnr", {}}, 3});
  FeatureRequest all{"psnr", {{"enable_mse", "true"}, {"enable_apsnr", "true"}}};
  if (bpc > 8) all.options.push_back({"reduced_hbd_peak", "true"});
  v.push_back({"mse+apsnr", all, 3});
  v.push_back({"luma+min_sse", {"psnr", {{"enable_chroma", "false"}, {"min_sse", "0.5"}}}, 1});
  return v;
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants(geometry.bpc)) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, psnr::twin::planes_mask(v.planes), v.planes * sizeof(std::uint64_t));
    const DeviceCounts want = gputest::frame_counts(layout, psnr::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    EXPECT_EQ(d.total.launches, want.launches * d.frames);
    EXPECT_EQ(d.total.host_waits, want.host_waits * d.frames);
    std::printf("  %-40s %-13s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

// An extractor with a CPU implementation only, to check backend selection.
class CpuOnly final : public FeatureExtractor {
 public:
  void init(const VideoGeometry&) override {}
  void submit(const FrameInput&) override {}
  void collect(unsigned index, FeatureSink& sink) override { sink.append("gpu_test_cpu_only", index, 1.0); }
};
const std::vector<OptionSpec> kNoOptions;
ExtractorInfo cpu_only_info() {
  ExtractorInfo info;
  info.name = "gpu_test_cpu_only";
  info.provided_features = {"gpu_test_cpu_only"};
  info.options = &kNoOptions;
  return info;
}
FASTVMAF_REGISTER_EXTRACTOR(cpu_only_info());
FASTVMAF_REGISTER_BACKEND("gpu_test_cpu_only", Backend::Cpu,
                          [](const OptionSet&) { return std::make_unique<CpuOnly>(); });

TEST(GpuBackendChoice, AnExtractorWithoutTwinIsAnErrorNamingIt) {
  EngineOptions o;
  o.features = {{"gpu_test_cpu_only", {}}};
  o.no_prediction = true;
  o.backend = gputest::choice_of(g_backend);
  try {
    Engine e(o);
    FAIL() << "expected an error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("gpu_test_cpu_only"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(to_string(g_backend)), std::string::npos) << e.what();
  }
}

TEST(GpuBackendChoice, AutoUsesTheGpuAndRunsTheRestOnTheCpu) {
  EngineOptions o;
  o.features = {{"psnr", {}}, {"gpu_test_cpu_only", {}}};
  o.no_prediction = true;
  o.backend = BackendChoice::Auto;
  Engine e(o);
  // auto probes its device when a run first needs one: a Session's run does.
  Session session(e, VideoGeometry{64, 64, PixelFormat::YUV420, 8});
  std::string notes;
  for (const auto& n : e.notes()) notes += n + "\n";
  std::printf("%s", notes.c_str());
  // A SYCL CPU device is no GPU: auto passes it by (and says so) unless another GPU is there.
  const gpu::Runtime* rt = gpu::find_runtime(g_backend);
  if (rt && !rt->probe().gpu && notes.find("--backend auto: using") == std::string::npos) {
    EXPECT_NE(notes.find("is not a GPU"), std::string::npos) << notes;
    return;
  }
  EXPECT_NE(notes.find("--backend auto: using"), std::string::npos) << notes;
  EXPECT_NE(notes.find("gpu_test_cpu_only has no"), std::string::npos) << notes;
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuPsnrParity", fastvmaf::check_pair);
}
