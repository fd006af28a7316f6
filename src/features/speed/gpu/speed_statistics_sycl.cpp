// The SpEED twins' statistics kernels in SYCL: speed_kernels_statistics.cu's block
// skeletons (local memory, barriers, the score's last-block ticket) around the same
// work-items of speed_work.hpp. The double operations are the work-items' own
// (core/hd/rounding.hpp; FVMAF_SOFT_F64 keeps hardware fp64 out of them).
#include <sycl/sycl.hpp>

#include "features/speed/gpu/speed_kernels.hpp"
#include "gpu/backend/sycl/launch.hpp"

namespace fastvmaf::speed {
inline namespace FVMAF_GPU_NS {

namespace {

using namespace twin;  // NOLINT(build/namespaces): the kernels' own vocabulary

// CUDA's grid `d` of one-dimensional blocks of `threads`: blockIdx.x = get_group(2),
// blockIdx.y = get_group(1), blockIdx.z = get_group(0) (SYCL's last dimension varies
// fastest).
sycl::nd_range<3> blocks_of(const Dim& d, unsigned threads) {
  return sycl::nd_range<3>(sycl::range<3>(d.z, d.y, std::size_t{d.x} * threads), sycl::range<3>(1, 1, threads));
}

// A solve block's local memory: the eigenvalue blocks use one member, the QR blocks the other.
union SolveShared {
  EigenShared eigen;
  QrShared qr;
};

void submit_covariance(const gpu::StreamRef& stream, const Plan& p) {
  gpu::submit(stream, "speed covariance", [&](sycl::handler& h) {
    sycl::local_accessor<float, 1> means_mem(sycl::range<1>(kN), h);
    h.parallel_for(blocks_of(cov_grid(p), kCovThreads), [=](sycl::nd_item<3> it) {
      const unsigned image = static_cast<unsigned>(it.get_group(1)), t = static_cast<unsigned>(it.get_local_id(2));
      float* means = &means_mem[0];
      window_mean(p, image, t, means);
      sycl::group_barrier(it.get_group());
      covariance_sum(p, image, static_cast<unsigned>(it.get_group(2)) * kCovThreads + t, means);
    });
  });
}

// Blocks 0 .. images-1: the eigenvalues of each image's covariance; blocks images ..
// 2 images - 1: its QR decomposition and linear systems. Which one a block is depends on
// its group only, and `skip` is read from local memory by every work-item alike, so
// every work-item of a work-group meets the same barriers.
void submit_solve(const gpu::StreamRef& stream, const Plan& p) {
  gpu::submit(stream, "speed solve", [&](sycl::handler& h) {
    sycl::local_accessor<SolveShared, 1> sh_mem(sycl::range<1>(1), h);
    h.parallel_for(blocks_of(solve_grid(p), kSolveThreads), [=](sycl::nd_item<3> it) {
      const auto g = it.get_group();
      const unsigned t = static_cast<unsigned>(it.get_local_id(2)), n = kSolveThreads;
      const unsigned block = static_cast<unsigned>(it.get_group(2));
      SolveShared& sh = sh_mem[0];
      if (block < p.images) {
        const unsigned image = block;
        EigenShared& s = sh.eigen;
        eigen_load(p, image, t, n, s);
        sycl::group_barrier(g);
        for (int i = 0; i + 2 < kN; ++i) {
          eigen_reflector(i, t, s);
          sycl::group_barrier(g);
          const bool skip = s.skip != 0;  // read before the barrier after which work-item 0 may rewrite it
          eigen_scale_column(i, t, n, s);
          sycl::group_barrier(g);
          if (skip) continue;
          eigen_take_v(i, t, n, s);
          sycl::group_barrier(g);
          eigen_w(i, t, n, s);
          sycl::group_barrier(g);
          eigen_shift(i, t, s);
          sycl::group_barrier(g);
          eigen_axpy(i, t, n, s);
          sycl::group_barrier(g);
          eigen_update(i, t, n, s);
          sycl::group_barrier(g);
        }
        eigen_take_tridiagonal(t, n, s);
        sycl::group_barrier(g);
        eigen_iterate(p, image, t, s);
        return;
      }
      const unsigned image = block - p.images;
      QrShared& s = sh.qr;
      qr_load(p, image, t, n, s);
      sycl::group_barrier(g);
      for (int k = 0; k + 1 < kN; ++k) {
        qr_minor(k, t, n, s);
        sycl::group_barrier(g);
        qr_vector(k, t, s);
        sycl::group_barrier(g);
        qr_normalise(t, n, s);
        sycl::group_barrier(g);
        qr_reflector(k, t, n, s);
        sycl::group_barrier(g);
        if (k + 2 < kN) {
          qr_apply_z(k, t, n, s);
          sycl::group_barrier(g);
          qr_copy_z(k, t, n, s);
          sycl::group_barrier(g);
        }
        qr_apply_qt(k, t, n, s);
        sycl::group_barrier(g);
        qr_copy_qt(t, n, s);
        sycl::group_barrier(g);
      }
      qr_r(t, n, s);
      sycl::group_barrier(g);
      qr_pivots(p, image, t, s);
      sycl::group_barrier(g);
      qr_solve_blocks(p, image, t, n, s);
    });
  });
}

// The score's last block: every work-item writes its term (score_term), work-item 0
// takes the ticket (score_arrive: an acquire-release update in SYCL) and, in the last
// block, reads every block's terms (score_total). The barrier between the terms and the
// ticket fences at device scope, so the ticket's release covers every work-item's term:
// a plain group barrier orders work-group scope only. Work-item 0 itself both takes the
// ticket and reads, so its acquire needs no more.
void submit_score(const gpu::StreamRef& stream, const Plan& p, Results* r) {
  gpu::submit(stream, "speed score", [&](sycl::handler& h) {
    sycl::local_accessor<ScoreShared, 1> sh_mem(sycl::range<1>(1), h);
    h.parallel_for(blocks_of(score_grid(p), kScoreThreads), [=](sycl::nd_item<3> it) {
      const unsigned channel = static_cast<unsigned>(it.get_group(1)), t = static_cast<unsigned>(it.get_local_id(2));
      const unsigned tiles = static_cast<unsigned>(it.get_group_range(2));
      ScoreShared& sh = sh_mem[0];
      score_load(p, channel, t, kScoreThreads, sh);
      sycl::group_barrier(it.get_group());
      score_term(p, channel, static_cast<unsigned>(it.get_group(2)), t, sh);
      sycl::group_barrier(it.get_group(), sycl::memory_scope::device);
      score_arrive(p, channel, t, sh, tiles, r);
      sycl::group_barrier(it.get_group());
      score_total(p, channel, t, sh, r);
    });
  });
}

}  // namespace

void enqueue_statistics(const gpu::StreamRef& stream, const Frame& f) {
  submit_covariance(stream, f.plan);
  submit_solve(stream, f.plan);
  submit_score(stream, f.plan, f.results);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::speed
