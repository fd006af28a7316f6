// Where a frame pair lies in the shared device frame, and in the pinned slab the readers
// fill (../shared/DESIGN.md, "The frame pipeline"): one allocation holding
//
//   [ results block ][ dis Y ][ ref Y ][ dis U ][ ref U ][ dis V ][ ref V ]
//
// The results block (zero on the host, never written there) comes first, so the frame's
// one upload also zeroes every twin's slot before its kernels run. The planes follow,
// luma first, so that the planes the run's twins read are a prefix: the upload copies
// the results block and the planes up to the last one the twins read, nothing more (CAMBI
// alone reads dis Y; ADM, VIF and motion add ref Y; chroma features need all six).
//
// Each plane keeps the host picture's pitch (rows padded to 32 samples with zeros, as
// libvmaf's pictures are), so a kernel reading inside the pitch sees what the CPU code
// sees. Backend-neutral: the frame pipeline and the host replay both use it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>

#include "core/sample.hpp"
#include "fastvmaf/picture.hpp"

namespace fastvmaf::gpu {

enum class Side { Ref = 0, Dis = 1 };

// A set of planes: bit side * 3 + plane.
using PlaneMask = unsigned;
constexpr PlaneMask plane_bit(Side side, int plane) { return 1u << (static_cast<unsigned>(side) * 3 + plane); }
constexpr PlaneMask kAllPlanes = 0x3f;
constexpr PlaneMask kLuma = plane_bit(Side::Ref, 0) | plane_bit(Side::Dis, 0);

// Every slot of a twin's results block starts on this boundary.
inline constexpr std::size_t kResultsAlign = 16;
constexpr std::size_t align_results(std::size_t bytes) { return (bytes + kResultsAlign - 1) / kResultsAlign * kResultsAlign; }

struct PlaneSlot {
  bool present = false;    // in the layout's mask: uploaded, and readable by the twins
  std::size_t offset = 0;  // bytes from the start of the frame
  std::size_t pitch = 0;   // bytes from one row to the next
  unsigned width = 0, height = 0;
};

class FrameLayout {
 public:
  FrameLayout() = default;
  // The layout of pictures of geometry `g` whose planes in `mask` the twins read, after a
  // results block of `results_bytes`.
  FrameLayout(const VideoGeometry& g, PlaneMask mask, std::size_t results_bytes = 0);

  const VideoGeometry& geometry() const { return geometry_; }
  PlaneMask mask() const { return mask_; }
  unsigned bytes_per_sample() const { return fastvmaf::bytes_per_sample(geometry_.bpc); }
  const PlaneSlot& slot(Side s, int plane) const { return slots_[static_cast<int>(s)][plane]; }
  // The results block: bytes [0, results_bytes()) of the frame.
  std::size_t results_bytes() const { return results_bytes_; }
  // What the frame's one upload copies: the results block and the planes up to the last
  // one in the mask.
  std::size_t upload_bytes() const { return upload_bytes_; }
  // The whole frame: the results block and every plane of both pictures (a slab).
  std::size_t bytes() const { return bytes_; }

  // Copies the results block (zeros) and the mask's planes of `ref` and `dis` into `dst`
  // (upload_bytes() long), rows padded with zeros. Throws std::logic_error when a picture
  // does not have the layout's geometry.
  void pack(const Picture& ref, const Picture& dis, std::uint8_t* dst) const;
  // The mask's planes of one side's picture alone, at their offsets in `dst`.
  void pack_side(Side side, const Picture& pic, std::uint8_t* dst) const;
  // The reference and distorted pictures whose planes lie in `slab` (bytes() long, zeroed);
  // `owner` keeps the slab's memory alive.
  std::pair<Picture, Picture> views(std::uint8_t* slab, const std::shared_ptr<void>& owner) const;
  // Where the slab that holds `ref` and `dis` at this layout's offsets starts, or nullptr
  // when their planes are not laid out so.
  const std::uint8_t* slab_of(const Picture& ref, const Picture& dis) const;

 private:
  VideoGeometry geometry_;
  PlaneMask mask_ = 0;
  PlaneSlot slots_[2][3];
  std::size_t results_bytes_ = 0, upload_bytes_ = 0, bytes_ = 0;
};

}  // namespace fastvmaf::gpu
