// Float ANSNR on the GPU against Float ANSNR on the CPU, on the real frames of the device set:
// every value equal bit for bit, and each frame's device work exactly the plan's:
// twin::kLaunchesPerFrame launches, one upload of the frame, one readback of the results
// block, one host wait.
//
//   gpu_float_ansnr_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include "features/float_ansnr/gpu/float_ansnr_plan.hpp"
#include "features/float_ansnr/gpu/float_ansnr_work.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

// float_ansnr has no options: its one run.
void check_pair(const gputest::Pair& pair) {
  gputest::check_one_run(pair, g_backend, "float_ansnr", float_ansnr::twin::kPlanes, sizeof(float_ansnr::twin::Results),
                         [](unsigned) { return float_ansnr::twin::kLaunchesPerFrame; });
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatAnsnrParity", fastvmaf::check_pair);
}
