// Which planes of a picture something reads: a set of planes, bit p for plane p (0 the
// luma, 1 and 2 the chroma planes), and one for each side of a pair. A reader leaves the
// samples of planes nothing reads out of memory (io::VideoSource::map_at), and the
// extractors declare what they read (ExtractorInfo::planes_read).
#pragma once

#include <cstdint>

namespace fastvmaf {

using PlaneSet = std::uint8_t;
inline constexpr PlaneSet kNoPlanes = 0, kLumaPlane = 1, kChromaPlanes = 6, kAllPlanes = 7;

inline constexpr bool has_plane(PlaneSet set, int p) { return ((set >> p) & 1u) != 0; }

// The planes read of each side of a pair; by default every plane of both.
struct PlanesRead {
  PlaneSet ref = kAllPlanes, dis = kAllPlanes;

  PlanesRead& operator|=(const PlanesRead& o) {
    ref = static_cast<PlaneSet>(ref | o.ref);
    dis = static_cast<PlaneSet>(dis | o.dis);
    return *this;
  }
  bool operator==(const PlanesRead&) const = default;
};

}  // namespace fastvmaf
