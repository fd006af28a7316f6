// FVMAF_HD marks a function callable from host and device code: the per-element
// arithmetic of a feature (<name>_math.hpp) is written once and used by the CPU
// reference, the GPU kernels and the host replay of those kernels.
//
// FVMAF_DEVICE_PASS is defined while a GPU compiler compiles device code (nvcc's and
// hipcc's device passes); host code, the host pass of a .cu and the replay see it
// undefined. src/core/hd/ uses it to pick a device intrinsic or its host equivalent.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define FVMAF_DEVICE_PASS 1
#endif
