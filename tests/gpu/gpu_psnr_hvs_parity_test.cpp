// PSNR-HVS on the GPU against PSNR-HVS on the CPU, on the real frames of the device set
// (8 and 10 bits, 4:2:0, 4:2:2 and 4:4:4): every value equal bit for bit, and each frame's
// device work exactly the plan's: twin::kLaunchesPerFrame launches, one upload of the
// frame (all three planes of both pictures), one readback of the results block, one host
// wait.
//
//   gpu_psnr_hvs_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include "features/psnr_hvs/gpu/psnr_hvs_plan.hpp"
#include "features/psnr_hvs/gpu/psnr_hvs_work.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

// psnr_hvs has no options: its one run.
void check_pair(const gputest::Pair& pair) {
  gputest::check_one_run(pair, g_backend, "psnr_hvs", psnr_hvs::twin::kPlanes, sizeof(psnr_hvs::twin::Results),
                         [](unsigned) { return psnr_hvs::twin::kLaunchesPerFrame; });
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  // Every pair on a CPU device too (about 50 ms a 1080p frame on SYCL's OpenMP device): the
  // 1080p and 4K luma sums take tiles, which no smaller pair does.
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuPsnrHvsParity", fastvmaf::check_pair, {}, {},
                                                {}, {}, 3840u * 2160u);
}
