// Frames pushed through a Session on the GPU (copied straight into the device pipeline's
// pinned slabs) against the CPU reading the same files: every value of every twin (CAMBI,
// PSNR, motion and the rest that exist) equal bit for bit, each frame's device work one
// upload, one readback and one host wait, on the real frames of the device set.
//
//   gpu_session_test [--backend=cuda|hip] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "core/registry.hpp"
#include "fastvmaf/session.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

// Every extractor with a twin on the backend, at default options.
EngineOptions twins(BackendChoice backend) {
  EngineOptions o;
  o.no_prediction = true;
  o.threads = 2;
  o.backend = backend;
  for (const ExtractorInfo* e : Registry::instance().all())
    if (Registry::instance().factory(e->name, g_backend)) o.features.push_back({e->name, {}});
  return o;
}

Result push_pair(const Engine& engine, const gputest::Pair& pair) {
  auto ref = io::open_video(pair.ref, false, {});
  auto dis = io::open_video(pair.dis, false, {});
  const VideoGeometry g = ref->geometry();
  Session session(engine, g);
  Picture r = Picture::allocate(g.format, g.bpc, g.width, g.height);
  Picture d = Picture::allocate(g.format, g.bpc, g.width, g.height);
  for (unsigned n = 0; (pair.frames == 0 || n < pair.frames) && ref->read(r) && dis->read(d); ++n) {
    FrameView rv, dv;
    for (int p = 0; p < 3; ++p) {
      rv.planes[p] = {r.plane(p).data, r.plane(p).stride};
      dv.planes[p] = {d.plane(p).data, d.plane(p).stride};
    }
    session.push(rv, dv);
  }
  return session.flush();
}

void check_pair(const gputest::Pair& pair) {
  const EngineOptions gpu_options = twins(gputest::choice_of(g_backend));
  ASSERT_FALSE(gpu_options.features.empty());
  const Engine cpu_engine(twins(BackendChoice::Cpu));
  const Engine gpu_engine(gpu_options);
  // Twins that cannot take the pair's size are left out (the parity tests cover them).
  Result cpu, gpu;
  try {
    cpu = cpu_engine.run({pair.ref}, {pair.dis}, gputest::limits_of(pair));
  } catch (const std::invalid_argument& e) {
    GTEST_SKIP() << e.what();
  }
  gpu = push_pair(gpu_engine, pair);
  EXPECT_EQ(gpu.backend, to_string(g_backend));
  // CAMBI's score (and the cambi-derived series) on the listed frames: see
  // gpu_cambi_parity_test. Everything else equal.
  gputest::expect_identical(cpu, gpu, [&](const std::string& series, unsigned frame) {
    return series.find("cambi") != std::string::npos && gputest::cambi_default_known_difference(pair.name, frame);
  });
  ASSERT_TRUE(gpu.device.has_value());
  const DeviceStats& dev = *gpu.device;
  EXPECT_EQ(dev.frames, gpu.frame_count);
  EXPECT_EQ(dev.per_frame_max.h2d_copies, 1u);
  EXPECT_EQ(dev.per_frame_max.d2h_copies, 1u);
  EXPECT_EQ(dev.per_frame_max.host_waits, 1u);
  std::printf("  %-40s %2u frames pushed, per frame: %s\n", pair.name.c_str(), dev.frames,
              gputest::describe(dev.per_frame_max).c_str());
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuSession", fastvmaf::check_pair);
}
