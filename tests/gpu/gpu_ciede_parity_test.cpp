// CIEDE2000 on the GPU against CIEDE2000 on the CPU, on the real frames of the device set
// (8 and 10 bits, 4:2:0, 4:2:2 and 4:4:4): every value equal bit for bit, and each frame's
// device work exactly the plan's: twin::kLaunchesPerFrame launches, one upload of the
// frame (all three planes of both pictures), one readback of the results block, one host
// wait.
//
//   gpu_ciede_parity_test [--backend=cuda|hip|sycl] [gtest flags]     exit 77: no device
//
// The SYCL twin is experimental until this has run on a GPU with it:
// FASTVMAF_EXPERIMENTAL_TWINS must name ciede there (ctest sets it).
#include <gtest/gtest.h>

#include "features/ciede/gpu/ciede_plan.hpp"
#include "features/ciede/gpu/ciede_work.hpp"
#include "gpu_test_support.hpp"

namespace fastvmaf {
namespace {

Backend g_backend = Backend::Cuda;

// ciede has no options: its one run.
void check_pair(const gputest::Pair& pair) {
  gputest::check_one_run(pair, g_backend, "ciede", ciede::twin::kPlanes, sizeof(ciede::twin::Results),
                         [](unsigned) { return ciede::twin::kLaunchesPerFrame; });
}

}  // namespace
}  // namespace fastvmaf

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  fastvmaf::g_backend = fastvmaf::gputest::backend_from_args(argc, argv);
  return fastvmaf::gputest::run_over_device_set(fastvmaf::g_backend, "GpuCiedeParity", fastvmaf::check_pair);
}
