// The SpEED twins' statistics kernels: the covariance sums, the eigenvalues and linear
// systems, and the scores. Block skeletons around the work-items of speed_work.hpp (the
// host replay, tests/replay/speed_replay_test.cpp, runs the same phases). These compute
// in double where libvmaf does (tests/contract/fp64_kernels.txt; per-pixel counts in
// docs/adr/0205-speed-gpu-twin.md).
#include "gpu/compat.hpp"

#include "features/speed/gpu/speed_kernels.hpp"
#include "gpu/backend/launch.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

__global__ void __launch_bounds__(kCovThreads) speed_covariance(Plan p) {
  __shared__ float means[kN];
  const unsigned image = blockIdx.y, t = threadIdx.x;
  window_mean(p, image, t, means);
  __syncthreads();
  covariance_sum(p, image, blockIdx.x * kCovThreads + t, means);
}

// Blocks 0 .. images-1: the eigenvalues of each image's covariance; blocks images ..
// 2 images - 1: its QR decomposition and linear systems. The two run side by side.
__global__ void __launch_bounds__(kSolveThreads) speed_solve(Plan p) {
  __shared__ union {
    EigenShared eigen;
    QrShared qr;
  } sh;
  const unsigned t = threadIdx.x, n = kSolveThreads;
  if (blockIdx.x < p.images) {
    const unsigned image = blockIdx.x;
    EigenShared& s = sh.eigen;
    eigen_load(p, image, t, n, s);
    __syncthreads();
    for (int i = 0; i + 2 < kN; ++i) {
      eigen_reflector(i, t, s);
      __syncthreads();
      const bool skip = s.skip != 0;  // read before the barrier after which work-item 0 may rewrite it
      eigen_scale_column(i, t, n, s);
      __syncthreads();
      if (skip) continue;
      eigen_take_v(i, t, n, s);
      __syncthreads();
      eigen_w(i, t, n, s);
      __syncthreads();
      eigen_shift(i, t, s);
      __syncthreads();
      eigen_axpy(i, t, n, s);
      __syncthreads();
      eigen_update(i, t, n, s);
      __syncthreads();
    }
    eigen_take_tridiagonal(t, n, s);
    __syncthreads();
    eigen_iterate(p, image, t, s);
    return;
  }
  const unsigned image = blockIdx.x - p.images;
  QrShared& s = sh.qr;
  qr_load(p, image, t, n, s);
  __syncthreads();
  for (int k = 0; k + 1 < kN; ++k) {
    qr_minor(k, t, n, s);
    __syncthreads();
    qr_vector(k, t, s);
    __syncthreads();
    qr_normalise(t, n, s);
    __syncthreads();
    qr_reflector(k, t, n, s);
    __syncthreads();
    if (k + 2 < kN) {
      qr_apply_z(k, t, n, s);
      __syncthreads();
      qr_copy_z(k, t, n, s);
      __syncthreads();
    }
    qr_apply_qt(k, t, n, s);
    __syncthreads();
    qr_copy_qt(t, n, s);
    __syncthreads();
  }
  qr_r(t, n, s);
  __syncthreads();
  qr_pivots(p, image, t, s);
  __syncthreads();
  qr_solve_blocks(p, image, t, n, s);
}

__global__ void __launch_bounds__(kScoreThreads) speed_score(Plan p, Results* r) {
  __shared__ ScoreShared sh;
  const unsigned channel = blockIdx.y, t = threadIdx.x;
  score_load(p, channel, t, kScoreThreads, sh);
  __syncthreads();
  score_term(p, channel, blockIdx.x, t, sh);
  __syncthreads();
  score_arrive(p, channel, t, sh, gridDim.x, r);
  __syncthreads();
  score_total(p, channel, t, sh, r);
}

dim3 dim_of(const Dim& d) { return dim3(d.x, d.y, d.z); }

}  // namespace

void enqueue_statistics(const gpu::StreamRef& stream, const Frame& f) {
  gpu::launch(stream, "speed covariance", &speed_covariance, dim_of(cov_grid(f.plan)), dim3(kCovThreads), f.plan);
  gpu::launch(stream, "speed solve", &speed_solve, dim_of(solve_grid(f.plan)), dim3(kSolveThreads), f.plan);
  gpu::launch(stream, "speed score", &speed_score, dim_of(score_grid(f.plan)), dim3(kScoreThreads), f.plan,
              f.results);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
