// The CIEDE2000 twin's plan, on the host: both pictures' three planes in the frame's
// layout, the terms buffer, the grids of the launches, and the host's reading of its slot
// with the CPU extractor's own score (the work-items: ciede_work.hpp). The twin and the
// host replay both build them here.
#pragma once

#include <cstddef>

#include "core/hd/f64.hpp"
#include "features/ciede/ciede.hpp"
#include "features/ciede/gpu/ciede_work.hpp"
#include "gpu/frame_layout.hpp"

namespace fastvmaf::ciede::twin {

// The twin reads the three planes of both pictures.
inline constexpr gpu::PlaneMask kPlanes = gpu::kAllPlanes;

struct TwinPlan {
  VideoGeometry g{};
  ChromaShifts shifts{};
  std::size_t terms_floats = 0;  // a float per pixel
};

// The CPU extractor's check, then the shape of the frame.
inline TwinPlan make_twin_plan(const VideoGeometry& g) {
  check_depth(g.bpc);
  TwinPlan t;
  t.g = g;
  t.shifts = chroma_shifts(g.format);
  t.terms_floats = static_cast<std::size_t>(g.width) * g.height;
  return t;
}

// The arguments of a frame laid out by `layout` at `base` (a device frame, or a host copy
// of one in the replay), with the terms buffer (terms_floats) and the frame's slot.
inline Args plan_args(const TwinPlan& t, const gpu::FrameLayout& layout, const std::uint8_t* base, float* terms,
                      Results* slot) {
  Args a{};
  for (int p = 0; p < 3; ++p) {
    const gpu::PlaneSlot& r = layout.slot(gpu::Side::Ref, p);
    const gpu::PlaneSlot& d = layout.slot(gpu::Side::Dis, p);
    a.ref.plane[p] = base + r.offset;
    a.ref.pitch[p] = static_cast<unsigned>(r.pitch);
    a.dis.plane[p] = base + d.offset;
    a.dis.pitch[p] = static_cast<unsigned>(d.pitch);
  }
  const gpu::PlaneSlot& u = layout.slot(gpu::Side::Ref, 1);
  a.width = t.g.width;
  a.height = t.g.height;
  a.row_shift = t.shifts.row;
  a.col_shift = t.shifts.col;
  a.chroma_stride = static_cast<unsigned>(u.pitch / layout.bytes_per_sample());
  a.chroma_size = static_cast<unsigned long long>(a.chroma_stride) * u.height;
  a.bpc = t.g.bpc;
  a.terms = terms;
  a.slot = slot;
  return a;
}

struct LaunchShape {
  unsigned blocks, threads;
};

// Kernel 1: a work-item per pixel.
inline LaunchShape diff_launch(const TwinPlan& t) {
  return {static_cast<unsigned>((t.terms_floats + kDiffThreads - 1) / kDiffThreads), kDiffThreads};
}
// Kernels 2 and 3: reduce_blocks() work-groups of kReduceThreads.
inline LaunchShape reduce_launch(const TwinPlan& t) { return {reduce_blocks(t.g.width, t.g.height), kReduceThreads}; }
// Kernel 4: one work-group of kSumThreads.
inline LaunchShape sum_launch() { return {1, kSumThreads}; }

// The frame's value from the slot: the CPU extractor's score.
inline void finish_frame(const TwinPlan& t, const Results& r, unsigned index, FeatureSink& sink) {
  sink.append("ciede2000", index, score_of(hd::f64_to_host(r.sum), t.g.width, t.g.height));
}

}  // namespace fastvmaf::ciede::twin
