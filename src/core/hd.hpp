// FVMAF_HD marks a function callable from host and device code: the per-element
// arithmetic of a feature (<name>_math.hpp) is written once and used by the CPU
// reference, the GPU kernels and the host replay of those kernels.
//
// FVMAF_DEVICE_PASS is defined while a GPU compiler compiles device code (nvcc's and
// hipcc's device passes); host code, the host pass of a .cu and the replay see it
// undefined. src/core/hd/ uses it to pick a device intrinsic or its host equivalent.
//
// SYCL is single-source: its kernels are plain C++ lambdas, so FVMAF_HD is empty there
// and FVMAF_DEVICE_PASS stays undefined. The SYCL module's units are compiled with
// FVMAF_SYCL_UNIT (cmake/Gpu.cmake), which src/core/hd/ uses where a plain host operation
// would not do in a kernel (atomics, fences), and with FVMAF_SOFT_F64, which keeps fp64
// out of every SYCL kernel (core/hd/f64.hpp).
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define FVMAF_DEVICE_PASS 1
#endif

// FVMAF_HD_OUTLINED, before a statement that calls a heavy FVMAF_HD routine, keeps that
// call out of line in SYCL units. AdaptiveCpp 24.06 makes every device function
// always-inline on its PTX path, so a kernel that calls SoftF64 routines many times grows
// past what its JIT finishes (CIEDE's per-pixel kernel: over 500 s on an H100,
// docs/conformance.md); a call-site noinline keeps each routine one function there. CUDA
// and HIP (real doubles) inline as they choose. clang 16 crashes on this attribute over a
// dependent call: use it in non-template code.
#if defined(FVMAF_SOFT_F64) && defined(__clang__)
#define FVMAF_HD_OUTLINED [[clang::noinline]]
#else
#define FVMAF_HD_OUTLINED
#endif
