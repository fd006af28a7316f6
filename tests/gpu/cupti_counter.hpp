// Counts a twin's device work with CUPTI, independently of our own wrappers
// (src/gpu/counters.hpp), for the GPU tests that check "N launches, one upload, one
// readback, one host wait per frame":
//   - CUPTI's callback API on the runtime domain: every cudaLaunchKernel-family call,
//     every cudaMemcpyAsync with its kind and size (any other memcpy or memset call is
//     counted apart), every cudaEvent/Stream/DeviceSynchronize; the driver domain for
//     the record;
//   - CUPTI's activity API: every kernel (and those whose name contains a given word)
//     and every memcpy the device executed, with its kind and bytes, and any memset.
// One process holds one counter: install() once, then start()/stop() around each run.
#pragma once

#include <cuda_runtime_api.h>
#include <cupti.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include <gtest/gtest.h>

#include "fastvmaf/result.hpp"

namespace fastvmaf::gputest {

#define FVMAF_CUPTI_CHECK(call)                                      \
  do {                                                               \
    const CUptiResult r_ = (call);                                   \
    if (r_ != CUPTI_SUCCESS) {                                       \
      const char* s_ = nullptr;                                      \
      cuptiGetResultString(r_, &s_);                                 \
      std::fprintf(stderr, "%s failed: %s\n", #call, s_ ? s_ : "?"); \
      std::exit(1);                                                  \
    }                                                                \
  } while (0)

struct CuptiSeen {
  // Runtime API callbacks (entries).
  std::uint64_t runtime_calls = 0, launches = 0, h2d = 0, h2d_bytes = 0, d2h = 0, d2h_bytes = 0, other_memcpy = 0,
                syncs = 0;
  // Driver API callbacks, for the record.
  std::uint64_t driver_calls = 0, driver_launches = 0, driver_syncs = 0;
  // Activity records.
  std::uint64_t kernels = 0, named_kernels = 0, act_h2d = 0, act_h2d_bytes = 0, act_d2h = 0, act_d2h_bytes = 0,
                act_other = 0;

  void print() const {
    auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
    std::printf("    cupti runtime callbacks: %llu calls; launches %llu, h2d %llu (%llu B), d2h %llu (%llu B), "
                "other memcpy/memset %llu, syncs %llu\n",
                u(runtime_calls), u(launches), u(h2d), u(h2d_bytes), u(d2h), u(d2h_bytes), u(other_memcpy), u(syncs));
    std::printf("    cupti driver callbacks: %llu calls; cuLaunch* %llu, *Synchronize %llu\n", u(driver_calls),
                u(driver_launches), u(driver_syncs));
    std::printf("    cupti activity: kernels %llu (named %llu), h2d %llu (%llu B), d2h %llu (%llu B), other %llu\n",
                u(kernels), u(named_kernels), u(act_h2d), u(act_h2d_bytes), u(act_d2h), u(act_d2h_bytes),
                u(act_other));
  }
};

class CuptiCounter {
 public:
  // Subscribes to the runtime and driver domains and registers the activity buffers.
  static void install() {
    FVMAF_CUPTI_CHECK(cuptiSubscribe(&state().subscriber, reinterpret_cast<CUpti_CallbackFunc>(&on_callback), nullptr));
    FVMAF_CUPTI_CHECK(cuptiEnableDomain(1, state().subscriber, CUPTI_CB_DOMAIN_RUNTIME_API));
    FVMAF_CUPTI_CHECK(cuptiEnableDomain(1, state().subscriber, CUPTI_CB_DOMAIN_DRIVER_API));
    FVMAF_CUPTI_CHECK(cuptiActivityRegisterCallbacks(&buffer_requested, &buffer_completed));
  }
  static void uninstall() { cuptiUnsubscribe(state().subscriber); }

  // Counts from now; kernels whose name contains `kernel_word` are also counted apart.
  static void start(const char* kernel_word = "") {
    {
      std::lock_guard lock(state().mu);
      state().seen = CuptiSeen{};
      state().word = kernel_word;
      state().counting = true;
    }
    FVMAF_CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
    FVMAF_CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
    FVMAF_CUPTI_CHECK(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
  }

  static CuptiSeen stop() {
    FVMAF_CUPTI_CHECK(cuptiActivityFlushAll(1));
    FVMAF_CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
    FVMAF_CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMCPY));
    FVMAF_CUPTI_CHECK(cuptiActivityDisable(CUPTI_ACTIVITY_KIND_MEMSET));
    std::lock_guard lock(state().mu);
    state().counting = false;
    return state().seen;
  }

 private:
  struct State {
    std::mutex mu;
    CuptiSeen seen;
    std::string word;
    bool counting = false;
    CUpti_SubscriberHandle subscriber{};
  };
  static State& state() {
    static State s;
    return s;
  }
  static bool contains(const char* s, const char* part) { return s && std::strstr(s, part); }

  static void CUPTIAPI on_callback(void*, CUpti_CallbackDomain domain, CUpti_CallbackId id, const void* data) {
    const auto* cb = static_cast<const CUpti_CallbackData*>(data);
    if (cb->callbackSite != CUPTI_API_ENTER) return;
    std::lock_guard lock(state().mu);
    if (!state().counting) return;
    CuptiSeen& s = state().seen;
    if (domain == CUPTI_CB_DOMAIN_DRIVER_API) {
      ++s.driver_calls;
      if (contains(cb->functionName, "cuLaunch")) ++s.driver_launches;
      if (contains(cb->functionName, "Synchronize")) ++s.driver_syncs;
      return;
    }
    if (domain != CUPTI_CB_DOMAIN_RUNTIME_API) return;
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
        if (contains(cb->functionName, "Memcpy") || contains(cb->functionName, "Memset")) ++s.other_memcpy;
        break;
    }
  }

