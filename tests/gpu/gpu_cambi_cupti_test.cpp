// The per-frame device work of the CUDA CAMBI twin, counted by CUPTI rather than by our
// wrappers, so "twin::kLaunchesPerFrame launches, one upload, one readback of the results
// block, one host wait per frame" does not rest on our own counters:
//   - CUPTI's callback API on the runtime domain: every cudaLaunchKernel-family call,
//     every cudaMemcpyAsync with its kind and size (and any other memcpy or memset call),
//     every cudaEvent/Stream/DeviceSynchronize;
//   - CUPTI's activity API: every kernel and every memcpy the device executed.
// Both must equal the plan times the frames, plus the twin's one upload at init (the
// constants and a zeroed frame state, InitBlock), and equal the engine's own counts.
//
//   gpu_cambi_cupti_test [gtest flags]     exit 77: no CUDA device
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "core/options.hpp"
#include "features/cambi/cambi_options.hpp"
#include "features/cambi/gpu/cambi_launch.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

struct Seen {
  std::uint64_t runtime_calls = 0, launches = 0, h2d = 0, h2d_bytes = 0, d2h = 0, d2h_bytes = 0, other_memcpy = 0,
                syncs = 0;
  std::uint64_t kernels = 0, cambi_kernels = 0, act_h2d = 0, act_h2d_bytes = 0, act_d2h = 0, act_d2h_bytes = 0,
                act_other = 0;
};

std::mutex g_mu;
Seen g_seen;
bool g_counting = false;

#define CUPTI_CHECK(call)                                            \
  do {                                                               \
    const CUptiResult r_ = (call);                                   \
    if (r_ != CUPTI_SUCCESS) {                                       \
      const char* s_ = nullptr;                                      \
      cuptiGetResultString(r_, &s_);                                 \
      std::fprintf(stderr, "%s failed: %s\n", #call, s_ ? s_ : "?"); \
      std::exit(1);                                                  \
    }                                                                \
  } while (0)

void CUPTIAPI on_callback(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  const auto* cb = static_cast<const CUpti_CallbackData*>(data);
  if (cb->callbackSite != CUPTI_API_ENTER || domain != CUPTI_CB_DOMAIN_RUNTIME_API) return;
  std::lock_guard lock(g_mu);
  if (!g_counting) return;
  Seen& s = g_seen;
  ++s.runtime_calls;
  switch (id) {
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernel_ptsz_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_v11060:
    case CUPTI_RUNTIME_TRACE_CBID_cudaLaunchKernelExC_ptsz_v11060:
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_v13000:
    case CUPTI_RUNTIME_TRACE_CBID___cudaLaunchKernel_ptsz_v13000:
      ++s.launches;
      break;
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaMemcpyAsync_ptsz_v7000: {
      const auto* p = static_cast<const cudaMemcpyAsync_v3020_params*>(cb->functionParams);
      if (p->kind == cudaMemcpyHostToDevice) {
        ++s.h2d;
        s.h2d_bytes += p->count;
      } else if (p->kind == cudaMemcpyDeviceToHost) {
        ++s.d2h;
        s.d2h_bytes += p->count;
      } else {
        ++s.other_memcpy;
      }
      break;
    }
    case CUPTI_RUNTIME_TRACE_CBID_cudaEventSynchronize_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_v3020:
    case CUPTI_RUNTIME_TRACE_CBID_cudaStreamSynchronize_ptsz_v7000:
    case CUPTI_RUNTIME_TRACE_CBID_cudaDeviceSynchronize_v3020:
      ++s.syncs;
      break;
    default:
      if (cb->functionName && (std::strstr(cb->functionName, "Memcpy") || std::strstr(cb->functionName, "Memset")))
        ++s.other_memcpy;
      break;
  }
}

void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *size = std::size_t{1} << 20;
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
  *max_records = 0;
}

void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
  CUpti_Activity* record = nullptr;
  std::lock_guard lock(g_mu);
  Seen& s = g_seen;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
    if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || record->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
      ++s.kernels;
      const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      if (k->name && std::strstr(k->name, "cambi")) ++s.cambi_kernels;
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMCPY) {
      const auto* m = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      if (m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_HTOD) {
        ++s.act_h2d;
        s.act_h2d_bytes += m->bytes;
      } else if (m->copyKind == CUPTI_ACTIVITY_MEMCPY_KIND_DTOH) {
        ++s.act_d2h;
        s.act_d2h_bytes += m->bytes;
      } else {
        ++s.act_other;
      }
    } else if (record->kind == CUPTI_ACTIVITY_KIND_MEMSET) {
      ++s.act_other;
    }
  }
  std::free(buffer);
}

void start_counting() {
  {
    std::lock_guard lock(g_mu);
    g_seen = Seen{};
    g_counting = true;
  }
  CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
}

