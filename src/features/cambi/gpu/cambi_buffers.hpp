// The CAMBI twin's device buffers for one launch plan, and the init block (constants and a
// zeroed frame state) in pinned memory, uploaded once. Used by the twin and by the bench,
// which drives the kernels with chosen row-chunk layouts.
#pragma once

#include <cstdint>

#include "features/cambi/gpu/cambi_launch.hpp"
#include "gpu/backend/buffer.hpp"
#include "gpu/backend/stream.hpp"

namespace fastvmaf::cambi {
inline namespace FVMAF_GPU_NS {

class TwinBuffers {
 public:
  TwinBuffers(const twin::LaunchPlan& plan, const SidePlan& side, const char* who)
      : image_(plan.image, who),
        filtered_(plan.planes, who),
        keys_(plan.planes, who),
        mask_(plan.image, who),
        bits_(plan.bits, who),
        init_(twin::init_block(plan).words, who),
        c_values_(plan.planes, who),
        staging_(twin::init_block(plan).words, who) {
    twin::fill_init_block(plan, side, staging_.data());
    const twin::InitBlock b = twin::init_block(plan);
    std::uint32_t* base = init_.get();
    f_.lut = reinterpret_cast<const float*>(base + b.lut);
    f_.src_x = base + b.src_x;
    f_.src_y = base + b.src_y;
    f_.state = reinterpret_cast<twin::FrameState*>(base + b.state);
    f_.image = image_.get();
    f_.mask = mask_.get();
    f_.filtered = filtered_.get();
    f_.keys = keys_.get();
    f_.bits = bits_.get();
    f_.c_values = c_values_.get();
  }

  // The one upload of the init block; the staging memory stays until the buffers go.
  void upload_init(const gpu::StreamRef& stream) const { stream.upload(init_.get(), staging_.data(), staging_.bytes()); }
  std::size_t init_bytes() const { return staging_.bytes(); }

  // Every buffer but the picture's (FramePointers::luma, pitch).
  const twin::FramePointers& pointers() const { return f_; }

 private:
  gpu::DeviceBuffer<std::uint16_t> image_, filtered_, keys_;
  gpu::DeviceBuffer<std::uint8_t> mask_;
  gpu::DeviceBuffer<std::uint32_t> bits_, init_;
  gpu::DeviceBuffer<float> c_values_;
  gpu::PinnedBuffer<std::uint32_t> staging_;
  twin::FramePointers f_;
};

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
