// The CUDA wrappers themselves (src/gpu/backend): a round trip through a pinned and a
// device buffer counts each call once; a launch error, out of device memory and out of
// pinned memory are DeviceErrors that name the call, the error and the feature.
//
//   gpu_runtime_test [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>

#include "gpu/compat.hpp"

#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/launch.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf {
namespace {

constexpr const char* kWho = "runtime test";

__global__ void add_one(std::uint32_t* v, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] += 1;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const DeviceError& e) {
    return e.what();
  }
  return "(no DeviceError)";
}

TEST(GpuRuntime, RoundTripCountsEveryCallOnce) {
  gpu::Counters counters;
  gpu::Stream stream(counters, kWho);
  const unsigned n = 1000;
  gpu::PinnedBuffer<std::uint32_t> host(n, kWho);
  gpu::DeviceBuffer<std::uint32_t> dev(n, kWho);
  gpu::Event done(kWho);
  for (unsigned i = 0; i < n; ++i) host[i] = i;
  const gpu::StreamRef s = stream.ref();
  s.upload(dev.get(), host.data(), host.bytes());
  gpu::launch(s, "add_one", &add_one, dim3((n + 255) / 256), dim3(256), dev.get(), n);
  s.download(host.data(), dev.get(), host.bytes());
  done.record(s);
  done.wait_host();
  EXPECT_TRUE(done.done());
  for (unsigned i = 0; i < n; ++i) ASSERT_EQ(host[i], i + 1) << i;
  DeviceCounts want;
  want.launches = 1;
  want.h2d_copies = want.d2h_copies = 1;
  want.h2d_bytes = want.d2h_bytes = n * sizeof(std::uint32_t);
  want.host_waits = 1;
  EXPECT_EQ(counters.snapshot(), want);
}

TEST(GpuRuntime, LaunchErrorNamesTheKernelTheFeatureAndTheError) {
  gpu::Counters counters;
  gpu::Stream stream(counters, kWho);
  gpu::DeviceBuffer<std::uint32_t> dev(4, kWho);
  const std::string m = message_of([&] {
    gpu::launch(stream.ref(), "add_one", &add_one, dim3(1), dim3(4096), dev.get(), 4u);  // > 1024 threads
  });
  // CUDA 13 reports cudaErrorInvalidValue here (older runtimes cudaErrorInvalidConfiguration).
  EXPECT_NE(m.find("runtime test: cudaLaunchKernel (add_one) failed: "), std::string::npos) << m;
  EXPECT_NE(m.find("(cudaError"), std::string::npos) << m;
  EXPECT_EQ(counters.snapshot().launches, 0u);
  // The error was cleared: the next launch works.
  gpu::launch(stream.ref(), "add_one", &add_one, dim3(1), dim3(4), dev.get(), 4u);
  EXPECT_EQ(counters.snapshot().launches, 1u);
}

TEST(GpuRuntime, OutOfMemoryIsAClearError) {
  const std::size_t huge = std::size_t{1} << 50;  // 1 PiB
  const std::string d = message_of([&] { gpu::DeviceBuffer<std::uint8_t> b(huge, "oom test"); });
  EXPECT_NE(d.find("oom test: out of device memory: cudaMalloc of"), std::string::npos) << d;
  EXPECT_NE(d.find("free of"), std::string::npos) << d;
  const std::string p = message_of([&] { gpu::PinnedBuffer<std::uint8_t> b(huge, "oom test"); });
  EXPECT_NE(p.find("oom test: out of pinned host memory"), std::string::npos) << p;
  const std::string o = message_of([&] { gpu::DeviceBuffer<std::uint64_t> b(~std::size_t{0} / 4, "oom test"); });
  EXPECT_NE(o.find("oom test: out of memory"), std::string::npos) << o;
  // The device still works.
  gpu::DeviceBuffer<std::uint8_t> small(16, "oom test");
  EXPECT_NE(small.get(), nullptr);
}

TEST(GpuRuntime, WaitingForAnEventNeverRecordedIsALogicError) {
  gpu::Event e(kWho);
  EXPECT_THROW(e.wait_host(), std::logic_error);
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const fastvmaf::gpu::Probe p = fastvmaf::gpu::Device::probe();
  if (!p.usable) {
    std::printf("SKIP: %s\n", p.detail.c_str());
    return 77;
  }
  std::printf("device: %s\n", fastvmaf::gpu::Device::get().description().c_str());
  return RUN_ALL_TESTS();
}
