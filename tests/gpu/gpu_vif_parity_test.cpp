// Integer VIF on the GPU against VIF on the CPU, on the real frames of the device set and
// on small synthetic pairs the set lacks (odd sizes down to the 16x16 minimum, 12 and 16
// bits): every value (vif_scale0..3, and with debug integer_vif and every num / den)
// equal bit for bit, for the default options, the golden vif_motion_opts and the
// vmaf_v0.6.1neg model's options (vif_enhn_gain_limit=1.0), a fractional gain limit and
// vif_skip_scale0; each frame's device work exactly the plan's: twin::kLaunchesPerFrame
// launches, one upload, one readback, one host wait. A picture below the minimum fails
// with the CPU's message.
//
//   gpu_vif_parity_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "features/vif/gpu/vif_plan.hpp"
#include "features/vif/gpu/vif_work.hpp"
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

std::vector<Variant> variants() {
  return {
      {"default", {"vif", {}}},
      {"debug", {"vif", {{"debug", "true"}}}},
      // The golden run vif_motion_opts, and what vmaf_v0.6.1neg passes to each VIF scale.
      {"egl=1.0", {"vif", {{"vif_enhn_gain_limit", "1.0"}}}},
      {"egl=1.0+debug", {"vif", {{"vif_enhn_gain_limit", "1.0"}, {"debug", "true"}}}},
      {"egl=1.2+debug", {"vif", {{"vif_enhn_gain_limit", "1.2"}, {"debug", "true"}}}},
      {"skip_scale0+debug", {"vif", {{"vif_skip_scale0", "true"}, {"debug", "true"}}}},
  };
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  for (const Variant& v : variants()) {
    SCOPED_TRACE(v.label);
    const Result gpu = gputest::run_beside_cpu(pair, g_backend, v.feature);

    ASSERT_TRUE(gpu.device.has_value());
    const DeviceStats& d = *gpu.device;
    const gpu::FrameLayout layout(geometry, gpu::kLuma, sizeof(vif::twin::Results));
    const DeviceCounts want = gputest::frame_counts(layout, vif::twin::kLaunchesPerFrame);
    gputest::expect_frame_counts(d, gpu.frame_count, want, want);
    EXPECT_EQ(d.total.launches, want.launches * d.frames);
    std::printf("  %-40s %-18s %2u frames, per frame: %s\n", pair.name.c_str(), v.label, d.frames,
                gputest::describe(d.per_frame_max).c_str());
  }
}

// A pair written for one test: 3 frames of 4:2:0 noise (dis: ref plus noise, with a
// contrast gain on the odd frames), `bpc` bits.
gputest::Pair noise_pair(const std::string& name, unsigned w, unsigned h, unsigned bpc) {
  const std::string dir = gputest::env_or("FASTVMAF_GPU_CACHE", FASTVMAF_GPU_CACHE_DIR);
  std::filesystem::create_directories(dir);
  const std::string ref_path = dir + "/" + name + "_ref.y4m", dis_path = dir + "/" + name + "_dis.y4m";
  std::ofstream ref(ref_path, std::ios::binary), dis(dis_path, std::ios::binary);
  const std::string header = "YUV4MPEG2 W" + std::to_string(w) + " H" + std::to_string(h) + " F25:1 Ip A1:1 " +
                             (bpc == 8 ? std::string("C420") : "C420p" + std::to_string(bpc)) + "\n";
  ref << header;
  dis << header;
  const unsigned bytes = bpc == 8 ? 1 : 2;
  const long max = (1l << bpc) - 1;
  const std::size_t chroma = static_cast<std::size_t>((w + 1) / 2) * ((h + 1) / 2);
  const std::size_t samples = static_cast<std::size_t>(w) * h + 2 * chroma;
  std::mt19937 rng(w * 31 + h + bpc);
  std::normal_distribution<double> noise(0.0, 1.0);
  for (int f = 0; f < 3; ++f) {
    std::vector<std::uint8_t> r(samples * bytes, 0), d(samples * bytes, 0);
    for (std::size_t i = 0; i < samples; ++i) {
      const double base = 0.5 * max + 0.3 * max * noise(rng) / 3.0;
      const double gain = f % 2 ? 1.6 : 1.0;
      const long a = std::clamp(std::lround(base), 0l, max);
      const long b = std::clamp(std::lround(0.5 * max + gain * (base - 0.5 * max) + 0.02 * max * noise(rng)), 0l, max);
      for (unsigned k = 0; k < bytes; ++k) {
        r[i * bytes + k] = static_cast<std::uint8_t>(a >> (8 * k));
        d[i * bytes + k] = static_cast<std::uint8_t>(b >> (8 * k));
      }
    }
    ref << "FRAME\n";
    ref.write(reinterpret_cast<const char*>(r.data()), static_cast<std::streamsize>(r.size()));
    dis << "FRAME\n";
    dis.write(reinterpret_cast<const char*>(d.data()), static_cast<std::streamsize>(d.size()));
  }
  return {name, ref_path, dis_path};
}

TEST(GpuVifSynthetic, OddSizesAndDepthsEqualTheCpu) {
  for (const auto& [w, h, bpc] : {std::tuple{16u, 16u, 8u}, std::tuple{17u, 19u, 16u}, std::tuple{65u, 33u, 12u},
                                  std::tuple{131u, 77u, 10u}, std::tuple{1001u, 37u, 16u}}) {
    const gputest::Pair p = noise_pair("vif_noise_" + std::to_string(w) + "x" + std::to_string(h) + "_" +
                                           std::to_string(bpc) + "bit",
                                       w, h, bpc);
    SCOPED_TRACE(p.name);
    check_pair(p);
  }
}

TEST(GpuVifSynthetic, TooSmallFailsLikeTheCpu) {
  const gputest::Pair p = noise_pair("vif_noise_15x16_8bit", 15, 16, 8);
  const std::string cpu = test::error_of<std::exception>([&] {
    gputest::run_engine(p, BackendChoice::Cpu, {"vif", {}});
  });
  const std::string gpu = test::error_of<std::exception>([&] {
    gputest::run_engine(p, gputest::choice_of(g_backend), {"vif", {}});
  });
  EXPECT_NE(cpu.find("too small"), std::string::npos) << cpu;
  EXPECT_EQ(cpu, gpu);
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuVifParity", fastvmaf::check_pair);
}
