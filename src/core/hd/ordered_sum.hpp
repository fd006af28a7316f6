// Sums that must keep the CPU's order (libvmaf's raster-order float or double sums whose
// rounding depends on it), each added by one work-item of a work-group while the whole
// group fetches the terms: the adding work-item must not wait on memory at every term
// (PSNR-HVS, a 1080p frame: a lone work-item loading each term and adding it, 35 ms; a
// block's terms loaded, then added, 18.8 ms; fed this way, 8.7 ms).
//
// The terms go through the work-group's shared memory in chunks of Threads * PerItem
// positions, two buffers: at step k every work-item fetches its share of chunk k into
// registers, the adding work-items add chunk k - 1 from the other buffer meanwhile, then
// the fetched terms are kept in buffer k % 2; a barrier ends each step (the kernel's, or
// the replay's lockstep). The additions are the CPU's, `add(acc, term)` in index order;
// only the loads are spread.
#pragma once

#include "core/hd.hpp"

namespace fastvmaf::hd {

// `Sums` sums over the same positions side by side (the SSIM map's l, c, s and l*c*s of
// each position): work-item q < Sums adds sum q. With several sums each sum's row in a
// buffer is one word longer than a chunk, so that the adding work-items read different
// banks of shared memory.
template <class Word, unsigned Sums, unsigned Threads, unsigned PerItem>
struct OrderedSums {
  static constexpr unsigned kChunk = Threads * PerItem;
  static constexpr unsigned kRow = Sums > 1 ? kChunk + 1 : kChunk;
  static constexpr unsigned kSharedWords = 2 * Sums * kRow;  // the shared memory a group needs

  // The steps of sums of n terms: one per chunk, and one more for the last chunk's adding.
  FVMAF_HD static unsigned steps(unsigned long long n) { return static_cast<unsigned>((n + kChunk - 1) / kChunk) + 1; }

  // Step k of work-item t; terms[q][i] is term i of sum q (work-item q adds it into acc).
  template <class Terms, class Acc, class Add>
  FVMAF_HD static void step(const Terms& terms, unsigned long long n, Word* sh, unsigned k, unsigned t, Acc& acc,
                            Add add) {
    const unsigned long long begin = static_cast<unsigned long long>(k) * kChunk;
    Word fetched[PerItem][Sums];
    for (unsigned j = 0; j < PerItem; ++j) {
      const unsigned long long at = begin + t + j * Threads;
      for (unsigned q = 0; q < Sums; ++q) fetched[j][q] = at < n ? terms[q][at] : Word{};
    }
    if (k > 0 && t < Sums) {
      const unsigned long long prev = begin - kChunk;
      const unsigned count = n - prev < kChunk ? static_cast<unsigned>(n - prev) : kChunk;
      const Word* row = sh + ((k - 1) & 1u) * Sums * kRow + t * kRow;
      for (unsigned i = 0; i < count; ++i) acc = add(acc, row[i]);
    }
    Word* buf = sh + (k & 1u) * Sums * kRow;
    for (unsigned j = 0; j < PerItem; ++j)
      for (unsigned q = 0; q < Sums; ++q) buf[q * kRow + t + j * Threads] = fetched[j][q];
  }
};

// One sum of float terms (PSNR-HVS's planes, CIEDE's frame), added by work-item 0.
template <unsigned Threads, unsigned PerItem>
struct OrderedSum {
  using Feed = OrderedSums<float, 1, Threads, PerItem>;
  static constexpr unsigned kSharedFloats = Feed::kSharedWords;

  FVMAF_HD static unsigned steps(unsigned long long n) { return Feed::steps(n); }

  template <class Acc, class Add>
  FVMAF_HD static void step(const float* terms, unsigned long long n, float* sh, unsigned k, unsigned t, Acc& acc,
                            Add add) {
    const float* const one[1] = {terms};
    Feed::step(one, n, sh, k, t, acc, add);
  }
};

}  // namespace fastvmaf::hd
