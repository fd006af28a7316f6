// The motion twin's decomposition (src/features/motion/gpu/): one kernel per frame whose
// blocks each own kRowChunk columns of one row, written once for the kernel
// (motion_kernels.cu) and the host replay (tests/replay/motion_replay_test.cpp); its grid
// is motion_plan.hpp. The per-element arithmetic is motion_math.hpp, the CPU reference's own.
//
// libvmaf's integer motion of frame i is the sum over rows of |horizontal filter of the
// vertical filter of (prev - cur)|, prev the reference of frame i - 1 (i - 2 with the
// five-frame window), then sad_score() on the host. The twin keeps the references it will
// need on the device: a ring of kRing luma planes, frame i's written into slot i mod kRing
// by frame i's kernel while it reads the previous ones.
//
// A block (row i, columns j0 .. j0 + kRowChunk - 1):
//   phase 1  work-items compute the vertical pass at the chunk's columns and the two on
//            each side (mirrored at the frame's edges, as the CPU's horizontal pass reads
//            them) into shared memory; each also copies its column of the current row
//            into the ring
//   phase 2  work-item t takes |horizontal value| at column j0 + t
//   phase 3+ a tree reduction of the block's partial sums; work-item 0 adds the block's
//            sum to the slot
// Exact: the sums are integers. The CPU sums each row in uint32 and the rows in uint64;
// a row's sum stays below 2^31 (|value| < 2^16, widths up to 2^15), so no row wraps and
// adding the blocks' sums in uint64 in any order gives the CPU's total.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"
#include "core/hd/atomics.hpp"
#include "core/hd/reduce.hpp"
#include "features/motion/motion_math.hpp"

namespace fastvmaf::motion::twin {

inline constexpr unsigned kRowChunk = 256;                       // columns (and work-items) of a block
inline constexpr unsigned kHaloChunk = kRowChunk + 2 * kRadius;  // vertical values a block needs
inline constexpr unsigned kRing = 3;                              // reference planes kept on the device
inline constexpr unsigned kLaunchesPerFrame = 1;

// The twin's slot of the frame's results block.
struct Results {
  std::uint64_t sad;   // the sum of |filtered(prev - cur)| (0 on frames without a score)
  std::uint64_t spare;
};

// What the frame's kernel reads and writes (device addresses; host buffers in the replay).
struct FrameArgs {
  const std::uint8_t* cur = nullptr;   // the reference luma of this frame, in the device frame
  std::size_t cur_pitch = 0;           // its bytes per row
  const std::uint8_t* prev = nullptr;  // the ring plane of the frame compared with (nullptr: none)
  std::uint8_t* keep = nullptr;        // the ring plane this frame's luma goes to
  std::size_t ring_pitch = 0;          // bytes per row of the ring planes
  unsigned w = 0, h = 0, bpc = 8;
  Results* results = nullptr;
};

template <typename T>
FVMAF_HD inline const T* row_of(const std::uint8_t* plane, std::size_t pitch, int row) {
  return reinterpret_cast<const T*>(plane + static_cast<std::size_t>(row) * pitch);
}

// Phase 1, work-item t of n in block (bx, row): the vertical pass at the block's halo
// columns t, t + n, ... into `v` (kHaloChunk entries), and the copy of the current row's
// columns into the ring. `Acc` as the CPU's (int32 up to 15 bits, int64 at 16).
template <typename Acc, typename T>
FVMAF_HD inline void vertical_phase(const FrameArgs& a, unsigned bx, unsigned row, unsigned t, unsigned n,
                                    std::int32_t* v) {
  const int w = static_cast<int>(a.w), h = static_cast<int>(a.h);
  const int j0 = static_cast<int>(bx * kRowChunk);
  for (unsigned c = t; c < kRowChunk && j0 + static_cast<int>(c) < w; c += n) {
    const T* src = row_of<T>(a.cur, a.cur_pitch, static_cast<int>(row));
    reinterpret_cast<T*>(a.keep + static_cast<std::size_t>(row) * a.ring_pitch)[j0 + c] = src[j0 + c];
  }
  if (!a.prev) return;
  const T* prev_rows[kTaps];
  const T* cur_rows[kTaps];
  for (int k = 0; k < kTaps; ++k) {
    const int r = mirror(static_cast<int>(row) - kRadius + k, h);
    prev_rows[k] = row_of<T>(a.prev, a.ring_pitch, r);
    cur_rows[k] = row_of<T>(a.cur, a.cur_pitch, r);
  }
  for (unsigned c = t; c < kHaloChunk; c += n) {
    const int j = j0 - kRadius + static_cast<int>(c);
    if (j >= w + kRadius) break;  // past every column the horizontal pass reads
    v[c] = vertical_diff<Acc>(prev_rows, cur_rows, static_cast<unsigned>(mirror(j, w)), a.bpc);
  }
}

// Phase 2: work-item t's |horizontal value| at column j0 + t (0 past the row's end). The
// taps read v at columns j - 2 .. j + 2; mirrored ones were computed at the mirrored
// column in phase 1, so v holds exactly what the CPU's mirrored index reads.
FVMAF_HD inline std::uint64_t horizontal_phase(const FrameArgs& a, unsigned bx, unsigned t, const std::int32_t* v) {
  const int j = static_cast<int>(bx * kRowChunk + t);
  if (j >= static_cast<int>(a.w)) return 0;
  std::int64_t acc = 0;
  for (int k = 0; k < kTaps; ++k) acc += static_cast<std::int64_t>(filter_tap(k) * v[t + k]);
  const std::int32_t value = static_cast<std::int32_t>((acc + 32768) >> 16);
  return static_cast<std::uint64_t>(value < 0 ? -static_cast<std::int64_t>(value) : value);
}

// The last phase: work-item 0 adds the block's sum.
FVMAF_HD inline void add_block(const FrameArgs& a, std::uint64_t block_sum) { hd::atomic_add(&a.results->sad, block_sum); }

using hd::tree_step;

}  // namespace fastvmaf::motion::twin
