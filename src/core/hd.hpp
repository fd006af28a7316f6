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
