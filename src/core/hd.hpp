// FVMAF_HD marks a function callable from host and device code: the per-element
// arithmetic of a feature (<name>_math.hpp) is written once and used by the CPU
// reference, the GPU kernels and the host replay of those kernels.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif
