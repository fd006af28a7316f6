// Kernel launches for the twins' SYCL sources (<name>_sycl.cpp): the counterpart of
// gpu/backend/launch.hpp. A kernel is a command on the twin's stream (its in-order
// queue), after the waits pending there; a synchronous SYCL error becomes a DeviceError
// naming the kernel and the feature; every launch is counted on the stream's counters.
//
// The kernels keep the CUDA kernels' shape, in SYCL 2020 terms: a block is a work-group
// (nd_range), __shared__ memory a sycl::local_accessor, __syncthreads() a
// sycl::group_barrier; the work-items are the same routines of <name>_work.hpp. No
// sub-group operation appears anywhere (docs/adr/0208-sycl-backend.md): a device may run
// sub-groups of 8, 16, 32 or (on the CPU) 1 work-items, and nothing may depend on which.
#pragma once

#if !defined(FVMAF_SYCL_UNIT)
#error "gpu/backend/sycl/launch.hpp is for the SYCL module's kernel sources"
#endif

#include <sycl/sycl.hpp>

#include <cstddef>
#include <string>
#include <utility>

#include "gpu/backend/error.hpp"
#include "gpu/backend/stream.hpp"
#include "gpu/backend/sycl/queue.hpp"

namespace fastvmaf::gpu {
inline namespace FVMAF_GPU_NS {

// Enqueues the kernel `build(handler)` adds (one parallel_for) on `stream`.
template <class Build>
void submit(const StreamRef& stream, const char* kernel_name, Build&& build) {
  try {
    stream.native()->submit(std::forward<Build>(build));
  } catch (const sycl::exception& e) {
    rt::remember_error(e.what());
    fail(rt::kFailed, std::string("submit (") + kernel_name + ")", stream.who());
  }
  stream.counters().launch();
}

// `blocks` work-groups of `threads` work-items (CUDA's <<<blocks, threads>>>), and the
// two-dimensional form; a work-group's id in dimension 0 is CUDA's blockIdx.x.
inline sycl::nd_range<1> groups(std::size_t blocks, std::size_t threads) {
  return sycl::nd_range<1>(sycl::range<1>(blocks * threads), sycl::range<1>(threads));
}
// blockIdx.x = get_group(1), blockIdx.y = get_group(0): SYCL's last dimension varies fastest.
inline sycl::nd_range<2> groups(std::size_t blocks_x, std::size_t blocks_y, std::size_t threads) {
  return sycl::nd_range<2>(sycl::range<2>(blocks_y, blocks_x * threads), sycl::range<2>(1, threads));
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
