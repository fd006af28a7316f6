// The runtime names GPU code uses, mapped to CUDA or to HIP. One source builds both
// backends: nvcc compiles it with FASTVMAF_GPU_CUDA, Debian's hipcc with FASTVMAF_GPU_HIP
// (cmake/Gpu.cmake generates one unit per backend). Only the wrappers in src/gpu/backend
// call these; kernels and twins use the wrappers, and tests/contract checks that no
// cuda*/hip* runtime call appears anywhere else.
//
// Everything a backend compiles lives in its inline namespace (gpu::cuda or gpu::hip),
// so both backends link into one binary without clashing symbols, while the code reads
// gpu::Stream, gpu::launch, ... either way.
//
// Device code uses the language names both compilers share (__global__, __shared__,
// __syncthreads, threadIdx, blockIdx, blockDim, gridDim, atomicAdd, __fmul_rn, ...).
#pragma once

#include <cstddef>
#include <string>

#include "core/hd.hpp"

#if defined(FASTVMAF_GPU_CUDA) == defined(FASTVMAF_GPU_HIP)
#error "GPU backend code is compiled with exactly one of FASTVMAF_GPU_CUDA or FASTVMAF_GPU_HIP (see cmake/Gpu.cmake)"
#endif

#if defined(FASTVMAF_GPU_HIP)
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#if defined(__HIPCC__)
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>
#endif
#define FVMAF_GPU_NS hip
#else
#include <cuda_runtime_api.h>  // nvcc includes cuda_runtime.h in .cu units itself
#define FVMAF_GPU_NS cuda
#endif

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {
namespace rt {

struct DeviceInfo {
  std::string name;
  std::size_t memory = 0;
  int major = 0, minor = 0, multiprocessors = 0;
};

#if defined(FASTVMAF_GPU_HIP)

using Error = hipError_t;
using StreamHandle = hipStream_t;
using EventHandle = hipEvent_t;
inline constexpr const char* kApi = "hip";     // prefix of the runtime's call names
inline constexpr const char* kName = "HIP";    // the backend, for messages
inline constexpr Error kSuccess = hipSuccess;
inline constexpr Error kNotReady = hipErrorNotReady;
inline constexpr Error kOutOfMemory = hipErrorOutOfMemory;

inline Error get_device_count(int* n) { return hipGetDeviceCount(n); }
inline Error get_device_info(int device, DeviceInfo* out) {
  hipDeviceProp_t p{};
  const Error e = hipGetDeviceProperties(&p, device);
  if (e == kSuccess) *out = {p.name, p.totalGlobalMem, p.major, p.minor, p.multiProcessorCount};
  return e;
}
inline Error mem_get_info(std::size_t* free, std::size_t* total) { return hipMemGetInfo(free, total); }
inline Error device_malloc(void** p, std::size_t n) { return hipMalloc(p, n); }
inline Error device_free(void* p) { return hipFree(p); }
inline Error pinned_malloc(void** p, std::size_t n) { return hipHostMalloc(p, n, hipHostMallocDefault); }
inline Error pinned_free(void* p) { return hipHostFree(p); }
inline Error memcpy_h2d_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  return hipMemcpyAsync(d, s, n, hipMemcpyHostToDevice, st);
}
inline Error memcpy_d2h_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  return hipMemcpyAsync(d, s, n, hipMemcpyDeviceToHost, st);
}
inline Error stream_create(StreamHandle* s) { return hipStreamCreateWithFlags(s, hipStreamNonBlocking); }
inline Error stream_destroy(StreamHandle s) { return hipStreamDestroy(s); }
inline Error stream_wait_event(StreamHandle s, EventHandle e) { return hipStreamWaitEvent(s, e, 0); }
inline Error event_create(EventHandle* e) { return hipEventCreateWithFlags(e, hipEventDisableTiming); }
inline Error event_destroy(EventHandle e) { return hipEventDestroy(e); }
inline Error event_record(EventHandle e, StreamHandle s) { return hipEventRecord(e, s); }
inline Error event_query(EventHandle e) { return hipEventQuery(e); }
inline Error event_synchronize(EventHandle e) { return hipEventSynchronize(e); }
inline Error get_last_error() { return hipGetLastError(); }
inline const char* error_string(Error e) { return hipGetErrorString(e); }
inline const char* error_name(Error e) { return hipGetErrorName(e); }

#else

using Error = cudaError_t;
using StreamHandle = cudaStream_t;
using EventHandle = cudaEvent_t;
inline constexpr const char* kApi = "cuda";
inline constexpr const char* kName = "CUDA";
inline constexpr Error kSuccess = cudaSuccess;
inline constexpr Error kNotReady = cudaErrorNotReady;
inline constexpr Error kOutOfMemory = cudaErrorMemoryAllocation;

inline Error get_device_count(int* n) { return cudaGetDeviceCount(n); }
inline Error get_device_info(int device, DeviceInfo* out) {
  cudaDeviceProp p{};
  const Error e = cudaGetDeviceProperties(&p, device);
  if (e == kSuccess) *out = {p.name, p.totalGlobalMem, p.major, p.minor, p.multiProcessorCount};
  return e;
}
inline Error mem_get_info(std::size_t* free, std::size_t* total) { return cudaMemGetInfo(free, total); }
inline Error device_malloc(void** p, std::size_t n) { return cudaMalloc(p, n); }
inline Error device_free(void* p) { return cudaFree(p); }
inline Error pinned_malloc(void** p, std::size_t n) { return cudaMallocHost(p, n); }
inline Error pinned_free(void* p) { return cudaFreeHost(p); }
inline Error memcpy_h2d_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  return cudaMemcpyAsync(d, s, n, cudaMemcpyHostToDevice, st);
}
inline Error memcpy_d2h_async(void* d, const void* s, std::size_t n, StreamHandle st) {
  return cudaMemcpyAsync(d, s, n, cudaMemcpyDeviceToHost, st);
}
inline Error stream_create(StreamHandle* s) { return cudaStreamCreateWithFlags(s, cudaStreamNonBlocking); }
inline Error stream_destroy(StreamHandle s) { return cudaStreamDestroy(s); }
inline Error stream_wait_event(StreamHandle s, EventHandle e) { return cudaStreamWaitEvent(s, e, 0); }
inline Error event_create(EventHandle* e) { return cudaEventCreateWithFlags(e, cudaEventDisableTiming); }
inline Error event_destroy(EventHandle e) { return cudaEventDestroy(e); }
inline Error event_record(EventHandle e, StreamHandle s) { return cudaEventRecord(e, s); }
inline Error event_query(EventHandle e) { return cudaEventQuery(e); }
inline Error event_synchronize(EventHandle e) { return cudaEventSynchronize(e); }
inline Error get_last_error() { return cudaGetLastError(); }
inline const char* error_string(Error e) { return cudaGetErrorString(e); }
inline const char* error_name(Error e) { return cudaGetErrorName(e); }

#endif

}  // namespace rt
}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
