// FVMAF_HD marks per-element routines that both host code and GPU kernels call
// (<name>_math.hpp): __host__ __device__ under nvcc / hipcc, nothing otherwise.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif
