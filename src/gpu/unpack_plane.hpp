// Taking a device picture's plane apart into its slot of the device frame, where a copy
// cannot: semi-planar chroma (NV12, P010: Cb and Cr pairs in one plane) and samples kept
// in the high bits of their 16 (P010, P012). The per-sample routine is used by the kernel
// (gpu/backend/unpack_plane.cu) and by its host replay (tests/replay/unpack_plane_replay_test.cpp).
//
// Exact by construction: every output sample is one input sample moved, shifted right by
// the bits the surface keeps below it (which a decoder of that depth leaves zero), and
// libvmaf's odd chroma extension (a plane one sample short: its last column and row
// repeated, as a copy of the pipeline does for planar pictures) is a clamp of the
// coordinates. Nothing is computed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/hd.hpp"

namespace fastvmaf::gpu {

struct UnpackPlane {
  const std::uint8_t* src = nullptr;  // the surface's plane (for Cr of a semi-planar one: its first Cb sample)
  std::size_t src_pitch = 0;          // bytes
  unsigned src_width = 0, src_height = 0;  // samples of this plane in the surface
  unsigned step = 1;                  // samples from one of this plane's samples to the next: 2 interleaved
  unsigned offset = 0;                // this plane's first sample in a row: 1 for Cr interleaved
  unsigned shift = 0;                 // bits below each sample (P010: 6)
  unsigned bytes = 1;                 // per sample: 1 or 2
  std::uint8_t* dst = nullptr;        // the slot
  std::size_t dst_pitch = 0;          // bytes
  unsigned dst_width = 0, dst_height = 0;  // the slot's samples: the surface's, or one more (odd chroma)
};

inline constexpr unsigned kUnpackThreadsX = 64, kUnpackThreadsY = 4;

// Sample (x, y) of the slot, x < dst_width, y < dst_height.
FVMAF_HD inline void unpack_sample(const UnpackPlane& u, unsigned x, unsigned y) {
  const unsigned sx = x < u.src_width ? x : u.src_width - 1;
  const unsigned sy = y < u.src_height ? y : u.src_height - 1;
  const std::size_t at = static_cast<std::size_t>(sx) * u.step + u.offset;
  const std::uint8_t* row = u.src + static_cast<std::size_t>(sy) * u.src_pitch;
  std::uint8_t* out = u.dst + static_cast<std::size_t>(y) * u.dst_pitch;
  if (u.bytes == 1) {
    out[x] = row[at];
  } else {
    const auto v = static_cast<std::uint16_t>(reinterpret_cast<const std::uint16_t*>(row)[at] >> u.shift);
    reinterpret_cast<std::uint16_t*>(out)[x] = v;
  }
}

}  // namespace fastvmaf::gpu
