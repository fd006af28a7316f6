// Where the planes of one frame pair lie in the shared device frame: the planes the run's
// twins read (any of ref/dis Y/U/V), packed into one allocation so that one copy per frame
// uploads them all. Each plane keeps the host picture's pitch (rows padded to 32 samples
// with zeros, as libvmaf's pictures are), so a kernel reading inside the pitch sees what
// the CPU code sees. Backend-neutral: the frame pipeline and the host replay both use it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/sample.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::gpu {

enum class Side { Ref = 0, Dis = 1 };

// A set of planes: bit side * 3 + plane.
using PlaneMask = unsigned;
constexpr PlaneMask plane_bit(Side side, int plane) { return 1u << (static_cast<unsigned>(side) * 3 + plane); }
constexpr PlaneMask kAllPlanes = 0x3f;
constexpr PlaneMask kLuma = plane_bit(Side::Ref, 0) | plane_bit(Side::Dis, 0);

struct PlaneSlot {
  bool present = false;
  std::size_t offset = 0;  // bytes from the start of the frame
  std::size_t pitch = 0;   // bytes from one row to the next
  unsigned width = 0, height = 0;
};

class FrameLayout {
 public:
  FrameLayout() = default;
  // The layout of the planes in `mask` for pictures of geometry `g`.
  FrameLayout(const VideoGeometry& g, PlaneMask mask);

  const VideoGeometry& geometry() const { return geometry_; }
  PlaneMask mask() const { return mask_; }
  unsigned bytes_per_sample() const { return fastvmaf::bytes_per_sample(geometry_.bpc); }
  const PlaneSlot& slot(Side s, int plane) const { return slots_[static_cast<int>(s)][plane]; }
  std::size_t bytes() const { return bytes_; }

  // Copies the planes of the layout from `ref` and `dis` into `dst` (bytes() long).
  // Throws std::logic_error when a picture does not have the layout's geometry.
  void pack(const Picture& ref, const Picture& dis, std::uint8_t* dst) const;

 private:
  VideoGeometry geometry_;
  PlaneMask mask_ = 0;
  PlaneSlot slots_[2][3];
  std::size_t bytes_ = 0;
};

}  // namespace fastvmaf::gpu
