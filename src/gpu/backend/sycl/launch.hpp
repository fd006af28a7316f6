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

// A chain sum's work-groups (core/hd/chain_sum.hpp; Chain is an hd::ChainSum): `count`
// work-groups of Chain::kThreads work-items, each group running Chain::drive over its
// Shared (local memory) with `step(g, sh, r, phase, t)` as the phases of work-item t of
// group g, then `store(g, sh, t)`. Where a work-item's Regs live depends on the device:
// on a CPU device in local memory, since AdaptiveCpp's OpenMP device keeps a private
// struct across the barriers about 25 times slower (over 100 s for one 640x360 float_ssim
// pair, 4 s so); on a GPU in the work-item's registers, since both in local memory do not
// fit: 1024 work-items' Regs (48 KB) beside the Shared (33 KB then, 40 KB with its staged
// tiles) exceed the 48 KB a CUDA kernel gets without opting in, and every such launch
// failed on an H100 (CUDA_ERROR_INVALID_VALUE, 2026-12-06).
template <class Chain, class Step, class Store>
void submit_chain_sums(const StreamRef& stream, const char* kernel_name, unsigned count, Step step, Store store) {
  static_assert(sizeof(typename Chain::Shared) <= 48 * 1024, "a GPU work-group's local memory: 48 KB");
  const bool local_regs = stream.native()->queue.get_device().is_cpu();
  submit(stream, kernel_name, [&](sycl::handler& h) {
    sycl::local_accessor<typename Chain::Shared, 1> shared(sycl::range<1>(1), h);
    sycl::local_accessor<typename Chain::Regs, 1> regs(sycl::range<1>(local_regs ? Chain::kThreads : 1), h);
    const sycl::nd_range<1> range = groups(count, Chain::kThreads);
    if (local_regs) {
      h.parallel_for(range, [=](sycl::nd_item<1> it) {
        const unsigned g = static_cast<unsigned>(it.get_group(0)), t = static_cast<unsigned>(it.get_local_id(0));
        typename Chain::Shared& sh = shared[0];
        typename Chain::Regs& r = regs[t];
        Chain::drive(
            sh, [&](unsigned p) { step(g, sh, r, p, t); }, [&] { sycl::group_barrier(it.get_group()); });
        store(g, sh, t);
      });
    } else {
      h.parallel_for(range, [=](sycl::nd_item<1> it) {
        const unsigned g = static_cast<unsigned>(it.get_group(0)), t = static_cast<unsigned>(it.get_local_id(0));
        typename Chain::Shared& sh = shared[0];
        typename Chain::Regs r{};
        Chain::drive(
            sh, [&](unsigned p) { step(g, sh, r, p, t); }, [&] { sycl::group_barrier(it.get_group()); });
        store(g, sh, t);
      });
    }
  });
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::gpu
