// The runtime names GPU code uses, mapped to CUDA, HIP or SYCL. One source builds every
// backend: nvcc compiles it with FASTVMAF_GPU_CUDA, Debian's hipcc with FASTVMAF_GPU_HIP,
// and the SYCL module's units see FASTVMAF_GPU_SYCL (cmake/Gpu.cmake generates one unit
// per backend). For SYCL the calls are declared here and written in
// src/gpu/backend/sycl/runtime_calls.cpp, so the host units of the SYCL module need no
// SYCL header: a stream is an in-order sycl::queue with the events its next command must
// wait for, an event the set of commands it stands for (src/gpu/backend/sycl/queue.hpp). Only the wrappers in src/gpu/backend
// call these; kernels and twins use the wrappers, and tests/contract checks that no
// cuda*/hip* runtime call appears anywhere else.
//
// Everything a backend compiles lives in its inline namespace (gpu::cuda, gpu::hip or
// gpu::sycl2020; not "sycl", which would hide ::sycl from the code inside it),
// so both backends link into one binary without clashing symbols, while the code reads
// gpu::Stream, gpu::launch, ... either way.
//
// Device code uses the language names both compilers share (__global__, __shared__,
// __syncthreads, threadIdx, blockIdx, blockDim, gridDim, atomicAdd, __fmul_rn, ...).
#pragma once

#include <cstddef>
#include <string>

#include "core/hd.hpp"

#if defined(FASTVMAF_GPU_CUDA) + defined(FASTVMAF_GPU_HIP) + defined(FASTVMAF_GPU_SYCL) != 1
#error "GPU backend code is compiled with exactly one of FASTVMAF_GPU_CUDA, _HIP or _SYCL (see cmake/Gpu.cmake)"
#endif

#if defined(FASTVMAF_GPU_SYCL)
#define FVMAF_GPU_NS sycl2020
#elif defined(FASTVMAF_GPU_HIP)
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
  std::string platform;  // SYCL: the device's platform ("CUDA", "OpenMP", ...)
  bool gpu = true;       // SYCL: false for a CPU device
};

#if defined(FASTVMAF_GPU_SYCL)

// SYCL reports errors as exceptions; the calls catch them and return a code, and
// error_string() gives the message of the calling thread's last failure.
struct Queue;        // src/gpu/backend/sycl/queue.hpp
struct EventSet;
using Error = int;
using StreamHandle = Queue*;
using EventHandle = EventSet*;
inline constexpr const char* kApi = "sycl::";
inline constexpr const char* kName = "SYCL";
inline constexpr Error kSuccess = 0;
inline constexpr Error kNotReady = 1;
inline constexpr Error kOutOfMemory = 2;
inline constexpr Error kFailed = 3;     // a sycl::exception (its message: error_string)
inline constexpr Error kNoDevice = 4;

Error get_device_count(int* n);
Error get_device_info(int device, DeviceInfo* out);
Error mem_get_info(std::size_t* free, std::size_t* total);
Error device_malloc(void** p, std::size_t n);
Error device_free(void* p);
Error pinned_malloc(void** p, std::size_t n);
Error pinned_free(void* p);
Error memcpy_h2d_async(void* d, const void* s, std::size_t n, StreamHandle st);
Error memcpy_d2h_async(void* d, const void* s, std::size_t n, StreamHandle st);
Error stream_create(StreamHandle* s);
Error stream_destroy(StreamHandle s);
Error stream_wait_event(StreamHandle s, EventHandle e);
Error event_create(EventHandle* e);
Error event_destroy(EventHandle e);
Error event_record(EventHandle e, StreamHandle s);
Error event_query(EventHandle e);
Error event_synchronize(EventHandle e);
Error get_last_error();
const char* error_string(Error e);
const char* error_name(Error e);

#elif defined(FASTVMAF_GPU_HIP)

using Error = hipError_t;
using StreamHandle = hipStream_t;
using EventHandle = hipEvent_t;
inline constexpr const char* kApi = "hip";     // prefix of the runtime's call names
inline constexpr const char* kName = "HIP";    // the backend, for messages
inline constexpr Error kSuccess = hipSuccess;
inline constexpr Error kNotReady = hipErrorNotReady;
inline constexpr Error kOutOfMemory = hipErrorOutOfMemory;

inline Error get_device_count(int* n) { return hipGetDeviceCount(n); }
inline Error set_device(int device) { return hipSetDevice(device); }
inline Error get_device(int* device) { return hipGetDevice(device); }
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
// Device pictures (FramePipeline::begin_frame from device memory): a pitched copy inside
// the device, zeroing, and the null stream where a caller's own copies go.
inline Error memcpy_2d_d2d_async(void* d, std::size_t dpitch, const void* s, std::size_t spitch, std::size_t width,
                                 std::size_t height, StreamHandle st) {
  return hipMemcpy2DAsync(d, dpitch, s, spitch, width, height, hipMemcpyDeviceToDevice, st);
}
inline Error memset_async(void* d, int value, std::size_t n, StreamHandle st) { return hipMemsetAsync(d, value, n, st); }
inline StreamHandle legacy_stream() { return nullptr; }
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
inline Error set_device(int device) { return cudaSetDevice(device); }
inline Error get_device(int* device) { return cudaGetDevice(device); }
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
// Device pictures (FramePipeline::begin_frame from device memory): a pitched copy inside
// the device, zeroing, and the context's legacy default stream, where FFmpeg's
// cuMemcpy2D and a plain cudaMemcpy2D put the caller's copies (our streams are
// non-blocking, so they do not wait for it by themselves).
inline Error memcpy_2d_d2d_async(void* d, std::size_t dpitch, const void* s, std::size_t spitch, std::size_t width,
                                 std::size_t height, StreamHandle st) {
  return cudaMemcpy2DAsync(d, dpitch, s, spitch, width, height, cudaMemcpyDeviceToDevice, st);
}
inline Error memset_async(void* d, int value, std::size_t n, StreamHandle st) { return cudaMemsetAsync(d, value, n, st); }
inline StreamHandle legacy_stream() { return cudaStreamLegacy; }
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
