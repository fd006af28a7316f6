// CAMBI on the GPU against CAMBI on the CPU, on the real frames of the device set (the
// corpus pairs and the Netflix pairs as .y4m): every per-frame value equal bit for bit,
// for three option sets, except exactly the frames gputest::cambi_default_known_difference lists, where the CPU's
// double top-K sum is inexact (docs/conformance.md lists them with their differences): a
// frame that newly differs, or a listed one that starts agreeing, fails. Each frame's
// device work is exactly the plan's: twin::kLaunchesPerFrame launches, one upload of the
// frame, one readback of the results block, one host wait. Errors: a frame too small, a
// window too large, a sample above the bit depth fail the same way on both backends;
// full_ref and heatmaps fail on the GPU only, with a message that says so.
//
//   gpu_cambi_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>

#include "core/error.hpp"
#include "features/cambi/gpu/cambi_plan.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"
#include "error_of.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

struct Variant {
  const char* label;
  FeatureRequest feature;
};

const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = {
      {"default", {"cambi", {}}},
      {"speedup+topk", {"cambi", {{"cambi_high_res_speedup", "1080"}, {"topk", "0.05"}}}},
      {"resize+dither", {"cambi",
                         {{"enc_width", "480"}, {"enc_height", "270"}, {"enc_bitdepth", "8"}, {"window_size", "33"},
                          {"max_log_contrast", "3"}}}},
  };
  return v;
}

// Where the CPU's double top-K sum is inexact, so libvmaf's (and the CPU's) value is not
// the exact mean the twin computes: only the default options have such frames
// (gputest::cambi_default_known_difference).
bool known(const std::string& pair, const char* variant, unsigned frame) {
  return std::string(variant) == "default" && gputest::cambi_default_known_difference(pair, frame);
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    Result cpu, gpu;
    const std::string cpu_error =
        test::error_of<std::exception>([&] { cpu = gputest::run_engine(pair, BackendChoice::Cpu, v.feature); });
    const std::string gpu_error = test::error_of<std::exception>(
        [&] { gpu = gputest::run_engine(pair, gputest::choice_of(g_backend), v.feature); });
    EXPECT_EQ(cpu_error, gpu_error);
    if (!cpu_error.empty()) {
      std::printf("  %-40s %-13s both refuse: %s\n", pair.name.c_str(), v.label, cpu_error.c_str());
      continue;
    }
    EXPECT_EQ(gpu.backend, to_string(g_backend));
    ASSERT_EQ(cpu.series.size(), 1u);
    ASSERT_EQ(gpu.series.size(), 1u);
    const Result::Series& a = cpu.series[0];
    const Result::Series& b = gpu.series[0];
    EXPECT_EQ(a.name, b.name);
    ASSERT_EQ(a.values.size(), b.values.size());
    unsigned equal = 0;
    for (unsigned f = 0; f < a.values.size(); ++f) {
      ASSERT_TRUE(a.has(f) && b.has(f));
      const bool same = std::bit_cast<std::uint64_t>(a.values[f]) == std::bit_cast<std::uint64_t>(b.values[f]);
      equal += same;
      if (known(pair.name, v.label, f)) {
        EXPECT_FALSE(same) << "frame " << f << " is listed as differing but agrees: update the list";
        std::printf("  %-40s %-13s frame %u: known difference, cpu %.17g gpu %.17g (%.3g)\n", pair.name.c_str(),
                    v.label, f, a.values[f], b.values[f], b.values[f] - a.values[f]);
      } else {
        EXPECT_TRUE(same) << "frame " << f << ": cpu " << a.values[f] << " gpu " << b.values[f];
      }
    }
    // The pooled aggregates follow the frames; compare them where every frame agrees.
    bool any_known = false;
    for (unsigned f = 0; f < a.values.size(); ++f) any_known = any_known || known(pair.name, v.label, f);
    if (!any_known) gputest::expect_identical(cpu, gpu);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, gpu::plane_bit(gpu::Side::Dis, 0), sizeof(cambi::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, cambi::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    EXPECT_EQ(d.total.launches, want.launches * d.frames);
    EXPECT_EQ(d.total.host_waits, want.host_waits * d.frames);
    std::printf("  %-40s %-13s %2u frames, %2u equal, per frame: %s\n", pair.name.c_str(), v.label, d.frames, equal,
                gputest::describe(d.per_frame_max).c_str());
  }
}

