// The per-frame device work of the CUDA PSNR twin, counted by CUPTI rather than by our
// wrappers, so the claim "kLaunchesPerFrame launches, one upload, one readback, one host
// wait per frame" does not rest on our own counters:
//   - CUPTI's callback API on the runtime domain: every cudaLaunchKernel-family call,
//     every cudaMemcpyAsync with its kind and size (and any other memcpy call), every
//     cudaEvent/Stream/DeviceSynchronize;
//   - CUPTI's activity API: every kernel and every memcpy the device executed (kind and
//     bytes).
// Both must equal the plan times the frames, and the engine's own counts.
//
//   gpu_cupti_test [gtest flags]     exit 77: no CUDA device
#include <cuda_runtime_api.h>
#include <cupti.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "features/psnr/psnr_math.hpp"
#include "gpu/frame_layout.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

struct Seen {
  // Runtime API callbacks (entries).
  std::uint64_t runtime_calls = 0, launches = 0, h2d = 0, h2d_bytes = 0, d2h = 0, d2h_bytes = 0, other_memcpy = 0,
                syncs = 0;
  // Driver API callbacks, for the record.
  std::uint64_t driver_calls = 0, driver_launches = 0, driver_syncs = 0;
  // Activity records.
  std::uint64_t kernels = 0, act_h2d = 0, act_h2d_bytes = 0, act_d2h = 0, act_d2h_bytes = 0, act_other = 0;
};

std::mutex g_mu;
Seen g_seen;
bool g_counting = false;

#define CUPTI_CHECK(call)                                                              \
  do {                                                                                 \
    const CUptiResult r_ = (call);                                                     \
    if (r_ != CUPTI_SUCCESS) {                                                         \
      const char* s_ = nullptr;                                                        \
      cuptiGetResultString(r_, &s_);                                                   \
      std::fprintf(stderr, "%s failed: %s\n", #call, s_ ? s_ : "?");                   \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

bool contains(const char* s, const char* part) { return s && std::strstr(s, part); }

void CUPTIAPI on_callback(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
  const auto* cb = static_cast<const CUpti_CallbackData*>(data);
  if (cb->callbackSite != CUPTI_API_ENTER) return;
  std::lock_guard lock(g_mu);
  if (!g_counting) return;
  Seen& s = g_seen;
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) {
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
        if (contains(cb->functionName, "Memcpy")) ++s.other_memcpy;
        break;
    }
  } else if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
    ++s.driver_calls;
    if (contains(cb->functionName, "cuLaunch")) ++s.driver_launches;
    if (contains(cb->functionName, "Synchronize")) ++s.driver_syncs;
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
}

Seen stop_counting() {
  CUPTI_CHECK(cuptiActivityFlushAll(1));
  CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
  std::lock_guard lock(g_mu);
  g_counting = false;
  return g_seen;
}

void check_pair(const gputest::Pair& pair) {
  const VideoGeometry geometry = io::open_video(pair.ref, false, {})->geometry();
  start_counting();
  const Result r = gputest::run_engine(pair, BackendChoice::Cuda, {"psnr", {}});
  const Seen s = stop_counting();
  ASSERT_TRUE(r.device.has_value());
  const std::uint64_t frames = r.frame_count;
  const std::uint64_t frame_bytes = gpu::FrameLayout(geometry, gpu::kAllPlanes).bytes();
  const std::uint64_t result_bytes = 3 * sizeof(std::uint64_t);
  const std::uint64_t launches = psnr::twin::kLaunchesPerFrame * frames;

  std::printf("  %s: %llu frames\n", pair.name.c_str(), static_cast<unsigned long long>(frames));
  std::printf("    cupti runtime callbacks: %llu calls; launches %llu, h2d %llu (%llu B), d2h %llu (%llu B), "
              "other memcpy %llu, syncs %llu\n",
              (unsigned long long)s.runtime_calls, (unsigned long long)s.launches, (unsigned long long)s.h2d,
              (unsigned long long)s.h2d_bytes, (unsigned long long)s.d2h, (unsigned long long)s.d2h_bytes,
              (unsigned long long)s.other_memcpy, (unsigned long long)s.syncs);
  std::printf("    cupti driver callbacks: %llu calls; cuLaunch* %llu, *Synchronize %llu\n",
              (unsigned long long)s.driver_calls, (unsigned long long)s.driver_launches,
              (unsigned long long)s.driver_syncs);
  std::printf("    cupti activity: kernels %llu, h2d %llu (%llu B), d2h %llu (%llu B), other %llu\n",
              (unsigned long long)s.kernels, (unsigned long long)s.act_h2d, (unsigned long long)s.act_h2d_bytes,
              (unsigned long long)s.act_d2h, (unsigned long long)s.act_d2h_bytes, (unsigned long long)s.act_other);
  std::printf("    engine counters (total): %s\n", gputest::describe(r.device->total).c_str());

  // What the device executed.
  EXPECT_EQ(s.kernels, launches);
  EXPECT_EQ(s.act_h2d, frames);
  EXPECT_EQ(s.act_h2d_bytes, frames * frame_bytes);
  EXPECT_EQ(s.act_d2h, frames);
  EXPECT_EQ(s.act_d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.act_other, 0u);
  // What the host asked for, and every host wait.
  EXPECT_GT(s.runtime_calls, 0u) << "CUPTI saw no runtime API call";
  EXPECT_EQ(s.launches, launches);
  EXPECT_EQ(s.h2d, frames);
  EXPECT_EQ(s.h2d_bytes, frames * frame_bytes);
  EXPECT_EQ(s.d2h, frames);
  EXPECT_EQ(s.d2h_bytes, frames * result_bytes);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(s.syncs, frames);
  // Our own counters agree.
  EXPECT_EQ(r.device->total.launches, s.launches);
  EXPECT_EQ(r.device->total.h2d_copies, s.h2d);
  EXPECT_EQ(r.device->total.h2d_bytes, s.h2d_bytes);
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
  CUPTI_CHECK(cuptiEnableDomain(1, subscriber, CUPTI_CB_DOMAIN_DRIVER_API));
  CUPTI_CHECK(cuptiActivityRegisterCallbacks(fastvmaf::buffer_requested, fastvmaf::buffer_completed));
  // A few pairs of different shapes: 4:2:0 8-bit, 10-bit, 4:4:4, a tiny one.
  for (const auto& pair : pairs) {
    const bool pick = pair.name.find("576x324") != std::string::npos || pair.name.find("10bit") != std::string::npos ||
                      pair.name.find("444") != std::string::npos || pair.name.find("32x32") != std::string::npos;
    if (!pick) continue;
    ::testing::RegisterTest("GpuCupti", pair.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
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
