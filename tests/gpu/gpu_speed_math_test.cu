// The two SpEED routines whose device code is not the host's (core/hd/log2.hpp,
// speed_linalg.hpp), checked on the device itself against their host copies, bit for bit:
//  - linalg::givens_scale: on CUDA devices __frsqrt_rn; the host's two double operations
//    are the correctly rounded value on every float of [1, 2] (tests/unit), so this checks
//    __frsqrt_rn there, all 2^23 + 1 of them;
//  - hd::glibc_log2: the device build of glibc's operations (fused multiply-adds as
//    __fma_rn, nothing else contracted), on every 64th float and on the doubles SpEED's
//    variance weights form (1 + f / 2, 1 + (0.75 a + 0.25 b)) and on random doubles, against
//    the host's copy, which tests/unit proves equal to glibc's log2.
//
//   gpu_speed_math_test [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "gpu/compat.hpp"

#include "features/speed/speed_linalg.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/device.hpp"
#include "gpu/backend/launch.hpp"
#include "gpu/backend/stream.hpp"
#include "core/hd/log2.hpp"

namespace fastvmaf {
namespace {

constexpr const char* kWho = "speed math test";

__global__ void givens_scales(const float* u, float* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = speed::linalg::givens_scale(u[i]);
}

__global__ void log2s(const double* x, double* out, unsigned n) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = hd::glibc_log2(x[i]);
}

// out[i] = kernel(in[i]) on the device.
template <typename T>
std::vector<T> on_device(void (*kernel)(const T*, T*, unsigned), const std::vector<T>& in) {
  gpu::Counters counters;
  gpu::Stream stream(counters, kWho);
  const unsigned n = static_cast<unsigned>(in.size());
  gpu::PinnedBuffer<T> host(n, kWho);
  gpu::DeviceBuffer<T> dev_in(n, kWho), dev_out(n, kWho);
  for (unsigned i = 0; i < n; ++i) host[i] = in[i];
  const gpu::StreamRef s = stream.ref();
  s.upload(dev_in.get(), host.data(), host.bytes());
  gpu::launch(s, "speed math", kernel, dim3((n + 255) / 256), dim3(256), dev_in.get(), dev_out.get(), n);
  s.download(host.data(), dev_out.get(), host.bytes());
  gpu::Event done(kWho);
  done.record(s);
  done.wait_host();
  return std::vector<T>(host.data(), host.data() + n);
}

TEST(GpuSpeedMath, GivensScaleEqualsTheHostOnEveryFloatOfOneToTwo) {
  std::vector<float> u;
  for (float v = 1.0f; v <= 2.0f; v = std::nextafter(v, 3.0f)) u.push_back(v);
  const std::vector<float> dev = on_device(&givens_scales, u);
  unsigned differ = 0;
  for (std::size_t i = 0; i < u.size(); ++i)
    if (std::bit_cast<std::uint32_t>(dev[i]) != std::bit_cast<std::uint32_t>(speed::linalg::givens_scale(u[i])) &&
        ++differ <= 5)
      ADD_FAILURE() << std::hexfloat << "u " << u[i] << ": device " << dev[i] << " host "
                    << speed::linalg::givens_scale(u[i]);
  EXPECT_EQ(differ, 0u);
  EXPECT_EQ(u.size(), (1u << 23) + 1);
}

TEST(GpuSpeedMath, Log2EqualsTheHostOnFloatsAndTheVarianceWeights) {
  std::vector<double> x;
  for (std::uint64_t b = 0; b < (std::uint64_t{1} << 32); b += 64) x.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(b)));
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<float> var(0.0f, 3000.0f);
  for (int k = 0; k < 4000000; ++k) {
    const float a = var(rng), b = var(rng);
    x.push_back(1 + static_cast<double>(a + b) / 2.0);
    x.push_back(1 + (0.75 * a + 0.25 * b));
    x.push_back(1 + (0.25 * std::bit_cast<float>(static_cast<std::uint32_t>(rng()) & 0x7fffffffu) + 0.75 * b));
    x.push_back(std::bit_cast<double>(rng()));
  }
  const std::vector<double> dev = on_device(&log2s, x);
  unsigned differ = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double host = hd::glibc_log2(x[i]);  // NaNs too: the routine returns glibc's NaN bits
    if (std::bit_cast<std::uint64_t>(dev[i]) != std::bit_cast<std::uint64_t>(host) && ++differ <= 5)
      ADD_FAILURE() << std::hexfloat << "log2(" << x[i] << "): device " << dev[i] << " host " << host;
  }
  EXPECT_EQ(differ, 0u) << "of " << x.size();
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