Seen stop_counting() {
  CUPTI_CHECK(cuptiActivityFlushAll(1));
  CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
  CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMSET));
  std::lock_guard lock(g_mu);
  g_counting = false;
  return g_seen;
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  const OptionSet options("cambi", &cambi::option_specs(), OptionDict{});
  const cambi::Plan plan = cambi::make_plan(cambi::settings_from_options(options), geometry);
  const std::uint64_t init_bytes = cambi::twin::init_block(cambi::twin::make_launch_plan(plan, geometry)).words * 4;
  start_counting();
  const Result r = gputest::run_engine(pair, BackendChoice::Cuda, {"cambi", {}});
  const Seen s = stop_counting();
  ASSERT_TRUE(r.device.has_value());
  const std::uint64_t frames = r.frame_count;
  const std::uint64_t frame_bytes = gpu::FrameLayout(geometry, gpu::plane_bit(gpu::Side::Dis, 0)).bytes();
  const std::uint64_t result_bytes = sizeof(cambi::twin::Results);
  const std::uint64_t launches = cambi::twin::kLaunchesPerFrame * frames;

  std::printf("  %s: %llu frames (plus one init upload of %llu B)\n", pair.name.c_str(),
              static_cast<unsigned long long>(frames), static_cast<unsigned long long>(init_bytes));
  std::printf("    cupti runtime callbacks: %llu calls; launches %llu, h2d %llu (%llu B), d2h %llu (%llu B), "
              "other memcpy/memset %llu, syncs %llu\n",
              (unsigned long long)s.runtime_calls, (unsigned long long)s.launches, (unsigned long long)s.h2d,
              (unsigned long long)s.h2d_bytes, (unsigned long long)s.d2h, (unsigned long long)s.d2h_bytes,
              (unsigned long long)s.other_memcpy, (unsigned long long)s.syncs);
  std::printf("    cupti activity: kernels %llu (cambi %llu), h2d %llu (%llu B), d2h %llu (%llu B), other %llu\n",
              (unsigned long long)s.kernels, (unsigned long long)s.cambi_kernels, (unsigned long long)s.act_h2d,
              (unsigned long long)s.act_h2d_bytes, (unsigned long long)s.act_d2h, (unsigned long long)s.act_d2h_bytes,
              (unsigned long long)s.act_other);
  std::printf("    engine counters (frames): %s\n", gputest::describe(r.device->total).c_str());

  // What the device executed.
  EXPECT_EQ(s.kernels, launches);
  EXPECT_EQ(s.cambi_kernels, launches) << "every kernel is one of the twin's";
  EXPECT_EQ(s.act_h2d, frames + 1);
  EXPECT_EQ(s.act_h2d_bytes, frames * frame_bytes + init_bytes);
  EXPECT_EQ(s.act_d2h, frames);
  EXPECT_EQ(s.act_d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.act_other, 0u);
  // What the host asked for, and every host wait.
  EXPECT_GT(s.runtime_calls, 0u) << "CUPTI saw no runtime API call";
  EXPECT_EQ(s.launches, launches);
  EXPECT_EQ(s.h2d, frames + 1);
  EXPECT_EQ(s.h2d_bytes, frames * frame_bytes + init_bytes);
  EXPECT_EQ(s.d2h, frames);
  EXPECT_EQ(s.d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(s.syncs, frames);
  // Our own counters (frames only) agree.
  EXPECT_EQ(r.device->total.launches, s.launches);
  EXPECT_EQ(r.device->total.h2d_copies + 1, s.h2d);
  EXPECT_EQ(r.device->total.h2d_bytes + init_bytes, s.h2d_bytes);
  EXPECT_EQ(r.device->total.d2h_copies, s.d2h);
  EXPECT_EQ(r.device->total.d2h_bytes, s.d2h_bytes);
  EXPECT_EQ(r.device->total.host_waits, s.syncs);
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const std::string skip = fastvmaf::gputest::why_skip(fastvmaf::Backend::Cuda);
  if (!skip.empty()) {
    std::printf("SKIP: %s\n", skip.c_str());
    return fastvmaf::gputest::kSkip;
  }
  const auto pairs = fastvmaf::gputest::device_set();
  if (pairs.empty()) {
    std::fprintf(stderr, "no device set found (set FASTVMAF_DEVICE_SET)\n");
    return 1;
  }
  CUpti_SubscriberHandle subscriber;
  CUPTI_CHECK(cuptiSubscribe(&subscriber, reinterpret_cast<CUpti_CallbackFunc>(fastvmaf::on_callback), nullptr));
  CUPTI_CHECK(cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_RUNTIME_API));
  CUPTI_CHECK(cuptiActivityRegisterCallbacks(fastvmaf::buffer_requested, fastvmaf::buffer_completed));
  // Shapes: 576x324 8-bit, 1080p, 4K, 10-bit 720p, 1920x128.
  for (const auto& pair : pairs) {
    const bool pick = pair.name == "lake_dusk_pan_576x324_8bit" || pair.name == "fog_pier_pan_1920x1080_8bit" ||
                      pair.name == "bridge_sky_pan_3840x2160_8bit" || pair.name == "mountain_sky_pan_1280x720_10bit" ||
                      pair.name == "mountain_ridge_strip_1920x128_8bit";
    if (!pick) continue;
    ::testing::RegisterTest("GpuCambiCupti", pair.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [pair]() -> ::testing::Test* {
                              struct T : ::testing::Test {
                                fastvmaf::gputest::Pair p;
                                explicit T(fastvmaf::gputest::Pair q) : p(std::move(q)) {}
                                void TestBody() override { fastvmaf::check_pair(p); }
                              };
                              return new T(pair);
                            });
  }
  const int rc = RUN_ALL_TESTS();
  cuptiUnsubscribe(subscriber);
  return rc;
}
