// Atomic updates for kernels, and the same updates as plain ones for the host replay,
// which runs one work-item at a time (tests/replay/replay.hpp). The SYCL module's units
// (FVMAF_SYCL_UNIT) use sycl::atomic_ref, on the device and on a CPU device alike, in the
// generic address space: the same routines update local and global memory. Integer only: integer
// sums do not depend on the order the work-items arrive in, so a twin's reductions
// give the same bits whatever the schedule.
#pragma once

#include <cstdint>

#include "core/hd.hpp"

#if defined(FVMAF_SYCL_UNIT)
#include <sycl/sycl.hpp>
#endif

namespace fastvmaf::hd {

#if defined(FVMAF_SYCL_UNIT)
template <typename T>
inline auto sycl_atomic(T* p) {
  return sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device,
                          sycl::access::address_space::generic_space>(*p);
}
#endif

FVMAF_HD inline std::uint32_t atomic_add(std::uint32_t* p, std::uint32_t v) {
#if defined(FVMAF_DEVICE_PASS)
  return atomicAdd(p, v);
#elif defined(FVMAF_SYCL_UNIT)
  return sycl_atomic(p).fetch_add(v);
#else
  const std::uint32_t old = *p;
  *p = old + v;
  return old;
#endif
}

FVMAF_HD inline std::uint64_t atomic_add(std::uint64_t* p, std::uint64_t v) {
#if defined(FVMAF_DEVICE_PASS)
  return atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
#elif defined(FVMAF_SYCL_UNIT)
  return sycl_atomic(p).fetch_add(v);
#else
  const std::uint64_t old = *p;
  *p = old + v;
  return old;
#endif
}

// Two's complement: adding a negative int64 as its uint64 image is exact modulo 2^64.
FVMAF_HD inline void atomic_add(std::int64_t* p, std::int64_t v) {
  atomic_add(reinterpret_cast<std::uint64_t*>(p), static_cast<std::uint64_t>(v));
}

FVMAF_HD inline void atomic_or(std::uint32_t* p, std::uint32_t v) {
#if defined(FVMAF_DEVICE_PASS)
  atomicOr(p, v);
#elif defined(FVMAF_SYCL_UNIT)
  sycl_atomic(p).fetch_or(v);
#else
  *p |= v;
#endif
}

FVMAF_HD inline void atomic_and(std::uint32_t* p, std::uint32_t v) {
#if defined(FVMAF_DEVICE_PASS)
  atomicAnd(p, v);
#elif defined(FVMAF_SYCL_UNIT)
  sycl_atomic(p).fetch_and(v);
#else
  *p &= v;
#endif
}

FVMAF_HD inline void atomic_max(std::uint32_t* p, std::uint32_t v) {
#if defined(FVMAF_DEVICE_PASS)
  atomicMax(p, v);
#elif defined(FVMAF_SYCL_UNIT)
  sycl_atomic(p).fetch_max(v);
#else
  if (v > *p) *p = v;
#endif
}

// Orders this work-item's earlier global writes before its later ones as other blocks
// see them (the "last block" pattern: write, fence, count with arrive()). The replay runs
// one work-item at a time: nothing to order. SYCL: nothing here either, because arrive()
// is an acquire-release operation there, which orders what the fence orders in CUDA (and
// AdaptiveCpp 24.06 has no sycl::atomic_fence).
FVMAF_HD inline void thread_fence() {
#if defined(FVMAF_DEVICE_PASS)
  __threadfence();
#endif
}

// The "last block" count: adds 1 to `counter` and returns the count before. After
// thread_fence() in CUDA and HIP; in SYCL an acquire-release update at device scope, so
// the block that sees the last count sees every block's writes made before its arrive.
FVMAF_HD inline std::uint32_t arrive(std::uint32_t* counter) {
#if defined(FVMAF_DEVICE_PASS)
  return atomicAdd(counter, 1u);
#elif defined(FVMAF_SYCL_UNIT)
  return sycl::atomic_ref<std::uint32_t, sycl::memory_order::acq_rel, sycl::memory_scope::device,
                          sycl::access::address_space::global_space>(*counter)
      .fetch_add(1u);
#else
  return (*counter)++;
#endif
}

// A load that reads what other blocks wrote before their fence, past this block's cache.
template <typename T>
FVMAF_HD inline T load_coherent(const T* p) {
#if defined(FVMAF_DEVICE_PASS) || defined(FVMAF_SYCL_UNIT)
  return *static_cast<const volatile T*>(p);
#else
  return *p;
#endif
}

}  // namespace fastvmaf::hd