  static void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
    *size = std::size_t{1} << 20;
    *buffer = static_cast<uint8_t*>(std::aligned_alloc(8, *size));
    *max_records = 0;
  }

  static void CUPTIAPI buffer_completed(CUcontext, uint32_t, uint8_t* buffer, size_t, size_t valid) {
    CUpti_Activity* record = nullptr;
    std::lock_guard lock(state().mu);
    CuptiSeen& s = state().seen;
    while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) {
      if (record->kind == CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL || record->kind == CUPTI_ACTIVITY_KIND_KERNEL) {
        ++s.kernels;
        const auto* k = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
        if (!state().word.empty() && contains(k->name, state().word.c_str())) ++s.named_kernels;
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
};

// What a twin's run must show: per frame `launches_per_frame` kernels (all the twin's),
// one upload of `frame_bytes`, one download of `result_bytes` and one host wait; besides,
// `init_bytes` uploaded at init when not 0, in `init_copies` uploads (one when 0: a
// single twin's). CUPTI (what the device executed and what the host asked for) and our
// own counters (`engine`, frames only) must agree on it.
struct ExpectedWork {
  std::uint64_t frames = 0, launches_per_frame = 0, frame_bytes = 0, result_bytes = 0, init_bytes = 0,
                init_copies = 0;
};

inline void expect_work(const CuptiSeen& s, const DeviceCounts& engine, const ExpectedWork& e) {
  const std::uint64_t launches = e.launches_per_frame * e.frames;
  const std::uint64_t init_h2d = e.init_copies ? e.init_copies : (e.init_bytes ? 1 : 0);
  // What the device executed.
  EXPECT_EQ(s.kernels, launches);
  EXPECT_EQ(s.named_kernels, launches) << "every kernel is one of the twin's";
  EXPECT_EQ(s.act_h2d, e.frames + init_h2d);
  EXPECT_EQ(s.act_h2d_bytes, e.frames * e.frame_bytes + e.init_bytes);
  EXPECT_EQ(s.act_d2h, e.frames);
  EXPECT_EQ(s.act_d2h_bytes, e.frames * e.result_bytes);
  EXPECT_EQ(s.act_other, 0u);
  // What the host asked for, and every host wait.
  EXPECT_GT(s.runtime_calls, 0u) << "CUPTI saw no runtime API call";
  EXPECT_EQ(s.launches, launches);
  EXPECT_EQ(s.h2d, e.frames + init_h2d);
  EXPECT_EQ(s.h2d_bytes, e.frames * e.frame_bytes + e.init_bytes);
  EXPECT_EQ(s.d2h, e.frames);
  EXPECT_EQ(s.d2h_bytes, e.frames * e.result_bytes);
  EXPECT_EQ(s.other_memcpy, 0u);
  EXPECT_EQ(s.syncs, e.frames);
  // Our own counters (the frames' work, not init's) agree.
  EXPECT_EQ(engine.launches, s.launches);
  EXPECT_EQ(engine.h2d_copies + init_h2d, s.h2d);
  EXPECT_EQ(engine.h2d_bytes + e.init_bytes, s.h2d_bytes);
  EXPECT_EQ(engine.d2h_copies, s.d2h);
  EXPECT_EQ(engine.d2h_bytes, s.d2h_bytes);
  EXPECT_EQ(engine.host_waits, s.syncs);
}

}  // namespace fastvmaf::gputest
