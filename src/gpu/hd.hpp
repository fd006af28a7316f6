// FVMAF_HD marks a routine that runs on the host and on the device: the per-element and
// per-work-item arithmetic of <name>_math.hpp, which the kernels call and the host replay
// (tests/replay) calls too. It is __host__ __device__ under nvcc or hipcc, and nothing
// for the host compiler.
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define FVMAF_HD __host__ __device__
#else
#define FVMAF_HD
#endif