// A pair written for one test: `fill` sets the luma of every frame.
gputest::Pair synthetic_pair(const std::string& name, unsigned w, unsigned h, unsigned bpc,
                             const std::function<unsigned(unsigned, unsigned)>& luma) {
  const std::string dir = gputest::env_or("FASTVMAF_GPU_CACHE", FASTVMAF_GPU_CACHE_DIR);
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name + ".y4m";
  std::ofstream out(path, std::ios::binary);
  out << "YUV4MPEG2 W" << w << " H" << h << " F25:1 Ip A1:1 " << (bpc == 8 ? "C420" : "C420p" + std::to_string(bpc))
      << "\n";
  const unsigned bytes = bpc == 8 ? 1 : 2;
  std::vector<std::uint8_t> frame(static_cast<std::size_t>(w) * h * 3 / 2 * bytes, 0);
  for (unsigned y = 0; y < h; ++y)
    for (unsigned x = 0; x < w; ++x) {
      const unsigned v = luma(x, y);
      const std::size_t at = (static_cast<std::size_t>(y) * w + x) * bytes;
      frame[at] = static_cast<std::uint8_t>(v);
      if (bytes == 2) frame[at + 1] = static_cast<std::uint8_t>(v >> 8);
    }
  for (int f = 0; f < 2; ++f) {
    out << "FRAME\n";
    out.write(reinterpret_cast<const char*>(frame.data()), static_cast<std::streamsize>(frame.size()));
  }
  return {name, path, path};
}

// The y4m reader refuses such a sample before any extractor sees it (the twin's own
// check, and its status word, are exercised by the replay): both backends fail alike.
TEST(GpuCambiErrors, SampleAboveTheBitDepthFailsLikeTheCpu) {
  const gputest::Pair p = synthetic_pair("cambi_bad_10bit_320x216", 320, 216, 10,
                                         [](unsigned x, unsigned y) { return x == 200 && y == 100 ? 1024u : 300u; });
  const std::string cpu = test::error_of<std::exception>([&] {
    gputest::run_engine(p, BackendChoice::Cpu, {"cambi", {}});
  });
  const std::string gpu = test::error_of<std::exception>([&] {
    gputest::run_engine(p, gputest::choice_of(g_backend), {"cambi", {}});
  });
  EXPECT_NE(cpu.find("1024"), std::string::npos) << cpu;
  EXPECT_EQ(cpu, gpu);
}

TEST(GpuCambiErrors, WindowTooLargeFailsLikeTheCpu) {
  const gputest::Pair p =
      synthetic_pair("cambi_flat_8bit_3840x216", 3840, 216, 8, [](unsigned, unsigned) { return 90u; });
  const FeatureRequest f{"cambi", {{"window_size", "127"}}};
  const std::string cpu = test::error_of<std::exception>([&] { gputest::run_engine(p, BackendChoice::Cpu, f); });
  const std::string gpu =
      test::error_of<std::exception>([&] { gputest::run_engine(p, gputest::choice_of(g_backend), f); });
  EXPECT_NE(cpu.find("too large for reciprocal LUT"), std::string::npos) << cpu;
  EXPECT_EQ(cpu, gpu);
}

TEST(GpuCambiErrors, FullRefAndHeatmapsStayOnTheCpu) {
  const gputest::Pair p =
      synthetic_pair("cambi_flat_8bit_320x216", 320, 216, 8, [](unsigned, unsigned) { return 90u; });
  for (const FeatureRequest& f : {FeatureRequest{"cambi", {{"full_ref", "true"}}},
                                  FeatureRequest{"cambi", {{"heatmaps_path", "/tmp/cambi_heatmaps"}}}}) {
    const std::string gpu =
        test::error_of<std::exception>([&] { gputest::run_engine(p, gputest::choice_of(g_backend), f); });
    EXPECT_NE(gpu.find("on the CPU only"), std::string::npos) << gpu;
    EXPECT_NE(gpu.find(f.options[0].first), std::string::npos) << gpu;
    EXPECT_EQ(test::error_of<std::exception>([&] { gputest::run_engine(p, BackendChoice::Cpu, f); }), "");
  }
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuCambiParity", fastvmaf::check_pair);
}
