// A sum that must keep the CPU's order (libvmaf's raster-order float or double sums whose
// rounding depends on it), added by one work-item of a work-group while the whole group
// fetches its terms: the adding work-item must not wait on memory at every term (PSNR-HVS,
// a 1080p frame: a lone work-item loading each term and adding it, 35 ms; a block's terms
// loaded, then added, 18.8 ms; fed this way, 8.7 ms).
//
// The terms go through the work-group's shared memory in chunks of Threads * PerItem, two
// buffers: at step k every work-item fetches its share of chunk k into registers, work-item
// 0 adds chunk k - 1 from the other buffer meanwhile, then the fetched terms are kept in
// buffer k % 2; a barrier ends each step (the kernel's, or the replay's lockstep). The
// additions are the CPU's, `add(acc, term)` in index order; only the loads are spread.
#pragma once

#include "core/hd.hpp"

namespace fastvmaf::hd {

template <unsigned Threads, unsigned PerItem>
struct OrderedSum {
  static constexpr unsigned kChunk = Threads * PerItem;
  static constexpr unsigned kSharedFloats = 2 * kChunk;  // the shared memory a group needs

  // The steps of a sum of n terms: one per chunk, and one more for the last chunk's adding.
  FVMAF_HD static unsigned steps(unsigned long long n) { return static_cast<unsigned>((n + kChunk - 1) / kChunk) + 1; }

  // Step k of work-item t (work-item 0 adds into acc).
  template <class Acc, class Add>
  FVMAF_HD static void step(const float* terms, unsigned long long n, float* sh, unsigned k, unsigned t, Acc& acc,
                            Add add) {
    const unsigned long long begin = static_cast<unsigned long long>(k) * kChunk;
    float fetched[PerItem];
    for (unsigned j = 0; j < PerItem; ++j) {
      const unsigned long long at = begin + t + j * Threads;
      fetched[j] = at < n ? terms[at] : 0.0f;
    }
    if (k > 0 && t == 0) {
      const unsigned long long prev = begin - kChunk;
      const unsigned count = n - prev < kChunk ? static_cast<unsigned>(n - prev) : kChunk;
      const float* buf = sh + ((k - 1) & 1u) * kChunk;
      for (unsigned i = 0; i < count; ++i) acc = add(acc, buf[i]);
    }
    float* buf = sh + (k & 1u) * kChunk;
    for (unsigned j = 0; j < PerItem; ++j) buf[t + j * Threads] = fetched[j];
  }
};

}  // namespace fastvmaf::hd
