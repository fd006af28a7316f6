// The CAMBI twin's kernels, as its host code enqueues them (gpu/cambi_plan.hpp has the
// plan): the picture and scale kernels (cambi_kernels_picture.cu), the c-values and the
// top-K passes (cambi_kernels_cvalues.cu), split so that each unit compiles quickly for
// every target; and the device buffers they run on for one launch plan, with the init
// block (constants and a zeroed frame state) in pinned memory, uploaded once (the twin,
// and the bench, which drives the kernels with chosen row-chunk layouts).
#pragma once

#include <cstddef>
#include <cstdint>

#include "features/cambi/gpu/cambi_plan.hpp"
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

// The picture kernel.
void enqueue_picture(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f);
// Scale launch n (0 .. kScales, twin::scale_args).
void enqueue_scale(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f, int n);
// The c-values of every scale, then top-K passes 1, 2 and 3.
void enqueue_cvalues_topk(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f);

// A frame's twin::kLaunchesPerFrame launches, in order; f.results must be zero.
inline void enqueue_frame(const gpu::StreamRef& stream, const twin::LaunchPlan& plan, const twin::FramePointers& f) {
  enqueue_picture(stream, plan, f);
  for (int n = 0; n <= twin::kScales; ++n) enqueue_scale(stream, plan, f, n);
  enqueue_cvalues_topk(stream, plan, f);
}

}  // namespace FVMAF_GPU_NS
}  // namespace fastvmaf::cambi
