// Float moments on the GPU against Float moments on the CPU, on the real frames of the device set:
// every value equal bit for bit, and each frame's device work exactly the plan's:
// twin::launches_per_frame(bpc) launches, one upload of the frame, one readback of the results
// block, one host wait.
//
//   gpu_float_moment_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
#include <gtest/gtest.h>

#include "features/float_moment/gpu/float_moment_plan.hpp"
#include "features/float_moment/gpu/float_moment_work.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

// float_moment has no options: its one run.
void check_pair(const gputest::Pair& pair) {
  gputest::check_one_run(pair, g_backend, "float_moment", float_moment::twin::kPlanes, sizeof(float_moment::twin::Results),
                         [](unsigned bpc) { return float_moment::twin::launches_per_frame(bpc); });
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuFloatMomentParity", fastvmaf::check_pair);
}
