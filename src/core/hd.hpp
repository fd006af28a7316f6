// FVMAF_HD marks a function that both host code and GPU kernels call (DESIGN.md,
// "One implementation per behaviour"): __host__ __device__ under nvcc/hipcc, empty
// in a plain C++ build.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif
